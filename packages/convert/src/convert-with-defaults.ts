// Defaults, then conversion: what OpenTofu does to a variable's value, in one call.

import {
  listValNoCopy,
  listValPieces,
  MAX_DEPTH,
  requireThisCopy,
  setVal,
  type Type,
  typeEquals,
  type Value,
  withoutOptionalAttributesDeep,
} from "@tofukit/cty";
import { ChunkedArray, LARGE_ARRAY } from "./chunked-array.js";
import { type Conversion, convertPart, getConversion, newContext, unlessIdentity } from "./conversion.js";
import { equalsType } from "./conversion-collection.js";
import { convert } from "./convert.js";
import {
  applyDefaults,
  applyDefaultsIn,
  type Defaults,
  elementDefaults,
  newApplyContext,
} from "./defaults.js";
import { ConversionError } from "./errors.js";
import type { Path } from "./path.js";

/**
 * `convert(applyDefaults(value, defaults), type)`, as OpenTofu applies a type constraint with
 * optional-attribute defaults (none when `defaults` is null or undefined): the same value, or the
 * same ConversionError.
 *
 * A tuple converted to a list or set whose element type has no `any` in it — a list written in
 * a `.tfvars` file, the usual case — is defaulted and converted one element at a time, so that
 * no defaulted copy of the whole tuple is made. Everything else, and any element that fails,
 * takes the two steps, which give the result or the error.
 */
export function convertWithDefaults(value: Value, type: Type, defaults?: Defaults | null): Value {
  requireThisCopy(value, "value");
  requireThisCopy(type, "type");
  if (defaults === null || defaults === undefined || value.isNull) return convert(value, type);
  return elementwise(value, type, defaults) ?? convert(applyDefaults(value, defaults), type);
}

/** How many element types a call remembers the conversion of (the context memoizes the rest). */
const MAX_REMEMBERED = 64;

/** The result element by element, or undefined where only the two steps decide. */
function elementwise(value: Value, type: Type, defaults: Defaults): Value | undefined {
  if (!value.isKnown || value.type.kind !== "tuple") return undefined;
  if (type.kind !== "list" && type.kind !== "set") return undefined;
  // Tuple nodes default each element differently; a target element type with `any` in it
  // unifies the elements with each other first.
  if (defaults.type.kind === "tuple" || type.element.hasDynamic) return undefined;
  if (value.type.depth > MAX_DEPTH || type.depth > MAX_DEPTH) return undefined;
  const src = value.elements();
  if (src.length === 0) return undefined;
  const conversions = newContext();
  const child = elementDefaults(defaults);
  const target = type.element;
  // Defaults made for this very type (as typeexpr makes them) let the defaulted objects take
  // the nulls their conversion would add; any other defaults are applied as they are.
  const applyCtx = newApplyContext(conversions, child !== undefined && madeFor(child, target));
  const plain = withoutOptionalAttributesDeep(target);
  const isPlain = equalsType(plain);
  // Long tuples repeat a few element types: their conversions (null: none needed) by type.
  const convs = new Map<Type, Conversion | null>();
  const isTarget = equalsType(target);
  const out = new ChunkedArray<Value>(src.length);
  const path: Path = [];
  try {
    for (let i = 0; i < src.length; i++) {
      const e = child === undefined ? src[i]! : applyDefaultsIn(applyCtx, child, src[i]!);
      const et = e.type;
      // The defaulted tuple as a whole must not be too deep to convert either.
      if (et.depth >= MAX_DEPTH) return undefined;
      let conv = convs.get(et);
      if (conv === undefined) {
        // As the tuple conversion does: no conversion for a type equal to the target.
        conv = null;
        if (!isTarget(et)) {
          const found = getConversion(conversions, et, target, true);
          if (found === null) return undefined;
          conv = unlessIdentity(found);
        }
        if (convs.size < MAX_REMEMBERED) convs.set(et, conv);
      }
      const r = conv === null ? e : convertPart(conv, e, path, i);
      // Elements of other types would be unified with each other: the two steps decide.
      if (!isPlain(r.type)) return undefined;
      out.set(i, r);
    }
  } catch (error) {
    if (error instanceof ConversionError) return undefined;
    throw error;
  }
  // Every element has the plain element type: the list or set the tuple conversion makes. A
  // long list keeps its pieces rather than being copied into one large array.
  if (type.kind === "set") return setVal(out.toArray());
  return src.length > LARGE_ARRAY ? listValPieces(out.pieces()) : listValNoCopy(out.toArray());
}

/** Whether every node's type is `type`'s member type at the node's place, as typeexpr builds them. */
function madeFor(d: Defaults, type: Type): boolean {
  if (!typeEquals(d.type, type)) return false;
  for (const [key, child] of d.children) {
    const member =
      type.kind === "object"
        ? type.attributes.get(key)
        : type.kind === "tuple"
          ? type.elements[Number(key)]
          : type.kind === "list" || type.kind === "set" || type.kind === "map"
            ? key === ""
              ? type.element
              : undefined
            : undefined;
    if (member === undefined || !madeFor(child, member)) return false;
  }
  return true;
}
