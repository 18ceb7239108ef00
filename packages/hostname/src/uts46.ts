// UTS #46 processing with the options the Go IDNA library's lookup profiles use: map (STD3 rules,
// transitional or not), NFC, then per label punycode decoding and the validity checks (hyphens,
// leading combining marks, ContextJ joiners), the bidi rule when asked, and ASCII encoding.
// The first failure wins, in the order the reference reports them.
import { bidiRuleHolds } from "./bidi-rule.js";
import { joinersAllowed } from "./context-j.js";
import type { IdnaFailure } from "./hostname-error.js";
import {
  BIDI_AN,
  BIDI_RAL,
  bidiOf,
  DEVIATION,
  DISALLOWED,
  IGNORED,
  isMark,
  isNfcStable,
  MAPPED,
  mappingOf,
  propertiesOf,
  statusOf,
  VALID,
} from "./idna-properties.js";
import { decodePunycode, encodePunycode } from "./punycode.js";

interface Uts46Options {
  /** Transitional processing: deviation characters (ß, ς, ZWJ, ZWNJ) are mapped. */
  readonly transitional: boolean;
  /** Apply the bidi rule (RFC 5893) to every label of a bidi domain name. */
  readonly checkBidi: boolean;
}

interface Uts46Result {
  readonly value: string;
  readonly failure: IdnaFailure | null;
}

/** Whether a code point makes a name a bidi domain name (bidi class R, AL or AN). */
function isRtl(props: number): boolean {
  const bidi = bidiOf(props);
  return bidi === BIDI_RAL || bidi === BIDI_AN;
}

function hasRtl(label: string): boolean {
  for (let i = 0; i < label.length; i++) {
    const cp = label.codePointAt(i)!;
    if (cp > 0xffff) i++;
    if (cp >= 0x590 && isRtl(propertiesOf(cp))) return true;
  }
  return false;
}

function isAscii(label: string): boolean {
  for (let i = 0; i < label.length; i++) if (label.charCodeAt(i) >= 0x80) return false;
  return true;
}

/**
 * The reference's hyphen check looks at UTF-8 bytes 3 and 4, and only in labels longer than four
 * bytes: true when those bytes are both '-'.
 */
function hyphensAtBytes3And4(label: string): boolean {
  let offset = 0;
  let third = -1;
  let fourth = -1;
  let i = 0;
  for (; i < label.length && offset <= 4; i++) {
    const c = label.charCodeAt(i);
    const size = c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : 3;
    if (size === 4) i++;
    if (offset === 2 && size === 1) third = c;
    if (offset === 3 && size === 1) fourth = c;
    offset += size;
  }
  const longerThanFour = offset > 4 || i < label.length;
  return longerThanFour && third === 0x2d && fourth === 0x2d;
}

function validateLabel(label: string): IdnaFailure | null {
  if (label === "") return null;
  const last = label.length - 1;
  if (hyphensAtBytes3And4(label) || label.charCodeAt(0) === 0x2d || label.charCodeAt(last) === 0x2d) {
    return { kind: "label", label };
  }
  if (label.charCodeAt(0) >= 0x300 && isMark(propertiesOf(label.codePointAt(0)!)))
    return { kind: "label", label };
  if (!joinersAllowed(label)) return { kind: "label", label };
  return null;
}

/** validateLabel for the non-empty label mapped[start, end), without slicing it out. */
function plainLabelValid(mapped: string, start: number, end: number, joiners: boolean): boolean {
  if (mapped.charCodeAt(start) === 0x2d || mapped.charCodeAt(end - 1) === 0x2d) return false;
  // UTF-8 byte 3 can only start at code unit 1 (after a two-byte character) or 2 (after ASCII).
  const hyphenAt = (i: number) => start + i < end && mapped.charCodeAt(start + i) === 0x2d;
  if (hyphenAt(2) && (hyphenAt(1) || hyphenAt(3)) && hyphensAtBytes3And4(mapped.slice(start, end))) {
    return false;
  }
  const first = mapped.charCodeAt(start);
  if (first >= 0x300 && isMark(propertiesOf(mapped.codePointAt(start)!))) return false;
  return !joiners || joinersAllowed(mapped.slice(start, end));
}

/** A label that came from punycode must already be NFC and hold only valid code points. */
function validateDecoded(label: string): IdnaFailure | null {
  if (label.normalize("NFC") !== label) return { kind: "label", label };
  for (const ch of label) {
    const status = statusOf(propertiesOf(ch.codePointAt(0)!));
    if (status !== VALID && status !== DEVIATION) return { kind: "label", label };
  }
  return null;
}

interface Mapped {
  readonly mapped: string;
  readonly failure: IdnaFailure | null;
  readonly bidi: boolean;
  /** ZWJ or ZWNJ survived mapping: the ContextJ rules have something to check. */
  readonly joiners: boolean;
}

