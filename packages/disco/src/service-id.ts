// Service ids (`modules.v1`) parsed with the rules of opentofu/svchost: "v" plus an unsigned integer.
import { ServiceIdError } from "./errors.js";

export interface ServiceId {
  /** The text before the first dot. */
  readonly name: string;
  /** The major version, an unsigned 64-bit integer. */
  readonly version: bigint;
}

const MAX_UINT64 = 2n ** 64n - 1n;

/**
 * Splits an id at its first dot and validates the version. Parsing only validates: lookups use
 * the literal id, so `modules.v01` finds only a key spelled `modules.v01`, as in the reference.
 */
export function parseServiceId(id: string): ServiceId {
  const dot = id.indexOf(".");
  if (dot === -1) throw new ServiceIdError("TOFUKIT_DISCO_INVALID_SERVICE_ID", id);
  const name = id.slice(0, dot);
  let version = id.slice(dot + 1);
  // The reference tolerates a minor version only for "tfe" (the legacy `tfe.v2.1`), ignoring it.
  if (name === "tfe") {
    const minor = version.indexOf(".");
    if (minor !== -1) version = version.slice(0, minor);
  }
  // strconv.ParseUint(s, 10, 64): ASCII digits only, no sign, no underscores, at most 2^64-1.
  const digits = version.slice(1);
  if (!version.startsWith("v") || !/^[0-9]+$/.test(digits) || BigInt(digits) > MAX_UINT64) {
    throw new ServiceIdError("TOFUKIT_DISCO_INVALID_SERVICE_VERSION", id);
  }
  return { name, version: BigInt(digits) };
}
