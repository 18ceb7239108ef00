// Value equality: cty's `Equals` (unknown-aware) and `RawEquals` (structural identity).

import { typeConforms } from "./function.js";
import { containsMarked, unmarkDeep } from "./marks.js";
import type { CtyNumber } from "./number.js";
import { t, typeEquals } from "./type.js";
import { boolVal, markedVal, marksOf, unknownVal, type Value } from "./value.js";

/**
 * cty's `Equals` as the `==` operator uses it: a bool value, unknown where the answer depends
 * on an unknown value; nulls of any type are equal to each other; numbers compare numerically
 * (-0 equals 0); values of different types are unequal, even when one is unknown
 * (`"hello" == unknown(number)` is false). Elements are compared in order and the first
 * unequal or unknown pair decides (`[1, unknown] == [2, unknown]` is false, `[1] == [unknown]`
 * unknown). Marked operands give a result with their marks.
 */
export function valueEquals(a: Value, b: Value): Value {
  if (containsMarked(a) || containsMarked(b)) {
    const ua = unmarkDeep(a);
    const ub = unmarkDeep(b);
    const r = valueEquals(ua.value, ub.value);
    // Comparing with null reveals only whether the value is null: cty keeps only the
    // operands' own marks then.
    const oneNull = a.isNull !== b.isNull;
    const marks = oneNull ? [...marksOf(a), ...marksOf(b)] : [...ua.marks, ...ub.marks];
    return marks.length === 0 ? r : markedVal(r, marks);
  }
  const r = equalsTri(a, b);
  return r === null ? unknownVal(t.bool) : boolVal(r);
}

function equalsTri(a: Value, b: Value): boolean | null {
  // A null and a value known not to be null (unknowns may turn out null).
  if (a.isNull && b.isKnown && !b.isNull) return false;
  if (b.isNull && a.isKnown && !a.isNull) return false;
  if (!a.isKnown && !b.isKnown) return null;
  if (a.isKnown !== b.isKnown) {
    const known = a.isKnown ? a : b;
    const unknown = a.isKnown ? b : a;
    // The unknown's range (its type) cannot include a value of a type that does not conform.
    if (!known.isNull && !typeConforms(known.type, unknown.type)) return false;
    if (known.isNull || unknown.type.hasDynamic) return null;
    return typeEquals(known.type, unknown.type) ? null : false;
  }
  if (a.isNull || b.isNull) return a.isNull && b.isNull;
  if ((a.type.hasDynamic && !hasWhollyKnownType(a)) || (b.type.hasDynamic && !hasWhollyKnownType(b))) {
    if (!typeConforms(a.type, b.type) && !typeConforms(b.type, a.type)) return false;
    return null;
  }
  if (!typeEquals(a.type, b.type)) return false;
  switch (a.type.kind) {
    case "string":
      return a.asString() === b.asString();
    case "number":
      return a.asNumber().equals(b.asNumber());
    case "bool":
      return a.asBool() === b.asBool();
    case "set": {
      const ea = a.elements();
      const eb = b.elements();
      if (ea.some((e) => !e.isKnown) || eb.some((e) => !e.isKnown)) return null;
      if (ea.length !== eb.length) return false;
      // Canonical order: equal sets list equal elements in the same order.
      for (let i = 0; i < ea.length; i++) if (!rawEquals(ea[i]!, eb[i]!)) return false;
      return true;
    }
    case "list":
    case "tuple": {
      const ea = a.elements();
      const eb = b.elements();
      if (ea.length !== eb.length) return false;
      for (let i = 0; i < ea.length; i++) {
        const r = equalsTri(ea[i]!, eb[i]!);
        if (r !== true) return r;
      }
      return true;
    }
    case "map":
    case "object": {
      // Keys are in UTF-8 order: equal key sets are equal lists. cty visits them in Go map
      // order (at random); this visits them in key order.
      if (!sameKeys(a.entryKeys(), b.entryKeys())) return false;
      const va = a.entryValues();
      const vb = b.entryValues();
      for (let i = 0; i < va.length; i++) {
        const r = equalsTri(va[i]!, vb[i]!);
        if (r !== true) return r;
      }
      return true;
    }
    default:
      return null;
  }
}

/**
 * cty's HasWhollyKnownType: no unknown value of dynamic type anywhere inside. A null of type
 * dynamic (`{a = null}`) has a known type: it equals only other nulls, whatever its type.
 */
function hasWhollyKnownType(v: Value): boolean {
  if (v.isNull) return true;
  const k = v.type.kind;
  if (!v.isKnown) return k !== "dynamic" && !v.type.hasDynamic;
  if (k === "list" || k === "set" || k === "tuple") return v.elements().every(hasWhollyKnownType);
  if (k === "map" || k === "object") return v.entryValues().every(hasWhollyKnownType);
  return true;
}

/** Whether two values are identical: same type, same knownness and nullness, same content. */
export function rawEquals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (!typeEquals(a.type, b.type)) return false;
  // Marks are part of a value's identity, as in cty's RawEquals.
  if (!sameMarks(marksOf(a), marksOf(b))) return false;
  if (a.isKnown !== b.isKnown || a.isNull !== b.isNull) return false;
  if (!a.isKnown || a.isNull) return true;
  switch (a.type.kind) {
    case "string":
      return a.asString() === b.asString();
    case "number": {
      const x: CtyNumber = a.asNumber();
      const y: CtyNumber = b.asNumber();
      return x.negative === y.negative && x.infinite === y.infinite && x.equals(y);
    }
    case "bool":
      return a.asBool() === b.asBool();
    case "list":
    case "set":
    case "tuple": {
      const ea = a.elements();
      const eb = b.elements();
      return ea.length === eb.length && ea.every((e, i) => rawEquals(e, eb[i]!));
    }
    case "map":
    case "object": {
      if (!sameKeys(a.entryKeys(), b.entryKeys())) return false;
      const va = a.entryValues();
      const vb = b.entryValues();
      for (let i = 0; i < va.length; i++) if (!rawEquals(va[i]!, vb[i]!)) return false;
      return true;
    }
    default:
      return true;
  }
}

function sameMarks(a: ReadonlySet<string>, b: ReadonlySet<string>): boolean {
  if (a.size !== b.size) return false;
  for (const m of a) if (!b.has(m)) return false;
  return true;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
