// The length of a collection where cty's Value.Length is known: sets with unknown elements aside.
import type { Value } from "./value.js";

/**
 * The number of elements of a known, non-null list, set, map or tuple (or of an unknown tuple,
 * whose type says it), or null where cty's `Length()` is unknown: an unknown collection, and a
 * set of two or more elements some of which are unknown (they may turn out equal to others
 * and coalesce). A set holding a single unknown element still has length one.
 */
export function knownLength(v: Value): number | null {
  if (v.type.kind === "tuple") return v.type.elements.length;
  if (!v.isKnown || v.isNull) return null;
  const n = v.length;
  if (v.type.kind === "set" && n > 1 && !v.isWhollyKnown()) return null;
  return n;
}
