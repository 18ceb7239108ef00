// Go's strings.ToUpper, ToLower, Title and TrimSpace, which map one rune at a time with
// Unicode's simple case mappings, unlike JavaScript's full mappings ("ß" stays "ß" in upper).

const ASCII = /^[\x00-\x7f]*$/;

// Simple mappings where JS's full mapping of the single character gives several characters.
const SIMPLE_LOWER: Record<string, string> = { "\u0130": "i" };

function mapRunes(s: string, upper: boolean): string {
  let out = "";
  for (const ch of s) {
    const m = upper ? ch.toUpperCase() : ch.toLowerCase();
    if (m.length === ch.length || [...m].length === 1) out += m;
    else out += (upper ? undefined : SIMPLE_LOWER[ch]) ?? ch;
  }
  return out;
}

/** Go's strings.ToUpper. */
export function goToUpper(s: string): string {
  return ASCII.test(s) ? s.toUpperCase() : mapRunes(s, true);
}

/** Go's strings.ToLower. */
export function goToLower(s: string): string {
  return ASCII.test(s) ? s.toLowerCase() : mapRunes(s, false);
}

// Go's unicode.ToTitle differs from ToUpper for the digraphs, whose title case is their own letter.
const TITLE: Record<string, string> = {
  "\u01c4": "\u01c5",
  "\u01c5": "\u01c5",
  "\u01c6": "\u01c5",
  "\u01c7": "\u01c8",
  "\u01c8": "\u01c8",
  "\u01c9": "\u01c8",
  "\u01ca": "\u01cb",
  "\u01cb": "\u01cb",
  "\u01cc": "\u01cb",
  "\u01f1": "\u01f2",
  "\u01f2": "\u01f2",
  "\u01f3": "\u01f2",
};

const LETTER_OR_DIGIT = /^[\p{L}\p{Nd}\p{Nl}\p{No}]$/u;
const SPACE = /^\s$/u;

/** Go's strings.Title's word boundary test (isSeparator). */
function isSeparator(ch: string): boolean {
  const c = ch.codePointAt(0)!;
  if (c <= 0x7f) {
    if ((c >= 48 && c <= 57) || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) return false;
    return true;
  }
  if (LETTER_OR_DIGIT.test(ch)) return false;
  return isGoSpace(c);
}

/** Go's strings.Title: the first letter of each word in title case. */
export function goTitle(s: string): string {
  let prev = " ";
  let out = "";
  for (const ch of s) {
    if (isSeparator(prev)) {
      const title = TITLE[ch];
      out += title ?? mapRunes(ch, true);
    } else out += ch;
    prev = ch;
  }
  return out;
}

/** Go's unicode.IsSpace. */
function isGoSpace(c: number): boolean {
  if (c <= 0xff) return c === 0x20 || (c >= 0x09 && c <= 0x0d) || c === 0x85 || c === 0xa0;
  // White_Space beyond Latin-1; JS's \s also has U+FEFF, which Go's IsSpace does not.
  return c !== 0xfeff && SPACE.test(String.fromCodePoint(c));
}

/** Go's strings.TrimSpace. */
export function goTrimSpace(s: string): string {
  let start = 0;
  let end = s.length;
  while (start < end && isGoSpace(s.codePointAt(start)!)) start += s.codePointAt(start)! > 0xffff ? 2 : 1;
  while (end > start) {
    const c = s.charCodeAt(end - 1);
    const cp = c >= 0xdc00 && c <= 0xdfff && end - 2 >= start ? s.codePointAt(end - 2)! : c;
    if (!isGoSpace(cp)) break;
    end -= cp > 0xffff ? 2 : 1;
  }
  return s.slice(start, end);
}
