// Module versions as hashicorp/go-version reads them (NewVersion): an optional "v", any number
// of numeric segments (padded to three), a prerelease that may omit its "-" when it starts with
// a letter, and metadata. Parsed by hand in linear time; the grammar is go-version's regexp's.
import { parseInt64, rangeError } from "./go-int.js";
import { VersionError } from "./registry-error.js";

/** A version as go-version holds it. Immutable. */
export class ModuleVersion {
  /** The numeric segments, at least three. */
  readonly segments: readonly bigint[];
  /** How many segments were written (go-version's `si`), which `~>` depends on. */
  readonly writtenSegments: number;
  readonly prerelease: string;
  readonly metadata: string;
  /** The text as it was given. */
  readonly original: string;
  // Built on first use: comparisons and checks do not need it.
  #string: string | undefined;

  constructor(
    segments: readonly bigint[],
    writtenSegments: number,
    prerelease: string,
    metadata: string,
    original: string,
  ) {
    this.segments = segments;
    this.writtenSegments = writtenSegments;
    this.prerelease = prerelease;
    this.metadata = metadata;
    this.original = original;
    Object.freeze(this);
  }

  /** go-version's String(): segments without leading zeros, "-pre", "+meta"; no "v". */
  toString(): string {
    this.#string ??=
      this.segments.join(".") +
      (this.prerelease === "" ? "" : `-${this.prerelease}`) +
      (this.metadata === "" ? "" : `+${this.metadata}`);
    return this.#string;
  }
}

const LIST = /^[0-9A-Za-z~-]+(?:\.[0-9A-Za-z~-]+)*$/;

/** Where the numeric segments end, or -1 when they are malformed. */
function scanSegments(v: string, from: number): number {
  let i = from;
  for (;;) {
    const start = i;
    while (i < v.length && v.charCodeAt(i) >= 0x30 && v.charCodeAt(i) <= 0x39) i++;
    if (i === start) return -1;
    if (v[i] === "." && i + 1 < v.length && /[0-9]/.test(v[i + 1]!)) {
      i++;
      continue;
    }
    return i;
  }
}

// The prerelease group of go-version's regexp, anchored: "-" and a dot-separated list, or a list
// starting with a letter, "-" or "~" and no "-" before it. A "-" that no list follows is itself
// the prerelease (so "1.0-" has the prerelease "-").
function prereleaseOf(text: string): string | null {
  if (text === "") return "";
  if (text[0] === "-") {
    const rest = text.slice(1);
    if (LIST.test(rest)) return rest;
    return LIST.test(text) ? text : null;
  }
  return /[A-Za-z~]/.test(text[0]!) && LIST.test(text) ? text : null;
}

// Small segment values, made once: nearly every version number is one of them.
const SMALL = Array.from({ length: 1024 }, (_, i) => BigInt(i));
const bigOf = (n: number): bigint => SMALL[n] ?? BigInt(n);

/**
 * The fast path for the commonest form, three runs of at most 15 digits joined by dots: the
 * numbers read in one pass, no text checked twice. Null for anything else, which the general
 * reading handles; module-version.test.ts checks that the two agree.
 */
export function readPlainModuleVersionFastPath(v: string): ModuleVersion | null {
  const segments: bigint[] = [];
  let i = 0;
  for (let k = 0; k < 3; k++) {
    const start = i;
    let n = 0;
    for (; i < v.length; i++) {
      const c = v.charCodeAt(i);
      if (c < 0x30 || c > 0x39) break;
      n = n * 10 + (c - 0x30);
    }
    if (i === start || i - start > 15) return null;
    segments.push(bigOf(n));
    if (k < 2) {
      if (v.charCodeAt(i) !== 0x2e) return null;
      i++;
    }
  }
  return i === v.length ? new ModuleVersion(segments, 3, "", "", v) : null;
}

/** The version, or the reason go-version refuses it. */
export function readModuleVersion(v: string): ModuleVersion | string {
  return readPlainModuleVersionFastPath(v) ?? readModuleVersionInGeneral(v);
}

