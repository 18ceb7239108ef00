// Per-code-point UTS #46 properties, decoded once from the generated table: the IDNA status and
// mapping, plus the combining-mark, virama, joining-type, bidi-class and NFC-stability facts that
// the processing steps need. The Basic Multilingual Plane gets a direct lookup table.
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
  /** Packed properties of every BMP code point. */
  readonly bmp: Int32Array;
  /** Range starts and packed properties for the supplementary planes. */
  readonly starts: Int32Array;
  readonly packedOfRange: Int32Array;
  readonly mappings: readonly string[];
}

let tables: Tables | undefined;

function decode(): Tables {
  const deltas = RANGE_STARTS.split(",");
  const packed = Int32Array.from(PROPS.split(","), (p) => Number.parseInt(p, 36));
  const rangeProps = RANGE_PROPS.split(",");
  const starts = new Int32Array(deltas.length);
  const packedOfRange = new Int32Array(deltas.length);
  let cp = 0;
  for (let i = 0; i < deltas.length; i++) {
    cp += Number.parseInt(deltas[i]!, 36);
    starts[i] = cp;
    packedOfRange[i] = packed[Number.parseInt(rangeProps[i]!, 36)]!;
  }
  const bmp = new Int32Array(0x10000);
  for (let i = 0; i < starts.length && starts[i]! < 0x10000; i++) {
    bmp.fill(packedOfRange[i]!, starts[i]!, Math.min(starts[i + 1] ?? 0x10000, 0x10000));
  }
  // Surrogate code units never stand for a character of their own.
  bmp.fill(DISALLOWED << 9, 0xd800, 0xe000);
  return { bmp, starts, packedOfRange, mappings: MAPPINGS.split("\u0000") };
}

function loadTables(): Tables {
  if (tables === undefined) tables = decode();
  return tables;
}

/** Packed properties of a code point: `(mapping * 8 + status) * 512 + flags`. */
export function propertiesOf(cp: number): number {
  const t = loadTables();
  if (cp < 0x10000) return t.bmp[cp]!;
  const starts = t.starts;
  let lo = 0;
  let hi = starts.length - 1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid]! <= cp) lo = mid;
    else hi = mid - 1;
  }
  return t.packedOfRange[lo]!;
}

export const statusOf = (p: number): number => (p >> 9) & 7;
export const isMark = (p: number): boolean => (p & 1) !== 0;
export const isVirama = (p: number): boolean => (p & 2) !== 0;
export const joiningOf = (p: number): number => (p >> 2) & 7;
export const bidiOf = (p: number): number => (p >> 5) & 7;
/** What this code point contributes (itself, or its mapping) is NFC and cannot compose or reorder. */
export const isNfcStable = (p: number): boolean => (p & 256) !== 0;

/** The mapping of a mapped or deviation code point. */
export function mappingOf(p: number): string {
  return loadTables().mappings[p >>> 12]!;
}
