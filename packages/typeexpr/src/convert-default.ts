// Converting an optional attribute's default to the attribute's type at parse time, with
// @tofukit/convert (cty's convert.Convert, as typeexpr does since hcl 2.14.1).
import { ConversionError, convert } from "@tofukit/convert";
import {
  nullVal,
  type ObjectType,
  objectValSorted,
  type Type,
  type Value,
  withoutOptionalAttributesDeep,
} from "@tofukit/cty";
import type { ConvertDefault } from "./defaults-node.js";

/**
 * The conversion of a default. On failure the message is the error's own text without its path,
 * as the reference prints `err.Error()` of a path error.
 */
export const convertDefault: ConvertDefault = (value, type) => {
  // A primitive default of exactly its attribute's type (`optional(string, "x")`, the common
  // case) is its own conversion, as convert() would find after more work.
  if (value.type === type && (type.kind === "string" || type.kind === "number" || type.kind === "bool")) {
    return { ok: true, value };
  }
  if (type.kind === "object" && isEmptyObject(value) && isAllOptional(type)) {
    return { ok: true, value: nullAttributes(type) };
  }
  try {
    return { ok: true, value: convert(value, type) };
  } catch (e) {
    if (e instanceof ConversionError) return { ok: false, message: e.message };
    throw e;
  }
};

/** A known `{}`. */
function isEmptyObject(value: Value): boolean {
  return (
    value.type.kind === "object" && value.type.attributeNames.length === 0 && value.isKnown && !value.isNull
  );
}

/** An object type with attributes, every one of them optional. */
function isAllOptional(type: ObjectType): boolean {
  const n = type.attributeNames.length;
  return n > 0 && type.optional.size === n;
}

/**
 * `{}` converted to an object type whose attributes are all optional (the usual default of
 * `optional(object({...}), {})`): every attribute a null of its type without optional markers,
 * exactly what convert() builds for it.
 */
function nullAttributes(type: ObjectType): Value {
  const plain = withoutOptionalAttributesDeep(type) as ObjectType;
  const types = plain.attributeTypes;
  const nulls: Value[] = [];
  for (let i = 0; i < types.length; i++) nulls.push(nullVal(types[i] as Type));
  return objectValSorted(plain.attributeNames, nulls, plain);
}
