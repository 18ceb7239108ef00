// Provider versions as apparentlymart/go-versions reads and orders them (ParseVersion,
// Version.LessThan): exactly major.minor.patch (missing parts are zero), no "v", and its
// prerelease order, in which fewer dot-separated parts sort first (so 1.0.0-beta < 1.0.0-alpha.1).
import { goQuote } from "@tofukit/gostd";
import { scanConstraint } from "./constraint-scanner.js";
import { parseUint64, rangeError } from "./go-int.js";
import { goTrimSpace } from "./go-space.js";
import { VersionError } from "./registry-error.js";

/** A provider version. Immutable. */
export class ProviderVersion {
  readonly major: bigint;
  readonly minor: bigint;
  readonly patch: bigint;
  readonly prerelease: string;
  readonly metadata: string;

  constructor(major: bigint, minor: bigint, patch: bigint, prerelease = "", metadata = "") {
    this.major = major;
    this.minor = minor;
    this.patch = patch;
    this.prerelease = prerelease;
    this.metadata = metadata;
    Object.freeze(this);
  }

  /** The normalized form, as lock files record it. */
  toString(): string {
    const core = `${this.major}.${this.minor}.${this.patch}`;
    return (
      core +
      (this.prerelease === "" ? "" : `-${this.prerelease}`) +
      (this.metadata === "" ? "" : `+${this.metadata}`)
    );
  }
}

/** Same numbers and prerelease; metadata ignored (go-versions Version.Same). */
export function sameVersion(a: ProviderVersion, b: ProviderVersion): boolean {
  return a.major === b.major && a.minor === b.minor && a.patch === b.patch && a.prerelease === b.prerelease;
}

/** Every field equal, metadata included: how exact selections compare. */
export function identicalVersion(a: ProviderVersion, b: ProviderVersion): boolean {
  return sameVersion(a, b) && a.metadata === b.metadata;
}

function lessThanString(a: string, b: string): boolean {
  const an = /^[0-9]*$/.test(a);
  const bn = /^[0-9]*$/.test(b);
  if (an && !bn) return true;
  if (bn && !an) return false;
  if (an) return a.length !== b.length ? a.length < b.length : a < b;
  return a < b;
}

/** VersionExtra.LessThan, quirk included: the side that runs out of dots first is less. */
export function extraLessThan(a: string, b: string): boolean {
  if (a === b) return false;
  let s1 = a;
  let s2 = b;
  for (;;) {
    const d1 = s1.indexOf(".");
    const d2 = s2.indexOf(".");
    if (d1 < 0 && d2 >= 0) return true;
    if (d2 < 0 && d1 >= 0) return false;
    if (d1 < 0) return lessThanString(s1, s2);
    const p1 = s1.slice(0, d1);
    const p2 = s2.slice(0, d2);
    if (p1 !== p2) return lessThanString(p1, p2);
    s1 = s1.slice(d1 + 1);
    s2 = s2.slice(d2 + 1);
  }
}

export function versionLessThan(a: ProviderVersion, b: ProviderVersion): boolean {
  if (a.major !== b.major) return a.major < b.major;
  if (a.minor !== b.minor) return a.minor < b.minor;
  if (a.patch !== b.patch) return a.patch < b.patch;
  if (a.prerelease !== b.prerelease) {
    if (a.prerelease === "") return false;
    if (b.prerelease === "") return true;
    return extraLessThan(a.prerelease, b.prerelease);
  }
  return false;
}

export function versionGreaterThan(a: ProviderVersion, b: ProviderVersion): boolean {
  if (a.major !== b.major) return a.major > b.major;
  if (a.minor !== b.minor) return a.minor > b.minor;
  if (a.patch !== b.patch) return a.patch > b.patch;
  if (a.prerelease !== b.prerelease) {
    if (a.prerelease === "") return true;
    if (b.prerelease === "") return false;
    return !extraLessThan(a.prerelease, b.prerelease);
  }
  return false;
}

/** -1, 0 or 1 in go-versions' order; 0 means Same (metadata is ignored). */
export function compareProviderVersions(a: ProviderVersion, b: ProviderVersion): -1 | 0 | 1 {
  if (versionLessThan(a, b)) return -1;
  return sameVersion(a, b) ? 0 : 1;
}

const NUM_NAMES = ["major", "minor", "patch"] as const;
const EXACT_OPERATORS = new Set([">", ">=", "<", "<=", "!", "!=", "~>", "^", "~"]);

/** The version, or go-versions' reason for refusing it (ParseExactVersion). */
export function readProviderVersion(vs: string): ProviderVersion | string {
  if (goTrimSpace(vs) === "") return "empty specification";
  const [raw, remain] = scanConstraint(vs);
  const op = goTrimSpace(raw.op);
  if (EXACT_OPERATORS.has(op))
    return `can't use constraint operator ${goQuote(raw.op)}; an exact version is required`;
  if (op === "") {
    if (raw.sep !== "") {
      return raw.sep.includes("v")
        ? 'a "v" prefix should not be used'
        : "extraneous spaces at start of specification";
    }
  } else {
    return `invalid sequence ${goQuote(raw.op)} at start of specification`;
  }
  if (remain !== "") {
    const rest = goTrimSpace(remain);
    if (rest === "") return "extraneous spaces at end of specification";
    if (vs.startsWith("v")) return 'a "v" prefix should not be used';
    if (rest.startsWith(",") || rest.startsWith("|")) {
      return "can't specify multiple versions; a single exact version is required";
    }
    if (rest.startsWith("-")) return "can't specify version range; a single exact version is required";
    if (goTrimSpace(vs).startsWith(rest)) {
      return "invalid specification; required format is three positive integers separated by periods";
    }
    return `invalid characters ${goQuote(rest)}`;
  }
  if (raw.numCt > 3) return "too many numbered portions; only three are allowed (major, minor, patch)";
  const parts: bigint[] = [];
  for (let i = 0; i < 3; i++) {
    const s = i < raw.numCt ? raw.nums[i]! : "0";
    if (s === "*" || s === "x" || s === "X") {
      return `can't use wildcard for ${NUM_NAMES[i]} number; an exact version is required`;
    }
    const n = parseUint64(s);
    if (n === "range") return rangeError("ParseUint", s);
    parts.push(n);
  }
  return new ProviderVersion(parts[0]!, parts[1]!, parts[2]!, raw.pre, raw.meta);
}

/** go-versions ParseVersion, which OpenTofu uses for provider versions. Throws VersionError. */
export function parseProviderVersion(vs: string): ProviderVersion {
  const got = readProviderVersion(vs);
  if (typeof got === "string") throw new VersionError("TOFUKIT_REGISTRY_MALFORMED_VERSION", got, vs);
  return got;
}