/** readModuleVersion without its fast path, which is checked against it. */
export function readModuleVersionInGeneral(v: string): ModuleVersion | string {
  const from = v.startsWith("v") ? 1 : 0;
  const end = scanSegments(v, from);
  if (end < 0) return `malformed version: ${v}`;
  const rest = v.slice(end);
  const plus = rest.indexOf("+");
  const metadata = plus < 0 ? "" : rest.slice(plus + 1);
  if (plus >= 0 && !LIST.test(metadata)) return `malformed version: ${v}`;
  const prerelease = prereleaseOf(plus < 0 ? rest : rest.slice(0, plus));
  if (prerelease === null) return `malformed version: ${v}`;
  const written = v.slice(from, end).split(".");
  const segments: bigint[] = [];
  for (const s of written) {
    const n = parseInt64(s);
    if (typeof n !== "bigint") return `error parsing version: ${rangeError("ParseInt", s)}`;
    segments.push(n);
  }
  while (segments.length < 3) segments.push(0n);
  return new ModuleVersion(segments, written.length, prerelease, metadata, v);
}

/** go-version's NewVersion. Throws VersionError. */
export function parseModuleVersion(v: string): ModuleVersion {
  const got = readModuleVersion(v);
  if (typeof got === "string") throw new VersionError("TOFUKIT_REGISTRY_MALFORMED_VERSION", got, v);
  return got;
}

// go-version's comparePart: numeric parts (ParseInt, so "+1" and "-1" count) sort before
// alphanumeric ones; an absent part sorts after a numeric one and before an alphanumeric one.
function comparePart(a: string, b: string): number {
  if (a === b) return 0;
  const an = parseInt64(a);
  const bn = parseInt64(b);
  const aNumeric = typeof an === "bigint";
  const bNumeric = typeof bn === "bigint";
  if (a === "") return bNumeric ? -1 : 1;
  if (b === "") return aNumeric ? 1 : -1;
  if (aNumeric && !bNumeric) return -1;
  if (!aNumeric && bNumeric) return 1;
  if (!aNumeric && !bNumeric) return a > b ? 1 : -1;
  // Quirk kept: numerically equal but differently written parts ("01", "1") compare as less.
  return (an as bigint) > (bn as bigint) ? 1 : -1;
}

function comparePrereleases(a: string, b: string): number {
  if (a === b) return 0;
  const ap = a.split(".");
  const bp = b.split(".");
  const n = Math.max(ap.length, bp.length);
  for (let i = 0; i < n; i++) {
    const c = comparePart(ap[i] ?? "", bp[i] ?? "");
    if (c !== 0) return c;
  }
  return 0;
}

function equalSegments(a: ModuleVersion, b: ModuleVersion): boolean {
  if (a.segments.length !== b.segments.length) return false;
  return a.segments.every((s, i) => s === b.segments[i]);
}

/** go-version's Compare: -1, 0 or 1. Metadata is ignored; missing segments count as zero. */
export function compareModuleVersions(a: ModuleVersion, b: ModuleVersion): -1 | 0 | 1 {
  // go-version returns 0 first when the two print alike; what follows gives 0 for those too, so
  // the printing is skipped.
  if (equalSegments(a, b)) {
    if (a.prerelease === "" && b.prerelease === "") return 0;
    if (a.prerelease === "") return 1;
    if (b.prerelease === "") return -1;
    return comparePrereleases(a.prerelease, b.prerelease) as -1 | 0 | 1;
  }
  const n = Math.max(a.segments.length, b.segments.length);
  for (let i = 0; i < n; i++) {
    const x = a.segments[i];
    const y = b.segments[i];
    if (x === undefined) return b.segments.slice(i).every((s) => s === 0n) ? 0 : -1;
    if (y === undefined) return a.segments.slice(i).every((s) => s === 0n) ? 0 : 1;
    if (x !== y) return x < y ? -1 : 1;
  }
  return 0;
}
