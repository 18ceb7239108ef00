// The ContextJ rules of RFC 5892 Appendix A for ZERO WIDTH JOINER and ZERO WIDTH NON-JOINER.
import {
  isVirama,
  JOINING_D,
  JOINING_L,
  JOINING_R,
  JOINING_T,
  joiningOf,
  propertiesOf,
} from "./idna-properties.js";

const ZWNJ = "\u200c";
const ZWJ = "\u200d";

export function joinersAllowed(label: string): boolean {
  if (!label.includes(ZWNJ) && !label.includes(ZWJ)) return true;
  const chars = Array.from(label);
  const props = chars.map((ch) => propertiesOf(ch.codePointAt(0)!));
  for (let i = 0; i < chars.length; i++) {
    const ch = chars[i];
    if (ch !== ZWNJ && ch !== ZWJ) continue;
    // Either joiner is fine right after a virama.
    if (i > 0 && isVirama(props[i - 1]!)) continue;
    if (ch === ZWJ) return false;
    // ZWNJ: (Joining_Type L or D) (T)* ZWNJ (T)* (Joining_Type R or D).
    let before = i - 1;
    while (before >= 0 && joiningOf(props[before]!) === JOINING_T) before--;
    let after = i + 1;
    while (after < chars.length && joiningOf(props[after]!) === JOINING_T) after++;
    const left = before >= 0 ? joiningOf(props[before]!) : 0;
    const right = after < chars.length ? joiningOf(props[after]!) : 0;
    if (!((left === JOINING_L || left === JOINING_D) && (right === JOINING_R || right === JOINING_D)))
      return false;
  }
  return true;
}
