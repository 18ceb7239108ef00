// The bidi rule of RFC 5893 §2 for one label of a bidi domain name.
import {
  BIDI_AN,
  BIDI_EN,
  BIDI_L,
  BIDI_NEUTRAL,
  BIDI_NSM,
  BIDI_RAL,
  bidiOf,
  propertiesOf,
} from "./idna-properties.js";

export function bidiRuleHolds(label: string): boolean {
  if (label === "") return true;
  const classes: number[] = [];
  for (const ch of label) classes.push(bidiOf(propertiesOf(ch.codePointAt(0)!)));
  const first = classes[0]!;
  // The last character that is not a non-spacing mark decides rules 3 and 6.
  let end = classes.length - 1;
  while (end > 0 && classes[end] === BIDI_NSM) end--;
  const last = classes[end]!;
  if (first === BIDI_RAL) {
    // Rules 2–4: RTL label.
    let hasEN = false;
    let hasAN = false;
    for (const c of classes) {
      if (c === BIDI_EN) hasEN = true;
      else if (c === BIDI_AN) hasAN = true;
      else if (c !== BIDI_RAL && c !== BIDI_NEUTRAL && c !== BIDI_NSM) return false;
    }
    return (last === BIDI_RAL || last === BIDI_EN || last === BIDI_AN) && !(hasEN && hasAN);
  }
  if (first === BIDI_L) {
    // Rules 5–6: LTR label.
    for (const c of classes) {
      if (c !== BIDI_L && c !== BIDI_EN && c !== BIDI_NEUTRAL && c !== BIDI_NSM) return false;
    }
    return last === BIDI_L || last === BIDI_EN;
  }
  return false;
}
