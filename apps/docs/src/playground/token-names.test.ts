import { describe, expect, it } from "vitest";
import { hostAnswer } from "./token-names.js";

describe("the hostname converter", () => {
  it("gives a host's comparison and display forms and its TF_TOKEN_ variable", () => {
    expect(hostAnswer(" Bücher.Example ")).toEqual({
      ok: true,
      comparison: "xn--bcher-kva.example",
      display: "bücher.example",
      variable: "TF_TOKEN_xn____bcher__kva_example",
    });
  });

  it("reads a TF_TOKEN_ variable back to its host", () => {
    expect(hostAnswer("TF_TOKEN_my__registry_example_com")).toMatchObject({
      ok: true,
      comparison: "my-registry.example.com",
    });
  });

  it("says why a name is no service hostname, in OpenTofu's words", () => {
    expect(hostAnswer("xn--bcher-kva.example")).toEqual({
      ok: false,
      error:
        'hostname label "xn--bcher-kva" specified in punycode format; service hostnames must be given in unicode',
    });
  });
});
