import { forComparison, type Hostname, isValid } from "@tofukit/hostname";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CredentialsError } from "./credentials-error.js";
import { tokenVariableHost, tokenVariableName } from "./token-variable.js";

// The TF_TOKEN table of the reference notes (§3.3), one row per variable name.
const table: readonly (readonly [name: string, host: string | null, note: string])[] = [
  ["TF_TOKEN_app_terraform_io", "app.terraform.io", "underscores are dots"],
  ["TF_TOKEN_APP_TERRAFORM_IO", "app.terraform.io", "the host part is case-insensitive"],
  ["TF_TOKEN_app.terraform.io", "app.terraform.io", "dots are allowed"],
  ["TF_TOKEN_my__registry_example_com", "my-registry.example.com", "a double underscore is a hyphen"],
  ["TF_TOKEN_my-registry.example.com", "my-registry.example.com", "hyphens are allowed"],
  ["TF_TOKEN_my___registry_example_com", null, "my-.registry is an invalid label"],
  ["TF_TOKEN_my____registry_example_com", null, "my--registry has hyphens in positions 3 and 4"],
  ["TF_TOKEN_example__com", "example-com", "not example.com"],
  ["TF_TOKEN_xn____caf__dma_fr", "xn--caf-dma.fr", "punycode is accepted here"],
  ["TF_TOKEN_xn--caf-dma_fr", "xn--caf-dma.fr", "punycode with hyphens"],
  ["TF_TOKEN_xn--caf-dma.fr", "xn--caf-dma.fr", "punycode with a dot"],
  ["TF_TOKEN_café_fr", "xn--caf-dma.fr", "Unicode"],
  ["TF_TOKEN_CAFÉ_FR", "xn--caf-dma.fr", "upper-case Unicode"],
  ["TF_TOKEN_XN____CAF__DMA_FR", "xn--caf-dma.fr", "upper-case punycode"],
  ["TF_TOKEN_xn--r8j3dr99h_com", "xn--r8j3dr99h.com", "punycode"],
  ["TF_TOKEN_例えば_com", "xn--r8j3dr99h.com", "Japanese"],
  ["TF_TOKEN_faß_de", "fass.de", "transitional display form: does not match faß.de"],
  ["TF_TOKEN_xn--fa-hia_de", "xn--fa-hia.de", "the only way to address faß.de"],
  ["TF_TOKEN_xn____fa__hia_de", "xn--fa-hia.de", "the same, shell-safe"],
  ["TF_TOKEN_σας_gr", "xn--mxa9ab.gr", "final sigma becomes sigma: does not match σας.gr"],
  ["TF_TOKEN_xn--mxa8ab_gr", "xn--mxa8ab.gr", "the way to address σας.gr"],
  ["TF_TOKEN_localhost:8443", "localhost:8443", "a colon has no encoding"],
  ["TF_TOKEN_localhost_8443", "localhost.8443", "not a port"],
  ["TF_TOKEN_example_com:443", "example.com", "the default port is dropped"],
  ["TF_TOKEN_example_com:0443", "example.com", "port normalization applies"],
  ["TF_TOKEN_example_com_", "example.com.", "a trailing dot is a different host"],
  ["TF_TOKEN__example_com", null, "empty label"],
  ["TF_TOKEN_", null, "empty host"],
  ["TF_TOKEN_127_0_0_1", "127.0.0.1", "an IPv4 address is a name"],
  ["tf_token_example_com", null, "the prefix is case-sensitive"],
  ["TFE_TOKEN_example_com", null, "a common misspelling of the prefix"],
];

describe("tokenVariableHost", () => {
  it.each(table)("maps %s to %s (%s)", (name, host) => {
    expect(tokenVariableHost(name)).toBe(host);
  });
});

// The name to set for a host, and the table read backwards: every host it addresses round-trips.
const names: readonly (readonly [host: string, name: string])[] = [
  ["app.terraform.io", "TF_TOKEN_app_terraform_io"],
  ["my-registry.example.com", "TF_TOKEN_my__registry_example_com"],
  ["example-com", "TF_TOKEN_example__com"],
  ["foo--bar.com", "TF_TOKEN_foo____bar_com"],
  ["xn--caf-dma.fr", "TF_TOKEN_xn____caf__dma_fr"],
  ["xn--r8j3dr99h.com", "TF_TOKEN_xn____r8j3dr99h_com"],
  ["xn--fa-hia.de", "TF_TOKEN_xn____fa__hia_de"],
  ["xn--mxa8ab.gr", "TF_TOKEN_xn____mxa8ab_gr"],
  ["localhost:8443", "TF_TOKEN_localhost:8443"],
  ["example.com:-1", "TF_TOKEN_example_com:__1"],
  ["example.com.", "TF_TOKEN_example_com_"],
  ["127.0.0.1", "TF_TOKEN_127_0_0_1"],
];

describe("tokenVariableName", () => {
  it.each(names)("gives %s the variable %s", (host, name) => {
    expect(tokenVariableName(host as Hostname)).toBe(name);
    expect(tokenVariableHost(name)).toBe(host);
  });

  it.each(table.filter(([, host]) => host !== null))("round-trips the host of %s", (_name, host) => {
    expect(tokenVariableHost(tokenVariableName(host as Hostname))).toBe(host);
  });

  it("addresses Unicode hosts through their punycode form", () => {
    expect(tokenVariableName(forComparison("Bücher.example"))).toBe("TF_TOKEN_xn____bcher__kva_example");
    expect(tokenVariableName(forComparison("faß.de"))).toBe("TF_TOKEN_xn____fa__hia_de");
  });

  it("refuses hosts no variable can address", () => {
    const empty = forComparison("\u200B");
    expect(() => tokenVariableName(empty)).toThrow(CredentialsError);
    expect(() => tokenVariableName(empty)).toThrow(
      expect.objectContaining({ code: "TOFUKIT_CREDENTIALS_NO_VARIABLE_NAME" }),
    );
  });

  it("maps every valid hostname to a variable that addresses exactly it", () => {
    const label = fc
      .array(fc.constantFrom(..."abcxyz0189-üéßσς例"), { minLength: 1, maxLength: 12 })
      .map((chars) => chars.join(""));
    const name = fc
      .tuple(
        fc.array(label, { minLength: 1, maxLength: 4 }),
        fc.boolean(),
        fc.option(fc.integer({ min: 1, max: 65535 })),
      )
      .map(([labels, dot, port]) => `${labels.join(".")}${dot ? "." : ""}${port === null ? "" : `:${port}`}`)
      .filter(isValid);
    fc.assert(
      fc.property(name, (given) => {
        const host = forComparison(given);
        if (host === "") return;
        expect(tokenVariableHost(tokenVariableName(host))).toBe(host);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
