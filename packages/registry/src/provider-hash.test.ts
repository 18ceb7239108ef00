// getproviders' TestParseHash and the hashes of its fixtures (package_authentication_test.go):
// zh: of a zip's bytes, h1: of a package directory, and h1: of a zip equal to h1: of its files.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { HashError, packageFilesHash, parseProviderHash, zipHash, zipPackageHash } from "./index.js";

const fixture = (name: string): Uint8Array =>
  readFileSync(fileURLToPath(new URL(`../test/fixtures/${name}`, import.meta.url)));

describe("parseProviderHash (TestParseHash)", () => {
  const ok: [string, string, string][] = [
    ["h1:foo", "h1:", "foo"],
    ["zh:bar", "zh:", "bar"],
    ["unknown:baz", "unknown:", "baz"],
    ["unknown:", "unknown:", ""],
  ];
  for (const [input, scheme, value] of ok) {
    it(input, () => expect(parseProviderHash(input)).toEqual({ scheme, value }));
  }
  for (const input of ["", "1e5f7a5f3ade7b8b1d1d59c5cea2e1a2f8d2f8c3f41962dbbe8647e222be8239", ":blah"]) {
    it(`refuses ${JSON.stringify(input)}`, () => {
      expect(() => parseProviderHash(input)).toThrowError(
        expect.objectContaining({
          code: "TOFUKIT_REGISTRY_HASH_SYNTAX",
          message: "hash string must start with a scheme keyword followed by a colon",
        }),
      );
    });
  }
});

describe("package hashes", () => {
  it("hashes a zip's bytes for zh: (TestArchiveChecksumAuthentication_failure's fixture)", () => {
    expect(zipHash(fixture("terraform-provider-null_2.1.0_linux_amd64.zip"))).toBe(
      "zh:4fb39849f2e138eb16a18ba0c682635d781cb8c3b25901dd5a792ade9711f501",
    );
  });

  it("hashes a package's files for h1: (TestPackageHashAuthentication_success's fixture)", () => {
    const content = fixture("provider-null-2.0.0-linux_amd64/terraform-provider-null");
    expect(packageFilesHash([["terraform-provider-null", content]])).toBe(
      "h1:qjsREM4DqEWECD43FcPqddZ9oxCG+IaMTxvWPciS05g=",
    );
  });

  it("hashes an empty package as dirhash does", () => {
    expect(packageFilesHash([])).toBe("h1:47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=");
  });

  it("gives a zip the h1: of its entries, directory entries included", () => {
    const content = fixture("provider-null-2.0.0-linux_amd64/terraform-provider-null");
    const zip = zipSync({ "terraform-provider-null": content });
    expect(zipPackageHash(zip)).toBe("h1:qjsREM4DqEWECD43FcPqddZ9oxCG+IaMTxvWPciS05g=");
    const withDir = zipSync({ docs: {}, "b.txt": new Uint8Array([1]), "a.txt": new Uint8Array([2]) });
    expect(zipPackageHash(withDir)).toBe(
      packageFilesHash([
        ["docs/", new Uint8Array()],
        ["a.txt", new Uint8Array([2])],
        ["b.txt", new Uint8Array([1])],
      ]),
    );
  });

  it("refuses what is not a zip", () => {
    expect(() => zipPackageHash(fixture("terraform-provider-null_2.1.0_linux_amd64.zip"))).toThrowError(
      expect.objectContaining({
        code: "TOFUKIT_REGISTRY_HASH_PACKAGE",
        message: "zip: not a valid zip file",
      }),
    );
  });

  it("refuses file names with newlines", () => {
    expect(() => packageFilesHash([["a\nb", new Uint8Array()]])).toThrow(HashError);
  });
});
