// cty's canonical set order and set de-duplication.
//
// cty iterates a set in the order of its `Less` rule: known non-null elements first, then
// unknowns, then null; strings by UTF-8 bytes, numbers numerically, false before true; any
// other element type by the bytes of cty's internal hash serialization (`makeSetHashBytes`):
// strings Go-quoted, numbers as `%.10g`, bools T/F, null `~`, unknown `?`, lists and sets
// `[e;…]`, maps `{k:v;…}`, objects and tuples `<v;…>`. Duplicates (cty equality) are dropped,
// the first one kept. Both passes are linear-time hashing plus one sort.

import { goQuote } from "@tofukit/gostd";
import { CtyError, MAX_DEPTH } from "./errors.js";
import { compareStrings } from "./string-order.js";
import type { Type } from "./type.js";
import type { Value } from "./value.js";

/** cty's hash serialization of a value, the tie-breaker of set order for non-primitive types. */
export function setHashString(v: Value): string {
  const out: string[] = [];
  appendHash(v, out, 0);
  return out.join("");
}

function appendHash(v: Value, out: string[], depth: number): void {
  if (depth > MAX_DEPTH)
    throw new CtyError("TOFUKIT_CTY_TOO_DEEP", `value nesting is deeper than ${MAX_DEPTH} levels`);
  if (!v.isKnown) {
    out.push("?");
    return;
  }
  if (v.isNull) {
    out.push("~");
    return;
  }
  switch (v.type.kind) {
    case "number":
      out.push(v.asNumber().toGoString());
      return;
    case "bool":
      out.push(v.asBool() ? "T" : "F");
      return;
    case "string":
      out.push(goQuote(v.asString()));
      return;
    case "map": {
      out.push("{");
      const keys = v.entryKeys();
      const values = v.entryValues();
      for (let i = 0; i < keys.length; i++) {
        out.push(goQuote(keys[i]!), ":");
        appendHash(values[i]!, out, depth + 1);
        out.push(";");
      }
      out.push("}");
      return;
    }
    case "list":
    case "set":
      out.push("[");
      for (const e of v.elements()) {
        appendHash(e, out, depth + 1);
        out.push(";");
      }
      out.push("]");
      return;
    case "object":
      out.push("<");
      for (const e of v.entryValues()) {
        appendHash(e, out, depth + 1);
        out.push(";");
      }
      out.push(">");
      return;
    case "tuple":
      out.push("<");
      for (const e of v.elements()) {
        appendHash(e, out, depth + 1);
        out.push(";");
      }
      out.push(">");
      return;
    default:
      out.push("?");
  }
}

/**
 * A key that two set elements share exactly when cty's equality calls them equal, or null
 * when the element contains an unknown (cty never treats those as duplicates).
 */
function equalityKey(v: Value, depth: number): string | null {
  if (depth > MAX_DEPTH)
    throw new CtyError("TOFUKIT_CTY_TOO_DEEP", `value nesting is deeper than ${MAX_DEPTH} levels`);
  if (!v.isKnown) return null;
  if (v.isNull) return "~";
  switch (v.type.kind) {
    case "number":
      // -0 and 0 are equal, but cty only compares elements whose hashes ("-0", "0") agree.
      return v.asNumber().toString();
    case "bool":
      return v.asBool() ? "T" : "F";
    case "string":
      // A top-level string needs no quoting, only a prefix to stay apart from null ("~").
      return depth === 0 ? `s${v.asString()}` : JSON.stringify(v.asString());
    case "map":
    case "object": {
      let s = "{";
      const keys = v.entryKeys();
      const values = v.entryValues();
      for (let i = 0; i < keys.length; i++) {
        const ek = equalityKey(values[i]!, depth + 1);
        if (ek === null) return null;
        s += `${JSON.stringify(keys[i])}:${ek},`;
      }
      return `${s}}`;
    }
    default: {
      let s = "[";
      for (const e of v.elements()) {
        const ek = equalityKey(e, depth + 1);
        if (ek === null) return null;
        s += `${ek},`;
      }
      return `${s}]`;
    }
  }
}

/**
 * Numeric order. The one tie, -0 against 0, falls back to cty's bucket order (the CRC-32 of
 * the hash text: "-0" sorts before "0").
 */
function compareNumbers(a: Value, b: Value): number {
  const x = a.asNumber();
  const y = b.asNumber();
  const c = x.compare(y);
  if (c !== 0 || x.negative === y.negative) return c;
  return x.negative ? -1 : 1;
}

function rank(v: Value): number {
  if (v.isNull) return 2;
  if (!v.isKnown) return 1;
  return 0;
}

/** `elements` (all of type `elementType`) de-duplicated (equal by cty's equality and by hash) and in cty's canonical set order. */
export function canonicalSetElements(elements: readonly Value[], elementType: Type): Value[] {
  const seen = new Set<string>();
  const unique: Value[] = [];
  for (const e of elements) {
    const key = equalityKey(e, 0);
    if (key !== null) {
      if (seen.has(key)) continue;
      seen.add(key);
    }
    unique.push(e);
  }
  if (unique.length < 2) return unique;
  // Sort keys are computed once per element, not once per comparison.
  switch (elementType.kind) {
    case "string": {
      const keyed = unique.map((v) => ({ v, r: rank(v), s: rank(v) === 0 ? v.asString() : "" }));
      keyed.sort((a, b) => a.r - b.r || (a.r === 0 ? compareStrings(a.s, b.s) : 0));
      return keyed.map((k) => k.v);
    }
    case "number":
      return unique.sort((a, b) => rank(a) - rank(b) || (rank(a) === 0 ? compareNumbers(a, b) : 0));
    case "bool":
      return unique.sort(
        (a, b) => rank(a) - rank(b) || (rank(a) === 0 ? Number(a.asBool()) - Number(b.asBool()) : 0),
      );
    default: {
      const keyed = unique.map((v) => ({ v, r: rank(v), h: rank(v) === 0 ? setHashString(v) : "" }));
      keyed.sort((a, b) => a.r - b.r || (a.r === 0 ? compareStrings(a.h, b.h) : 0));
      return keyed.map((k) => k.v);
    }
  }
}
