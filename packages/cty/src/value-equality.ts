// Value equality: cty's `Equals` (unknown-aware) and `RawEquals` (structural identity).

import type { CtyNumber } from "./number.js";
import { t, typeEquals } from "./type.js";
import { boolVal, unknownVal, type Value } from "./value.js";

/**
 * cty's `Equals` as the `==` operator uses it: a bool value, unknown when either side is
 * (or contains) an unknown; nulls of any type are equal to each other; numbers compare
 * numerically (-0 equals 0); values of different types are unequal.
 */
export function valueEquals(a: Value, b: Value): Value {
  const r = equalsTri(a, b);
  return r === null ? unknownVal(t.bool) : boolVal(r);
}

function equalsTri(a: Value, b: Value): boolean | null {
  if (!a.isKnown || !b.isKnown) return null;
  if (a.isNull || b.isNull) return a.isNull && b.isNull;
  if (!typeEquals(a.type, b.type)) return false;
  switch (a.type.kind) {
    case "string":
      return a.asString() === b.asString();
    case "number":
      return a.asNumber().equals(b.asNumber());
    case "bool":
      return a.asBool() === b.asBool();
    case "list":
    case "set":
    case "tuple": {
      const ea = a.elements();
      const eb = b.elements();
      if (ea.length !== eb.length) return false;
      let unknown = false;
      for (let i = 0; i < ea.length; i++) {
        const r = equalsTri(ea[i]!, eb[i]!);
        if (r === false) return false;
        if (r === null) unknown = true;
      }
      return unknown ? null : true;
    }
    case "map":
    case "object": {
      // Keys are in UTF-8 order: equal key sets are equal lists.
      if (!sameKeys(a.entryKeys(), b.entryKeys())) return false;
      const va = a.entryValues();
      const vb = b.entryValues();
      let unknown = false;
      for (let i = 0; i < va.length; i++) {
        const r = equalsTri(va[i]!, vb[i]!);
        if (r === false) return false;
        if (r === null) unknown = true;
      }
      return unknown ? null : true;
    }
    default:
      return null;
  }
}

/** Whether two values are identical: same type, same knownness and nullness, same content. */
export function rawEquals(a: Value, b: Value): boolean {
  if (a === b) return true;
  if (!typeEquals(a.type, b.type)) return false;
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

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}
