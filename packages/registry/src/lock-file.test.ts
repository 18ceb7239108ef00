// OpenTofu's TestLoadLocksFromFile (internal/depsfile/locks_file_test.go) over its testdata, with
// the "# ERROR: <summary>" annotations as the expected diagnostics, line by line.
import { readdirSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { parseLockFile } from "./index.js";

const dir = fileURLToPath(new URL("../test/fixtures/locks-files/", import.meta.url));

function annotations(text: string, prefix: string): Map<number, string> {
  const out = new Map<number, string>();
  text.split("\n").forEach((line, i) => {
    const at = line.indexOf(prefix);
    if (at >= 0) out.set(i + 1, line.slice(at + prefix.length));
  });
  return out;
}

describe("parseLockFile (TestLoadLocksFromFile)", () => {
  for (const name of readdirSync(dir).sort()) {
    it(name, () => {
      const text = readFileSync(dir + name, "utf8");
      const { providers, diagnostics } = parseLockFile(text, name);
      const errors = new Map<number, string>();
      const warnings = new Map<number, string>();
      for (const d of diagnostics)
        (d.severity === "error" ? errors : warnings).set(d.subject?.start.line ?? 0, d.summary);
      expect(errors).toEqual(annotations(text, "# ERROR: "));
      expect(warnings).toEqual(annotations(text, "# WARNING: "));
      if (name === "empty.hcl") expect(providers.size).toBe(0);
      if (name === "valid-provider-locks.hcl") {
        expect(providers.size).toBe(3);
        const only = providers.get("terraform.io/test/version-only")!;
        expect([String(only.version), String(only.constraints), only.hashes]).toEqual(["1.0.0", "", []]);
        const both = providers.get("terraform.io/test/version-and-constraints")!;
        expect([String(both.version), String(both.constraints), both.hashes]).toEqual([
          "1.2.0",
          "~> 1.2",
          [],
        ]);
        const all = providers.get("terraform.io/test/all-the-things")!;
        expect([String(all.version), String(all.constraints), all.hashes]).toEqual([
          "3.0.10",
          ">= 3.0.2",
          ["test:placeholder-hash-1", "test:placeholder-hash-2", "test:placeholder-hash-3"],
        ]);
      }
    });
  }
});

describe("parseLockFile diagnostics", () => {
  const detailOf = (text: string): string[] =>
    parseLockFile(text).diagnostics.map((d) => `${d.summary}: ${d.detail}`);

  it("explains a non-normalized address", () => {
    expect(detailOf('provider "hashicorp/aws" {\n}\n')).toEqual([
      'Non-normalized provider source address: The provider source address for this provider lock must be written as "registry.opentofu.org/hashicorp/aws", the fully-qualified and normalized form.',
    ]);
  });

  it("refuses built-in and legacy providers", () => {
    expect(detailOf('provider "terraform.io/builtin/foo" {\n}\n')).toEqual([
      "Invalid provider source address: Cannot lock a version for built-in provider terraform.io/builtin/foo. Built-in providers are bundled inside OpenTofu itself, so you can't select a version for them independently of the OpenTofu release you are currently running.",
    ]);
    expect(detailOf('provider "registry.opentofu.org/-/null" {\n}\n')).toEqual([
      "Invalid provider source address: Provider source address registry.opentofu.org/-/null is a special provider that is not eligible for dependency locking.",
    ]);
  });

  it("names the first lock of a duplicate", () => {
    const text =
      'provider "a.b/c/d" {\n  version = "1.0.0"\n}\nprovider "a.b/c/d" {\n  version = "1.0.0"\n}\n';
    expect(detailOf(text)).toEqual([
      "Duplicate provider lock: This lockfile already declared a lock for provider a.b/c/d at .terraform.lock.hcl:1,1-19.",
    ]);
  });

  it("reports an invalid version twice, as the reference does", () => {
    expect(detailOf('provider "a.b/c/d" {\n  version = "v1.0.0"\n}\n')).toEqual([
      'Invalid provider version number: The selected version number for provider a.b/c/d is invalid: a "v" prefix should not be used.',
      'Invalid provider version number: The selected version number for provider a.b/c/d must be written in normalized form: "0.0.0".',
    ]);
    expect(detailOf('provider "a.b/c/d" {\n  version = "1.0"\n}\n')).toEqual([
      'Invalid provider version number: The selected version number for provider a.b/c/d must be written in normalized form: "1.0.0".',
    ]);
  });

  it("wants constraints and hashes in normalized form", () => {
    const text = 'provider "a.b/c/d" {\n  version = "1.0.0"\n  constraints = "~> 1"\n  hashes = []\n}\n';
    expect(detailOf(text)).toEqual([
      'Invalid provider version constraints: The recorded version constraints for provider a.b/c/d must be written in normalized form: "~> 1.0".',
      'Invalid provider hash set: The "hashes" argument must either be omitted or contain at least one hash value.',
    ]);
    const bad = 'provider "a.b/c/d" {\n  version = "1.0.0"\n  constraints = "=> 1"\n  hashes = ["nope"]\n}\n';
    expect(detailOf(bad)).toEqual([
      'Invalid provider version constraints: The recorded version constraints for provider a.b/c/d are invalid: invalid specification "=> 1": invalid constraint operator "=>"; did you mean ">="?.',
      'Invalid provider version constraints: The recorded version constraints for provider a.b/c/d must be written in normalized form: "".',
      'Invalid provider hash string: Cannot interpret "nope" as a provider hash: hash string must start with a scheme keyword followed by a colon.',
    ]);
  });

  it("warns once about module locks", () => {
    const text = 'module "a" {\n}\nmodule "b" {\n}\n';
    expect(parseLockFile(text, "x.hcl", "1.13.0").diagnostics).toEqual([
      expect.objectContaining({
        severity: "warning",
        summary: "Dependency locks for modules are not yet supported",
        detail:
          "OpenTofu v1.13.0 only supports dependency locks for providers, not for modules. This configuration may be intended for a later version of OpenTofu that also supports dependency locks for modules.",
      }),
    ]);
  });

  it("refuses other arguments with a suggestion", () => {
    expect(detailOf('provider "a.b/c/d" {\n  verison = "1.0.0"\n  version = "1.0.0"\n}\n')).toEqual([
      'Unsupported argument: An argument named "verison" is not expected here. Did you mean "version"?',
    ]);
    expect(detailOf("provider = 1\n")).toEqual([
      'Unsupported argument: An argument named "provider" is not expected here. Did you mean to define a block of type "provider"?',
    ]);
    expect(detailOf('provider "a" "b" {\n}\n')).toEqual([
      "Extraneous label for provider: Only 1 labels (source_addr) are expected for provider blocks.",
    ]);
  });

  it("passes syntax errors through", () => {
    const { diagnostics } = parseLockFile('provider "a.b/c/d" {\n  version = \n}\n');
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics[0]!.severity).toBe("error");
  });
});
