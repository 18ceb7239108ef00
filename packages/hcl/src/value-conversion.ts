// Converting values as hclsyntax does with cty's convert.Convert: the operands of operators,
// template parts, keys, conditions and function arguments. Marks are taken off for the
// conversion and put back on the result, as cty's conversions do.
import { ConversionError, convert } from "@tofukit/convert";
import {
  CtyError,
  CtyNumber,
  containsMarked,
  friendlyName,
  markedVal,
  marksOf,
  nullVal,
  numberVal,
  stringVal,
  type Type,
  typeEquals,
  unknownVal,
  unmarkDeep,
  unmarkedVal,
  type Value,
} from "@tofukit/cty";

/** A converted value, or cty's message saying why there is none. */
type Converted =
  | { readonly ok: true; readonly value: Value }
  | { readonly ok: false; readonly message: string };

const TRUE_STRING = stringVal("true");
const FALSE_STRING = stringVal("false");

/**
 * `v` converted to `type` (unsafe conversions included, as convert.Convert). The common
 * primitive cases are done here without a detour; everything else goes through @tofukit/convert.
 */
export function convertValue(v: Value, type: Type): Converted {
  const vt = v.type;
  if (vt === type || type.kind === "dynamic") return { ok: true, value: v };
  const own = marksOf(v);
  if (own.size > 0) {
    const r = convertValue(unmarkedVal(v), type);
    return r.ok ? { ok: true, value: markedVal(r.value, own) } : r;
  }
  if (isPrimitive(type) && (vt.kind === "dynamic" || isPrimitive(vt))) {
    if (vt.kind === type.kind) return { ok: true, value: v };
    if (vt.kind === "dynamic" || !v.isKnown || v.isNull) {
      if (vt.kind === "dynamic" || canConvertPrimitive(vt, type))
        return { ok: true, value: v.isNull ? nullVal(type) : unknownVal(type) };
    } else if (type.kind === "string") {
      if (vt.kind === "number") return { ok: true, value: stringVal(v.asNumber().toString()) };
      if (vt.kind === "bool") return { ok: true, value: v.asBool() ? TRUE_STRING : FALSE_STRING };
    } else if (vt.kind !== "string") {
      // Number and bool never convert to each other: cty's MismatchMessage, without building
      // an error to throw and catch (a chain of wrong operands has one per operand).
      return { ok: false, message: `${friendlyName(type)} required, but have ${friendlyName(vt)}` };
    } else if (type.kind === "number") {
      const n = CtyNumber.parse(v.asString());
      return n === null ? { ok: false, message: "a number is required" } : { ok: true, value: numberVal(n) };
    }
  }
  if (typeEquals(vt, type)) return { ok: true, value: v };
  return convertSlow(v, type);
}

function convertSlow(v: Value, type: Type): Converted {
  // Nested marks: convert the unmarked value and mark the whole result with everything found
  // (cty would keep each mark in its place; OpenTofu treats the result as marked either way).
  let input = v;
  let marks: ReadonlySet<string> | null = null;
  if (containsMarked(v)) {
    const u = unmarkDeep(v);
    input = u.value;
    marks = u.marks;
  }
  try {
    const out = convert(input, type);
    return { ok: true, value: marks === null ? out : markedVal(out, marks) };
  } catch (e) {
    if (e instanceof ConversionError || e instanceof CtyError)
      return { ok: false, message: (e as Error).message };
    throw e;
  }
}

function isPrimitive(ty: Type): boolean {
  return ty.kind === "string" || ty.kind === "number" || ty.kind === "bool";
}

/** Whether a primitive converts to another primitive at all (number and bool never do). */
function canConvertPrimitive(from: Type, to: Type): boolean {
  if (from.kind === to.kind) return true;
  if (to.kind === "string") return true;
  return from.kind === "string";
}
