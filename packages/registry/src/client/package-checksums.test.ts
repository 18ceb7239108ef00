// The checksum steps of provider package authentication, in OpenTofu's order and with its texts
// (package_authentication_test.go's registry, matching-checksum and archive cases).
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { zipSync } from "fflate";
import { describe, expect, it } from "vitest";
import { parseProviderSource, parseProviderVersion, zipHash, zipPackageHash } from "../index.js";
import { checkProviderPackageChecksums, type ProviderPackageMeta } from "./index.js";

const archive = zipSync({ "terraform-provider-null": new TextEncoder().encode("#!/bin/sh\n") });
const shasum = bytesToHex(sha256(archive));
const filename = "terraform-provider-null_2.1.0_linux_amd64.zip";

function meta(change: Partial<ProviderPackageMeta> = {}): ProviderPackageMeta {
  return {
    provider: parseProviderSource("registry.opentofu.org/hashicorp/null"),
    version: parseProviderVersion("2.1.0"),
    platform: { os: "linux", arch: "amd64" },
    protocols: ["5.0"],
    filename,
    downloadURL: new URL("https://example.com/p.zip"),
    shasum,
    shasumsURL: undefined,
    shasumsSignatureURL: undefined,
    signingKeys: [],
    packages: new Map([["linux_amd64", { hashes: [`zh:${shasum}`, "h1:x"], size: archive.length }]]),
    ...change,
  };
}

const sums = `${"0".repeat(64)}  other.zip\n${shasum}  ${filename}\n`;

describe("checkProviderPackageChecksums", () => {
  it("passes a package that matches everywhere and gives its hashes", () => {
    expect(checkProviderPackageChecksums(meta(), archive, sums)).toEqual({
      zipHash: zipHash(archive),
      packageHash: zipPackageHash(archive),
    });
    expect(checkProviderPackageChecksums(meta({ packages: new Map() }), archive, sums).zipHash).toBe(
      `zh:${shasum}`,
    );
  });

  const cases: [string, Partial<ProviderPackageMeta>, string, string][] = [
    [
      "a missing platform",
      { packages: new Map([["darwin_arm64", { hashes: [], size: 1 }]]) },
      sums,
      'registry response missing package with platform "linux_amd64"',
    ],
    [
      "a zero size",
      { packages: new Map([["linux_amd64", { hashes: [], size: 0 }]]) },
      sums,
      "registry response has invalid package size 0",
    ],
    [
      "another size",
      { packages: new Map([["linux_amd64", { hashes: [], size: 3 }]]) },
      sums,
      `registry response indicates a package of size 3, but recieved a package of size ${archive.length}`,
    ],
    [
      "a different zh: hash",
      { packages: new Map([["linux_amd64", { hashes: [`zh:${"1".repeat(64)}`], size: archive.length }]]) },
      sums,
      `registry response expected sha256sum is "${shasum}", which does not match the platform's value of "${"1".repeat(64)}"`,
    ],
    [
      "no zh: hash",
      { packages: new Map([["linux_amd64", { hashes: ["h1:x"], size: archive.length }]]) },
      sums,
      "registry response does not contain matching sha256sum package entry and is invalid",
    ],
    [
      "no line for the file",
      {},
      `${shasum}  other.zip\n`,
      `checksum list has no SHA-256 hash for "${filename}"`,
    ],
    [
      "a bad hex digit",
      {},
      `${shasum.slice(0, 63)}g  ${filename}\n`,
      "encoding/hex: invalid byte: U+0067 'g'",
    ],
    [
      "an odd length",
      {},
      `abc  ${filename}\n`,
      'checksum list has invalid SHA256 hash "abc": encoding/hex: odd length hex string',
    ],
    [
      "another hash",
      {},
      `abcd  ${filename}\n`,
      `checksum list has unexpected SHA-256 hash abcd${"0".repeat(60)} (expected ${shasum})`,
    ],
    [
      "a shasum the archive does not have",
      { shasum: "2".repeat(64), packages: new Map() },
      `${"2".repeat(64)}  ${filename}\n`,
      `archive has incorrect checksum zh:${shasum} (expected zh:${"2".repeat(64)})`,
    ],
  ];
  for (const [name, change, document, message] of cases) {
    it(`refuses ${name}`, () => {
      expect(() => checkProviderPackageChecksums(meta(change), archive, document)).toThrowError(
        expect.objectContaining({
          code: "TOFUKIT_REGISTRY_PACKAGE_CHECKSUM",
          message: expect.stringContaining(message),
        }),
      );
    });
  }
});