/** Steps 1 (map) and 2 (normalize) of UTS #46 over the whole name. */
function mapName(name: string, transitional: boolean): Mapped {
  let failure: IdnaFailure | null = null;
  let bidi = false;
  let out = "";
  let copiedUpTo = 0;
  let needsNormalization = false;
  let joiners = false;
  for (let i = 0; i < name.length; ) {
    const unit = name.charCodeAt(i);
    // Lower-case letters, digits, '-' and '.' are valid and stay as they are.
    if ((unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x2d || unit === 0x2e) {
      i++;
      continue;
    }
    const cp = name.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      // Not well-formed text: the reference stops here with U+FFFD.
      const codePoint = 0xfffd;
      return {
        mapped: out + name.slice(copiedUpTo, i),
        failure: failure ?? { kind: "rune", codePoint },
        bidi,
        joiners,
      };
    }
    const props = propertiesOf(cp);
    if (!bidi && cp >= 0x590 && isRtl(props)) bidi = true;
    if (!isNfcStable(props)) needsNormalization = true;
    const status = statusOf(props);
    if (status === VALID || (status === DEVIATION && !transitional)) {
      if (cp === 0x200c || cp === 0x200d) joiners = true;
      i += size;
      continue;
    }
    if (status === DISALLOWED) {
      failure ??= { kind: "rune", codePoint: cp };
      i += size;
      continue;
    }
    out += name.slice(copiedUpTo, i);
    if (status === MAPPED || status === DEVIATION) {
      let mapping = mappingOf(props);
      // Transitional processing maps deviation characters that a mapping produces, too (ẞ → ß → ss).
      if (transitional && status === MAPPED && /[ßς\u200c\u200d]/.test(mapping)) {
        mapping = mapping
          .replace(/ß/g, "ss")
          .replace(/ς/g, "σ")
          .replace(/[\u200c\u200d]/g, "");
      }
      out += mapping;
    } else if (status !== IGNORED) {
      out += name.slice(i, i + size);
    }
    i += size;
    copiedUpTo = i;
  }
  let mapped = copiedUpTo === 0 ? name : out + name.slice(copiedUpTo);
  if (needsNormalization) mapped = mapped.normalize("NFC");
  return { mapped, failure, bidi, joiners };
}

/**
 * Runs UTS #46 processing over a name (no port). With `toASCII`, non-ASCII labels are encoded as
 * punycode; otherwise punycode labels are decoded to Unicode.
 */
export function processName(name: string, toASCII: boolean, options: Uts46Options): Uts46Result {
  const mapped = mapName(name, options.transitional);
  // Names without punycode labels (what users type) need no decoding: walk the labels in place.
  if (!mapped.mapped.includes("xn--")) return processPlainLabels(mapped, toASCII, options);
  return processLabels(mapped.mapped, toASCII, options, mapped.failure, mapped.bidi);
}

function processPlainLabels(name: Mapped, toASCII: boolean, options: Uts46Options): Uts46Result {
  const { mapped, bidi } = name;
  let failure = name.failure;
  if (failure === null) {
    for (let start = 0; start <= mapped.length; ) {
      let end = mapped.indexOf(".", start);
      if (end < 0) end = mapped.length;
      if (end > start && !plainLabelValid(mapped, start, end, name.joiners)) {
        failure = { kind: "label", label: mapped.slice(start, end) };
        break;
      }
      start = end + 1;
    }
  }
  if (options.checkBidi && bidi && failure === null) {
    for (const label of mapped.split(".")) {
      if (!bidiRuleHolds(label)) {
        failure = { kind: "label", label: mapped };
        break;
      }
    }
  }
  if (!toASCII || isAscii(mapped)) return { value: mapped, failure };
  let value = "";
  let copiedUpTo = 0;
  for (let start = 0; start <= mapped.length; ) {
    let end = mapped.indexOf(".", start);
    if (end < 0) end = mapped.length;
    let ascii = true;
    for (let i = start; i < end; i++) {
      if (mapped.charCodeAt(i) >= 0x80) {
        ascii = false;
        break;
      }
    }
    if (!ascii) {
      const label = mapped.slice(start, end);
      const encoded = encodePunycode(label);
      if (encoded === null) failure ??= { kind: "label", label };
      value += `${mapped.slice(copiedUpTo, start)}xn--${encoded ?? label}`;
      copiedUpTo = end;
    }
    start = end + 1;
  }
  return { value: value + mapped.slice(copiedUpTo), failure };
}

function processLabels(
  mapped: string,
  toASCII: boolean,
  options: Uts46Options,
  mapFailure: IdnaFailure | null,
  mappedBidi: boolean,
): Uts46Result {
  let failure = mapFailure;
  let bidi = mappedBidi;
  const labels = mapped.split(".");
  for (let i = 0; i < labels.length; i++) {
    const label = labels[i]!;
    if (label.startsWith("xn--")) {
      const decoded = decodePunycode(label.slice(4));
      if (decoded === null) {
        failure ??= { kind: "label", label: label.slice(4) };
        continue;
      }
      bidi ||= hasRtl(decoded);
      labels[i] = decoded;
      failure ??= validateDecoded(decoded) ?? validateLabel(decoded);
    } else if (failure === null) {
      failure = validateLabel(label);
    }
  }
  if (options.checkBidi && bidi && failure === null) {
    for (const label of labels) {
      if (!bidiRuleHolds(label)) {
        failure = { kind: "label", label: mapped };
        break;
      }
    }
  }
  if (toASCII) {
    for (let i = 0; i < labels.length; i++) {
      const label = labels[i]!;
      if (!isAscii(label)) {
        const encoded = encodePunycode(label);
        if (encoded === null) failure ??= { kind: "label", label };
        labels[i] = `xn--${encoded ?? label}`;
      }
    }
  }
  return { value: labels.join("."), failure };
}
