// Finding a conversion for a pair of types, and the wrapper every conversion level shares.
//
// As in cty, conversions are built once per pair of types (then applied to any number of
// values) and are always the "unsafe" kind when called from convert(). A context memoizes
// them, so a tuple of many elements of one type costs one build, not one per element.

import {
  isPrimitiveType,
  nullVal,
  type Type,
  typeEquals,
  unknownVal,
  type Value,
  withoutOptionalAttributesDeep,
} from "@tofukit/cty";
import {
  conversionCollectionToList,
  conversionCollectionToMap,
  conversionCollectionToSet,
  conversionObjectToMap,
  conversionTupleToList,
  conversionTupleToSet,
} from "./conversion-collection.js";
import { conversionMapToObject, conversionObjectToObject } from "./conversion-object.js";
import { primitiveConversion } from "./conversion-primitive.js";
import { conversionTupleToTuple } from "./conversion-tuple.js";
import { dynamicReplace } from "./dynamic-replace.js";
import { ConversionError } from "./errors.js";
import { mismatchMessage } from "./mismatch-message.js";
import { type Path, type PathStep, pathSteps } from "./path.js";

/** Converts one value of the type it was built for; throws ConversionError. */
export type Conversion = (value: Value, path: Path) => Value;

/** `conv` applied to the part of a value at `step` (an attribute, or a bare index or key). */
export function convertPart(
  conv: Conversion,
  part: Value,
  path: Path,
  step: PathStep | number | string,
): Value {
  path.push(step);
  const out = conv(part, path);
  path.pop();
  return out;
}

/**
 * The conversion that keeps the value (also for nulls and unknowns, whose type is then the
 * target's already). Builders treat it like "no conversion needed".
 */
const IDENTITY: Conversion = (v) => v;

/** The conversion, or null when it is the identity: what the builders store per member. */
export function unlessIdentity(conv: Conversion): Conversion | null {
  return conv === IDENTITY ? null : conv;
}

type Memo = Map<Type | string, Map<Type | string, Conversion | null>>;

/**
 * Memo of built conversions per safety mode: by type object, and — once a conversion has
 * needed more than a few builds — also by type key, so equal types built separately (the
 * element types of a long tuple) share their conversions.
 */
export interface ConversionContext {
  readonly built: readonly [Memo, Memo];
  builds: number;
}

export function newContext(): ConversionContext {
  return { built: [new Map(), new Map()], builds: 0 };
}

// Below this many builds keys are not worth computing; types larger than KEYED_SIZE nodes are
// memoized by identity only, their keys being long to build.
const KEYED_AFTER = 16;
const KEYED_SIZE = 256;

function memoKey(type: Type): Type | string {
  return type.size <= KEYED_SIZE ? type.key : type;
}

function memoGet(memo: Memo, a: Type | string, b: Type | string): Conversion | null | undefined {
  return memo.get(a)?.get(b);
}

function memoSet(memo: Memo, a: Type | string, b: Type | string, conv: Conversion | null): void {
  let byOut = memo.get(a);
  if (byOut === undefined) {
    byOut = new Map();
    memo.set(a, byOut);
  }
  byOut.set(b, conv);
}

/** The conversion from `inType` to `outType`, or null when none exists (cty's getConversion). */
export function getConversion(
  ctx: ConversionContext,
  inType: Type,
  outType: Type,
  unsafe: boolean,
): Conversion | null {
  const memo = ctx.built[unsafe ? 1 : 0];
  const direct = memoGet(memo, inType, outType);
  if (direct !== undefined) return direct;
  const keyed = ctx.builds >= KEYED_AFTER;
  const inKey = keyed ? memoKey(inType) : inType;
  const outKey = keyed ? memoKey(outType) : outType;
  let conv = keyed ? memoGet(memo, inKey, outKey) : undefined;
  if (conv === undefined) {
    ctx.builds++;
    const known = getConversionKnown(ctx, inType, outType, unsafe);
    conv = known === null || known === IDENTITY ? known : wrap(known, outType);
    if (keyed) memoSet(memo, inKey, outKey, conv);
  }
  memoSet(memo, inType, outType, conv);
  return conv;
}

