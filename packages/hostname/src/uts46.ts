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
  MAPPED,
  mappingOf,
  propertiesOf,
  statusOf,
  VALID,
} from "./idna-properties.js";
import { decodePunycode, encodePunycode } from "./punycode.js";

export interface Uts46Options {
  /** Transitional processing: deviation characters (ß, ς, ZWJ, ZWNJ) are mapped. */
  readonly transitional: boolean;
  /** Apply the bidi rule (RFC 5893) to every label of a bidi domain name. */
  readonly checkBidi: boolean;
}

export interface Uts46Result {
  readonly value: string;
  readonly failure: IdnaFailure | null;
}

/** Whether a code point makes a name a bidi domain name (bidi class R, AL or AN). */
function isRtl(props: number): boolean {
  const bidi = bidiOf(props);
  return bidi === BIDI_RAL || bidi === BIDI_AN;
}

function hasRtl(label: string): boolean {
  for (const ch of label) {
    if (isRtl(propertiesOf(ch.codePointAt(0)!))) return true;
  }
  return false;
}

/** The UTF-8 byte at byte offset `n` of a label, as a char code if it is ASCII, else -1. */
function utf8ByteAt(label: string, n: number): number {
  let offset = 0;
  for (const ch of label) {
    const cp = ch.codePointAt(0)!;
    const size = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    if (n < offset + size) return n === offset && size === 1 ? cp : -1;
    offset += size;
  }
  return -1;
}

function utf8Length(label: string): number {
  let n = 0;
  for (let i = 0; i < label.length; i++) {
    const c = label.charCodeAt(i);
    if (c < 0x80) n += 1;
    else if (c < 0x800) n += 2;
    else if (c >= 0xd800 && c <= 0xdbff) {
      n += 4;
      i++;
    } else n += 3;
  }
  return n;
}

function validateLabel(label: string): IdnaFailure | null {
  if (label === "") return null;
  // The hyphen checks look at UTF-8 bytes 3 and 4, and only in labels longer than four bytes.
  if (utf8Length(label) > 4 && utf8ByteAt(label, 2) === 0x2d && utf8ByteAt(label, 3) === 0x2d) {
    return { kind: "label", label };
  }
  if (label.startsWith("-") || label.endsWith("-")) return { kind: "label", label };
  if (isMark(propertiesOf(label.codePointAt(0)!))) return { kind: "label", label };
  if (!joinersAllowed(label)) return { kind: "label", label };
  return null;
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

/** Step 1 (map) and 2 (normalize) of UTS #46 over the whole name. */
function mapName(
  name: string,
  transitional: boolean,
): { mapped: string; failure: IdnaFailure | null; bidi: boolean } {
  let failure: IdnaFailure | null = null;
  let bidi = false;
  let out = "";
  let copiedUpTo = 0;
  let mayNeedNormalization = false;
  for (let i = 0; i < name.length; ) {
    const unit = name.charCodeAt(i);
    // ASCII fast path: lower-case letters, digits, '-' and '.' are valid and stay as they are.
    if ((unit >= 0x61 && unit <= 0x7a) || (unit >= 0x30 && unit <= 0x39) || unit === 0x2d || unit === 0x2e) {
      i++;
      continue;
    }
    const cp = name.codePointAt(i)!;
    const size = cp > 0xffff ? 2 : 1;
    if (cp >= 0xd800 && cp <= 0xdfff) {
      // Not well-formed text: the reference stops here with U+FFFD.
      return {
        mapped: out + name.slice(copiedUpTo, i),
        failure: failure ?? { kind: "rune", codePoint: 0xfffd },
        bidi,
      };
    }
    if (cp >= 0x300) mayNeedNormalization = true;
    const props = propertiesOf(cp);
    if (!bidi && isRtl(props)) bidi = true;
    const status = statusOf(props);
    if (status === VALID || (status === DEVIATION && !transitional)) {
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
      for (let j = 0; j < mapping.length; j++)
        if (mapping.charCodeAt(j) >= 0x300) mayNeedNormalization = true;
      out += mapping;
    } else if (status !== IGNORED) {
      out += name.slice(i, i + size);
    }
    i += size;
    copiedUpTo = i;
  }
  let mapped = copiedUpTo === 0 ? name : out + name.slice(copiedUpTo);
  if (mayNeedNormalization) mapped = mapped.normalize("NFC");
  return { mapped, failure, bidi };
}

/**
 * Runs UTS #46 processing over a name (no port). With `toASCII`, non-ASCII labels are encoded as
 * punycode; otherwise punycode labels are decoded to Unicode.
 */
export function processName(name: string, toASCII: boolean, options: Uts46Options): Uts46Result {
  const { mapped, failure: mapFailure, bidi: mappedBidi } = mapName(name, options.transitional);
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
      if (!/^[\x00-\x7f]*$/.test(label)) {
        const encoded = encodePunycode(label);
        if (encoded === null) failure ??= { kind: "label", label };
        labels[i] = `xn--${encoded ?? label}`;
      }
    }
  }
  return { value: labels.join("."), failure };
}
