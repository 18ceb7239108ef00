// Provider package hashes (getproviders/hash.go): reading `scheme:value` strings, and computing
// `zh:` (SHA-256 of the zip file) and `h1:` (Go's dirhash Hash1 over the package's files) from
// bytes, in pure JS.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { unzipSync } from "fflate";
import { HashError } from "./registry-error.js";

/** A hash as lock files hold it: `scheme:value`. Unknown schemes are kept, as OpenTofu keeps them. */
export interface ProviderHash {
  /** The scheme with its colon: "h1:", "zh:", or any other. */
  readonly scheme: string;
  readonly value: string;
}

/** getproviders.ParseHash: a colon at index 1 or later. Throws HashError. */
export function parseProviderHash(s: string): ProviderHash {
  const colon = s.indexOf(":");
  if (colon < 1) {
    throw new HashError(
      "TOFUKIT_REGISTRY_HASH_SYNTAX",
      "hash string must start with a scheme keyword followed by a colon",
    );
  }
  return { scheme: s.slice(0, colon + 1), value: s.slice(colon + 1) };
}

/** `zh:` and the lower-case hex SHA-256 of the zip archive's bytes (PackageHashLegacyZipSHA). */
export function zipHash(zip: Uint8Array): string {
  return `zh:${bytesToHex(sha256(zip))}`;
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function base64(bytes: Uint8Array): string {
  let out = "";
  for (let i = 0; i < bytes.length; i += 3) {
    const b0 = bytes[i]!;
    const b1 = bytes[i + 1];
    const b2 = bytes[i + 2];
    out += BASE64[b0 >> 2]! + BASE64[((b0 & 3) << 4) | ((b1 ?? 0) >> 4)]!;
    out += b1 === undefined ? "=" : BASE64[((b1 & 15) << 2) | ((b2 ?? 0) >> 6)]!;
    out += b2 === undefined ? "=" : BASE64[b2 & 63]!;
  }
  return out;
}

const encoder = new TextEncoder();

// Go sorts names as byte strings; UTF-16 order differs from UTF-8 order above U+FFFF.
function compareUtf8(a: string, b: string): number {
  const x = encoder.encode(a);
  const y = encoder.encode(b);
  const n = Math.min(x.length, y.length);
  for (let i = 0; i < n; i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

/**
 * dirhash.Hash1 over named files: for each name in byte order, the hex SHA-256 of its content,
 * two spaces, the name and a newline; then `h1:` and the standard base64 of that summary's
 * SHA-256. Pass a package directory's regular files with "/"-separated relative names.
 */
export function packageFilesHash(files: Iterable<readonly [name: string, content: Uint8Array]>): string {
  const entries = [...files].sort(([a], [b]) => compareUtf8(a, b));
  let summary = "";
  for (const [name, content] of entries) {
    if (name.includes("\n")) {
      throw new HashError(
        "TOFUKIT_REGISTRY_HASH_PACKAGE",
        "dirhash: filenames with newlines are not supported",
      );
    }
    summary += `${bytesToHex(sha256(content))}  ${name}\n`;
  }
  return `h1:${base64(sha256(encoder.encode(summary)))}`;
}

/**
 * `h1:` of a provider zip archive (dirhash.HashZip): every entry by its name as stored,
 * directory entries included. Throws HashError when the bytes are not a zip archive.
 */
export function zipPackageHash(zip: Uint8Array): string {
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(zip);
  } catch {
    throw new HashError("TOFUKIT_REGISTRY_HASH_PACKAGE", "zip: not a valid zip file");
  }
  return packageFilesHash(Object.entries(files));
}