/**
 * Every level: a target of `any` passes the value through; null and unknown values become
 * null/unknown of the target type with its `any` parts filled from the value's own type.
 */
function wrap(conv: Conversion, outType: Type): Conversion {
  if (outType.kind === "dynamic") return (v) => v;
  let plain: Type | undefined;
  return (v, path) => {
    if (v.isKnown && !v.isNull) return conv(v, path);
    plain ??= withoutOptionalAttributesDeep(outType);
    const target = dynamicReplace(v.type, plain);
    return v.isKnown ? nullVal(target) : unknownVal(target);
  };
}

function getConversionKnown(
  ctx: ConversionContext,
  inType: Type,
  outType: Type,
  unsafe: boolean,
): Conversion | null {
  if (outType.kind === "dynamic") return (v) => v;
  // A value whose type is the target without its optional markers converts to an equal value
  // (cty rebuilds it attribute by attribute): keep it.
  if (outType.hasOptional && typeEquals(inType, withoutOptionalAttributesDeep(outType))) return IDENTITY;
  if (unsafe && inType.kind === "dynamic") return dynamicFixup(outType);
  if (isPrimitiveType(inType) && isPrimitiveType(outType))
    return primitiveConversion(inType, outType, unsafe);
  switch (outType.kind) {
    case "object":
      if (inType.kind === "object") return conversionObjectToObject(ctx, inType, outType, unsafe);
      if (inType.kind === "map") return unsafe ? conversionMapToObject(ctx, inType, outType, unsafe) : null;
      return null;
    case "tuple":
      return inType.kind === "tuple" ? conversionTupleToTuple(ctx, inType, outType, unsafe) : null;
    case "list":
      if (inType.kind === "list" || inType.kind === "set") {
        if (typeEquals(inType.element, outType.element))
          return conversionCollectionToList(outType.element, null);
        const conv = getConversion(ctx, inType.element, outType.element, unsafe);
        return conv === null ? null : conversionCollectionToList(outType.element, unlessIdentity(conv));
      }
      if (inType.kind === "tuple") return conversionTupleToList(ctx, inType, outType.element, unsafe);
      return null;
    case "set":
      if (inType.kind === "list" || inType.kind === "set") {
        if (inType.kind === "list" && !unsafe) return null;
        if (typeEquals(inType.element, outType.element))
          return conversionCollectionToSet(outType.element, null);
        const conv = getConversion(ctx, inType.element, outType.element, unsafe);
        return conv === null ? null : conversionCollectionToSet(outType.element, unlessIdentity(conv));
      }
      if (inType.kind === "tuple") return conversionTupleToSet(ctx, inType, outType.element, unsafe);
      return null;
    case "map":
      if (inType.kind === "map") {
        const conv = getConversion(ctx, inType.element, outType.element, unsafe);
        return conv === null ? null : conversionCollectionToMap(ctx, outType.element, unlessIdentity(conv));
      }
      if (inType.kind === "object") return conversionObjectToMap(ctx, inType, outType.element, unsafe);
      return null;
    default:
      return null;
  }
}

/** A value typed `any` (only ever null or unknown) converts late, like a top-level convert. */
function dynamicFixup(outType: Type): Conversion {
  return (v, path) => {
    try {
      return convertWith(newContext(), v, outType);
    } catch (e) {
      if (e instanceof ConversionError)
        throw new ConversionError(e.code, e.message, [...pathSteps(path), ...e.path]);
      throw e;
    }
  };
}

/** cty's Convert: the value itself when its type already matches, else the unsafe conversion. */
export function convertWith(ctx: ConversionContext, value: Value, type: Type): Value {
  if (typeEquals(value.type, withoutOptionalAttributesDeep(type))) return value;
  const conv = getConversion(ctx, value.type, type, true);
  if (conv === null)
    throw new ConversionError("TOFUKIT_CONVERT_MISMATCH", mismatchMessage(ctx, value.type, type));
  return conv(value, []);
}
