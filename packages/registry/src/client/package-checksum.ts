// go-getter's `checksum=` parameter: `TYPE:HEX` (md5, sha1, sha256, sha512) or a bare hex value
// whose length names the type, verified against the downloaded archive before it is unpacked.
import { createHash } from "node:crypto";
import { ModulePackageError } from "./module-package-error.js";

interface PackageChecksum {
  readonly type: "md5" | "sha1" | "sha256" | "sha512";
  readonly hex: string;
}

const BY_LENGTH: Record<number, PackageChecksum["type"]> = {
  32: "md5",
  40: "sha1",
  64: "sha256",
  128: "sha512",
};

/** The checksum a `checksum=` value asks for; throws ModulePackageError when it is not one. */
export function parseChecksumParam(value: string, address: string): PackageChecksum {
  const invalid = (message: string) =>
    new ModulePackageError("TOFUKIT_REGISTRY_MODULE_CHECKSUM_INVALID", message, address);
  const colon = value.indexOf(":");
  let type: string;
  let hex: string;
  if (colon < 0) {
    hex = value;
    const guessed = BY_LENGTH[value.length];
    if (guessed === undefined) throw invalid(`Unknown type for checksum ${value}`);
    type = guessed;
  } else {
    type = value.slice(0, colon);
    hex = value.slice(colon + 1);
  }
  if (type !== "md5" && type !== "sha1" && type !== "sha256" && type !== "sha512") {
    throw invalid(
      type === "file"
        ? "checksum files (checksum=file:…) are not supported: give the checksum itself"
        : `unsupported checksum type: ${type}`,
    );
  }
  if (!/^[0-9A-Fa-f]*$/.test(hex) || hex.length !== lengthOf(type)) {
    throw invalid(`invalid checksum: ${hex}`);
  }
  return { type, hex: hex.toLowerCase() };
}

function lengthOf(type: PackageChecksum["type"]): number {
  return type === "md5" ? 32 : type === "sha1" ? 40 : type === "sha256" ? 64 : 128;
}

/** Throws go-getter's ChecksumError text when `bytes` do not have the checksum. */
export function verifyChecksum(
  bytes: Uint8Array,
  checksum: PackageChecksum,
  file: string,
  address: string,
): void {
  const actual = createHash(checksum.type).update(bytes).digest("hex");
  if (actual === checksum.hex) return;
  throw new ModulePackageError(
    "TOFUKIT_REGISTRY_MODULE_CHECKSUM_MISMATCH",
    `Checksums did not match for ${file}.\nExpected: ${checksum.hex}\nGot: ${actual}\n*${checksum.type}.digest`,
    address,
  );
}
