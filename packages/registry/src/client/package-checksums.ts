// The checksum steps of OpenTofu's provider package authentication, in its order
// (getproviders.PackageAuthenticationAll without the last, GPG, step): the registry's `packages`
// entry, the SHA256SUMS line for the file, and the archive's own SHA-256.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { goQuote } from "@tofukit/gostd";
import { zipHash, zipPackageHash } from "../provider-hash.js";
import { RegistryClientError } from "./client-error.js";
import type { ProviderPackageMeta } from "./provider-package-meta.js";
import { goFields } from "./sha256sums.js";

const fail = (message: string): never => {
  throw new RegistryClientError("TOFUKIT_REGISTRY_PACKAGE_CHECKSUM", message);
};

// registryPackageAuthentication: skipped when the registry lists no packages.
function checkRegistryPackage(meta: ProviderPackageMeta, archive: Uint8Array): void {
  if (meta.packages.size === 0) return;
  const platform = `${meta.platform.os}_${meta.platform.arch}`;
  const entry = meta.packages.get(platform);
  if (entry === undefined) fail(`registry response missing package with platform ${goQuote(platform)}`);
  const { size, hashes } = entry!;
  if (!(size > 0)) fail(`registry response has invalid package size ${size}`);
  if (size !== archive.length) {
    fail(
      `registry response indicates a package of size ${size}, but recieved a package of size ${archive.length}`,
    );
  }
  let found = false;
  for (const h of hashes) {
    if (!h.startsWith("zh:")) continue;
    const value = h.slice(3);
    if (value !== meta.shasum) {
      fail(
        `registry response expected sha256sum is ${goQuote(meta.shasum)}, which does not match the platform's value of ${goQuote(value)}`,
      );
    }
    found = true;
  }
  if (!found) fail("registry response does not contain matching sha256sum package entry and is invalid");
}

// hex.Decode into a 32-byte array: Go's errors for odd lengths and bad digits; a shorter hash
// leaves zeros behind, which the comparison then reports.
function decodeSum(text: string): string {
  if (!/^[0-9a-fA-F]*$/.test(text)) {
    const bad = [...text].find((c) => !/[0-9a-fA-F]/.test(c))!;
    const cp = bad.codePointAt(0)!;
    fail(
      `checksum list has invalid SHA256 hash ${goQuote(text)}: encoding/hex: invalid byte: U+${cp.toString(16).toUpperCase().padStart(4, "0")} ${goQuoteRune(bad)}`,
    );
  }
  if (text.length % 2 === 1)
    fail(`checksum list has invalid SHA256 hash ${goQuote(text)}: encoding/hex: odd length hex string`);
  if (text.length > 64)
    fail(`checksum list has invalid SHA256 hash ${goQuote(text)}: longer than a SHA-256 hash`);
  return text.toLowerCase().padEnd(64, "0");
}

const goQuoteRune = (c: string): string => `'${goQuote(c).slice(1, -1).replaceAll('\\"', '"')}'`;

function checkSumsDocument(meta: ProviderPackageMeta, sha256sums: string): void {
  let checksum: string | undefined;
  for (const line of sha256sums.split("\n")) {
    const parts = goFields(line);
    if (parts.length > 1 && parts[1] === meta.filename) {
      checksum = parts[0];
      break;
    }
  }
  if (checksum === undefined) fail(`checksum list has no SHA-256 hash for ${goQuote(meta.filename)}`);
  const got = decodeSum(checksum!);
  if (got !== meta.shasum) fail(`checksum list has unexpected SHA-256 hash ${got} (expected ${meta.shasum})`);
}

/**
 * Checks a downloaded provider package as OpenTofu does before its signature check: the
 * registry's `packages` entry for the platform (size and `zh:` hashes), the SHA256SUMS line for
 * the file, and the archive's SHA-256. Returns the package's `zh:` and `h1:` hashes. Throws
 * RegistryClientError (TOFUKIT_REGISTRY_PACKAGE_CHECKSUM) with OpenTofu's text. The signature
 * over SHA256SUMS is not checked here: `verifyProviderPackage` does every step.
 */
export function checkProviderPackageChecksums(
  meta: ProviderPackageMeta,
  archive: Uint8Array,
  sha256sums: string,
): { readonly zipHash: string; readonly packageHash: string } {
  checkRegistryPackage(meta, archive);
  checkSumsDocument(meta, sha256sums);
  const actual = bytesToHex(sha256(archive));
  if (actual !== meta.shasum)
    fail(`archive has incorrect checksum zh:${actual} (expected zh:${meta.shasum})`);
  return { zipHash: zipHash(archive), packageHash: zipPackageHash(archive) };
}
