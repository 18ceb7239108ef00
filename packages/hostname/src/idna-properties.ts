// Per-code-point UTS #46 properties, decoded once from the generated table: the IDNA status and
// mapping, plus the combining-mark, virama, joining-type and bidi-class facts that the label
// validity rules need.
import { MAPPINGS, PROPS, RANGE_PROPS, RANGE_STARTS } from "./generated/idna-data.js";

export const VALID = 0;
export const MAPPED = 1;
export const DEVIATION = 2;
export const IGNORED = 3;
export const DISALLOWED = 4;

export const JOINING_L = 1;
export const JOINING_D = 2;
export const JOINING_R = 3;
export const JOINING_T = 4;

export const BIDI_L = 1;
export const BIDI_RAL = 2;
export const BIDI_AN = 3;
export const BIDI_EN = 4;
export const BIDI_NSM = 5;
export const BIDI_NEUTRAL = 6;

interface Tables {
  readonly starts: Int32Array;
  readonly props: Int32Array;
  readonly packed: Int32Array;
  readonly mappings: readonly string[];
}

let tables: Tables | undefined;

function decode(): Tables {
  const deltas = RANGE_STARTS.split(",");
  const starts = new Int32Array(deltas.length);
  let cp = 0;
  for (let i = 0; i < deltas.length; i++) {
    cp += Number.parseInt(deltas[i]!, 36);
    starts[i] = cp;
  }
  const props = Int32Array.from(RANGE_PROPS.split(","), (p) => Number.parseInt(p, 36));
  const packed = Int32Array.from(PROPS.split(","), (p) => Number.parseInt(p, 36));
  return { starts, props, packed, mappings: MAPPINGS.split("\u0000") };
}

/** Packed properties of a code point: `(mapping * 8 + status) * 256 + flags`. */
export function propertiesOf(cp: number): number {
  if (cp >= 0xd800 && cp <= 0xdfff) return DISALLOWED << 8;
  const t = (tables ??= decode());
  const starts = t.starts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= cp) lo = mid;
    else hi = mid - 1;
  }
  return t.packed[t.props[lo]!]!;
}

export const statusOf = (p: number): number => (p >> 8) & 7;
export const isMark = (p: number): boolean => (p & 1) !== 0;
export const isVirama = (p: number): boolean => (p & 2) !== 0;
export const joiningOf = (p: number): number => (p >> 2) & 7;
export const bidiOf = (p: number): number => (p >> 5) & 7;

/** The mapping of a mapped or deviation code point. */
export function mappingOf(p: number): string {
  const t = (tables ??= decode());
  return t.mappings[p >>> 11]!;
}
