// Deep marks: cty's UnmarkDeep and ContainsMarked, for functions and operators that take
// marked arguments apart and mark their result with everything they saw.
import {
  listVal,
  mapVal,
  markedVal,
  marksInUse,
  marksOf,
  objectVal,
  setVal,
  tupleVal,
  unmarkedVal,
  type Value,
} from "./value.js";

/** OpenTofu's mark for sensitive values (`sensitive = true`, `sensitive()`). */
export const SENSITIVE = "sensitive";
/** OpenTofu's mark for ephemeral values. */
export const EPHEMERAL = "ephemeral";

const NO_MARKS: ReadonlySet<string> = new Set<string>();

/** Whether the value or any value nested in it carries a mark. */
export function containsMarked(v: Value): boolean {
  // Until a value is marked, none is: functions and operators call this on every argument.
  if (!marksInUse()) return false;
  if (marksOf(v).size > 0) return true;
  if (v.isNull || !v.isKnown) return false;
  switch (v.type.kind) {
    case "list":
    case "set":
    case "tuple":
      return v.elements().some(containsMarked);
    case "map":
    case "object":
      return v.entryValues().some(containsMarked);
    default:
      return false;
  }
}

/** The value with every mark removed at every depth, and the union of the marks removed. */
export function unmarkDeep(v: Value): { readonly value: Value; readonly marks: ReadonlySet<string> } {
  if (!marksInUse()) return { value: v, marks: NO_MARKS };
  const marks = new Set<string>();
  const value = strip(v, marks);
  return { value, marks };
}

function strip(v: Value, marks: Set<string>): Value {
  const own = marksOf(v);
  for (const m of own) marks.add(m);
  const base = own.size > 0 ? unmarkedVal(v) : v;
  if (base.isNull || !base.isKnown) return base;
  const type = base.type;
  switch (type.kind) {
    case "list":
    case "set":
    case "tuple": {
      const elems = base.elements();
      if (!elems.some(containsMarked)) return base;
      const out = elems.map((e) => strip(e, marks));
      if (type.kind === "list") return listVal(out, type.element);
      if (type.kind === "set") return setVal(out, type.element);
      return tupleVal(out);
    }
    case "map":
    case "object": {
      const values = base.entryValues();
      if (!values.some(containsMarked)) return base;
      const keys = base.entryKeys();
      const entries = keys.map((k, i) => [k, strip(values[i]!, marks)] as [string, Value]);
      return type.kind === "map" ? mapVal(entries, type.element) : objectVal(entries, type);
    }
    default:
      return base;
  }
}

/** The marks of the value and of every value nested in it. */
export function marksDeep(v: Value): ReadonlySet<string> {
  return containsMarked(v) ? unmarkDeep(v).marks : marksOf(v);
}

/** `v` marked with every mark of each of `from` (cty's `WithMarks` of several values' marks). */
export function withMarksOf(v: Value, ...from: readonly Value[]): Value {
  if (!marksInUse()) return v;
  let out = v;
  for (const f of from) {
    const m = marksOf(f);
    if (m.size > 0) out = markedVal(out, m);
  }
  return out;
}
