// Indexing and attribute access on values, as hcl.Index and hcl.GetAttr: the steps of
// traversals (`a.b`, `a[0]`, legacy `a.0`) and of index expressions (`a[x]`), with their
// diagnostics. A value taken from a marked container carries the container's marks.
import {
  CtyNumber,
  dynamicVal,
  friendlyName,
  marksOf,
  type Type,
  t,
  unknownVal,
  unmarkedVal,
  type Value,
  withMarksOf,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { type Diagnostic, errorDiag } from "./diagnostic.js";
import type { Range } from "./pos.js";
import { convertValue } from "./value-conversion.js";

const INVALID_INDEX = "Invalid index";
const NOT_IDENTIFIED = "The given key does not identify an element in this collection value";

/**
 * Where a failure is reported: a range, or the traversal step or node whose range it is. A step
 * of the parser's makes its range when it is read, so it is read only when there is a failure.
 */
export type FailureAt = Range | { readonly kind: string; readonly range: Range };

function fail(diags: Diagnostic[], summary: string, detail: string, at: FailureAt): Value {
  diags.push(errorDiag(summary, detail, "kind" in at ? at.range : at));
  return dynamicVal;
}

/** `collection[key]` (hcl.Index); a diagnostic goes to `diags` and the result is then unknown. */
export function indexValue(collection: Value, key: Value, range: FailureAt, diags: Diagnostic[]): Value {
  if (collection.isNull) {
    return fail(
      diags,
      "Attempt to index null value",
      "This value is null, so it does not have any indices.",
      range,
    );
  }
  if (key.isNull) return fail(diags, INVALID_INDEX, "Can't use a null value as an indexing key.", range);
  const ty = collection.type;
  if (key.type.kind === "dynamic" || ty.kind === "dynamic") return withMarksOf(dynamicVal, collection);
  switch (ty.kind) {
    case "list":
    case "tuple":
    case "map":
      return indexSequenceOrMap(collection, key, ty, range, diags);
    case "object":
      return indexObject(collection, key, ty, range, diags);
    case "set":
      return fail(
        diags,
        INVALID_INDEX,
        "Elements of a set are identified only by their value and don't have any separate index or key to select with, so it's only possible to perform operations across all elements of the set.",
        range,
      );
    default:
      return fail(diags, INVALID_INDEX, "This value does not have any indices.", range);
  }
}

function indexSequenceOrMap(
  collection: Value,
  rawKey: Value,
  ty: Type & { kind: "list" | "tuple" | "map" },
  range: FailureAt,
  diags: Diagnostic[],
): Value {
  const converted = convertValue(rawKey, ty.kind === "map" ? t.string : t.number);
  if (!converted.ok) return fail(diags, INVALID_INDEX, `${NOT_IDENTIFIED}: ${converted.message}.`, range);
  const key = converted.value;
  // cty's HasIndex: unknown when the key is, or when a list's or map's value is.
  if (!key.isKnown || (!collection.isKnown && ty.kind !== "tuple")) {
    return withMarksOf(ty.kind === "tuple" ? dynamicVal : unknownVal(ty.element), collection);
  }
  const keyMarks = marksOf(key);
  if (ty.kind === "map") {
    const name = unmarkedVal(key).asString();
    const e = collection.get(name);
    if (e === undefined) return fail(diags, INVALID_INDEX, `${NOT_IDENTIFIED}.`, range);
    return withMarksOf(withMarksOf(e, collection), key);
  }
  const n = unmarkedVal(key).asNumber();
  const length = ty.kind === "tuple" ? ty.elements.length : collection.length;
  // -0 is index 0, as big.Float's Int64 reads it.
  const i = n.isInteger() ? n.toSafeInteger() : null;
  if (i !== null && i >= 0 && i < length) {
    if (!collection.isKnown)
      return withMarksOf(unknownVal((ty as Type & { kind: "tuple" }).elements[i]!), collection);
    const e = collection.index(i)!;
    return keyMarks.size > 0 ? withMarksOf(withMarksOf(e, collection), key) : withMarksOf(e, collection);
  }
  if (!n.isInteger()) {
    return fail(
      diags,
      INVALID_INDEX,
      `${NOT_IDENTIFIED}: indexing a sequence requires a whole number, but the given index has a fractional part.`,
      range,
    );
  }
  if (n.negative && !n.isZero()) {
    return fail(
      diags,
      INVALID_INDEX,
      `${NOT_IDENTIFIED}: a negative number is not a valid index for a sequence.`,
      range,
    );
  }
  // hcl names the length only when the index is exactly the length (index − length < 1);
  // any larger index gets the plain message. A marked collection's length is not shown.
  if (marksOf(collection).size === 0 && n.compare(CtyNumber.fromInteger(length)) <= 0) {
    return fail(
      diags,
      INVALID_INDEX,
      length === 0
        ? `${NOT_IDENTIFIED}: the collection has no elements.`
        : `${NOT_IDENTIFIED}: the given index is greater than or equal to the length of the collection.`,
      range,
    );
  }
  return fail(diags, INVALID_INDEX, `${NOT_IDENTIFIED}.`, range);
}

function indexObject(
  collection: Value,
  rawKey: Value,
  ty: Type & { kind: "object" },
  range: FailureAt,
  diags: Diagnostic[],
): Value {
  const wasNumber = rawKey.type.kind === "number";
  const converted = convertValue(rawKey, t.string);
  if (!converted.ok) return fail(diags, INVALID_INDEX, `${NOT_IDENTIFIED}: ${converted.message}.`, range);
  const key = converted.value;
  if (!key.isKnown) return withMarksOf(dynamicVal, collection);
  const name = unmarkedVal(key).asString();
  const at = ty.attributes.get(name);
  if (at === undefined) {
    const suggestion = wasNumber
      ? " An object only supports looking up attributes by name, not by numeric index."
      : "";
    return fail(diags, INVALID_INDEX, `${NOT_IDENTIFIED}.${suggestion}`, range);
  }
  if (!collection.isKnown) return withMarksOf(unknownVal(at), collection);
  return withMarksOf(collection.get(name)!, collection);
}

/** `obj.name` (hcl.GetAttr); a diagnostic goes to `diags` and the result is then unknown. */
export function getAttrValue(obj: Value, name: string, range: FailureAt, diags: Diagnostic[]): Value {
  if (obj.isNull) {
    return fail(
      diags,
      "Attempt to get attribute from null value",
      "This value is null, so it does not have any attributes.",
      range,
    );
  }
  const unsupported = "Unsupported attribute";
  const ty = obj.type;
  switch (ty.kind) {
    case "object": {
      // A known object's attribute is looked up once, among its values; the type is asked
      // only for an unknown object's.
      const found = obj.isKnown ? obj.get(name) : ty.attributes.get(name);
      if (found === undefined) {
        return fail(
          diags,
          unsupported,
          `This object does not have an attribute named ${goQuote(name)}.`,
          range,
        );
      }
      if (!obj.isKnown) return withMarksOf(unknownVal(found as Type), obj);
      return withMarksOf(found as Value, obj);
    }
    case "map": {
      if (!obj.isKnown) return withMarksOf(unknownVal(ty.element), obj);
      const e = obj.get(name);
      if (e === undefined) {
        return fail(
          diags,
          "Missing map element",
          `This map does not have an element with the key ${goQuote(name)}.`,
          range,
        );
      }
      return withMarksOf(e, obj);
    }
    case "dynamic":
      return withMarksOf(dynamicVal, obj);
    case "list":
      if (ty.element.kind === "object") {
        return fail(
          diags,
          unsupported,
          ty.element.attributes.has(name)
            ? `Can't access attributes on a list of objects. Did you mean to access attribute ${goQuote(name)} for a specific element of the list, or across all elements of the list?`
            : "Can't access attributes on a list of objects. Did you mean to access an attribute for a specific element of the list, or across all elements of the list?",
          range,
        );
      }
      break;
    case "set":
      if (ty.element.kind === "object") {
        return fail(
          diags,
          unsupported,
          "Can't access attributes on a set of objects. Did you mean to access an attribute across all elements of the set?",
          range,
        );
      }
      break;
    case "string":
    case "number":
    case "bool":
      return fail(
        diags,
        unsupported,
        `Can't access attributes on a primitive-typed value (${friendlyName(ty)}).`,
        range,
      );
  }
  return fail(diags, unsupported, "This value does not have any attributes.", range);
}
