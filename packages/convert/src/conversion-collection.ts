// Conversions into lists, sets and maps: from collections, from tuples and from objects.

import {
  listValEmpty,
  listValNoCopy,
  listValPieces,
  mapValEmpty,
  mapValSorted,
  nullVal,
  type ObjectType,
  setVal,
  setValEmpty,
  type TupleType,
  type Type,
  t,
  typeEquals,
  unknownVal,
  type Value,
  withoutOptionalAttributesDeep,
} from "@tofukit/cty";
import { ChunkedArray, LARGE_ARRAY } from "./chunked-array.js";
import {
  type Conversion,
  type ConversionContext,
  convertPart,
  getConversion,
  unlessIdentity,
} from "./conversion.js";
import { ConversionError } from "./errors.js";
import { type Path, pathSteps } from "./path.js";
import { unifyTypes } from "./unify.js";

/**
 * A test for equality with `target`. Long lists repeat a few type objects, so it remembers the
 * last type object found equal and compares each repeated one structurally only once.
 */
export function equalsType(target: Type): (type: Type) => boolean {
  let equal: Type | undefined;
  return (type) => {
    if (type === target || type === equal) return true;
    if (!typeEquals(type, target)) return false;
    equal = type;
    return true;
  };
}

/** Whether values can share one collection: equal types, nulls/unknowns of `any` aside (cty's CanListVal). */
function consistentTypes(values: readonly Value[]): boolean {
  // Every type but `any` must equal the first that is not `any`.
  let same: ((type: Type) => boolean) | undefined;
  for (let i = 0; i < values.length; i++) {
    const vt = values[i]!.type;
    if (vt.kind === "dynamic") continue;
    if (same === undefined) same = equalsType(vt);
    else if (!same(vt)) return false;
  }
  return true;
}

function inconsistent(path: Path, message: string): never {
  throw new ConversionError("TOFUKIT_CONVERT_INCONSISTENT_TYPES", message, pathSteps(path));
}

/** A null result element carries its type without optional markers. */
function plainNull(v: Value): Value {
  return v.isNull && v.type.hasOptional ? nullVal(withoutOptionalAttributesDeep(v.type)) : v;
}

/** A set holding unknowns may have fewer elements than it shows: its length is unknown. */
function lengthKnown(v: Value): boolean {
  if (v.type.kind !== "set") return true;
  const elems = v.elements();
  return elems.length === 1 || elems.every((e) => e.isWhollyKnown());
}

export function conversionCollectionToList(ety: Type, conv: Conversion | null): Conversion {
  const empty = ety.kind === "dynamic" ? undefined : listValEmpty(withoutOptionalAttributesDeep(ety));
  return (v, path) => {
    const inEty = (v.type as { element: Type }).element;
    if (!lengthKnown(v)) return unknownVal(t.list(inEty));
    const src = v.elements();
    if (src.length === 0) return empty ?? listValEmpty(inEty);
    // A long list of unchanged elements keeps its array; changed ones are joined at the end.
    let changed: ChunkedArray<Value> | undefined;
    for (let i = 0; i < src.length; i++) {
      const e = src[i]!;
      const out = plainNull(conv === null ? e : convertPart(conv, e, path, i));
      if (out !== e) {
        changed ??= new ChunkedArray(src.length);
        changed.set(i, out);
      }
    }
    const result = changed === undefined ? src : changed.toArray(src);
    if (!consistentTypes(result)) inconsistent(path, "element types must all match for conversion to list");
    return listValNoCopy(result);
  };
}

export function conversionCollectionToSet(ety: Type, conv: Conversion | null): Conversion {
  const empty = ety.kind === "dynamic" ? undefined : setValEmpty(withoutOptionalAttributesDeep(ety));
  return (v, path) => {
    const inEty = (v.type as { element: Type }).element;
    const src = v.elements();
    const elems: Value[] = new Array(src.length);
    for (let i = 0; i < src.length; i++) {
      let e = src[i]!;
      if (conv !== null) e = convertPart(conv, e, path, i);
      elems[i] = plainNull(e);
    }
    if (elems.length === 0) return empty ?? setValEmpty(inEty);
    if (!consistentTypes(elems)) inconsistent(path, "element types must all match for conversion to set");
    return setVal(elems);
  };
}

export function conversionCollectionToMap(
  ctx: ConversionContext,
  ety: Type,
  conv: Conversion | null,
): Conversion {
  const unifyAfter = ety.kind === "list" || ety.kind === "set" || ety.kind === "map" || ety.kind === "object";
  return (v, path) => {
    const inEty = (v.type as { element: Type }).element;
    const keys = v.entryKeys();
    const src = v.entryValues();
    if (keys.length === 0)
      return mapValEmpty(ety.kind === "dynamic" ? inEty : withoutOptionalAttributesDeep(ety));
    let elems: Value[] = new Array(src.length);
    for (let i = 0; i < src.length; i++)
      elems[i] = conv === null ? src[i]! : convertPart(conv, src[i]!, path, keys[i]!);
    if (unifyAfter) elems = unifyMapElements(ctx, keys, elems, path, false);
    if (!consistentTypes(elems)) inconsistent(path, "element types must all match for conversion to map");
    return mapValSorted(keys, elems);
  };
}

/** The conversion for an element type: null when none is needed, undefined when there is none. */
type ElementConversion = (elementType: Type) => Conversion | null | undefined;

/**
 * cty's tuple → list/set: with an element type of `any`, the tuple's element types are
 * unified first; when that gives `any` while some element is concrete, there is no conversion.
 * Every element type must convert. Conversions are found per element type object rather than
 * kept per element: long tuples repeat a few types, and a per-element array is costly.
 */
function tupleElementConversions(
  ctx: ConversionContext,
  tuple: TupleType,
  ety: Type,
  unsafe: boolean,
): ElementConversion | null {
  let target = ety;
  if (target.kind === "dynamic") {
    const unified = unifyTypes(ctx, tuple.elements, unsafe);
    if (unified === null) return null;
    if (unified.kind === "dynamic" && tuple.elements.some((e) => e.kind !== "dynamic")) return null;
    target = unified;
  }
  // The two element types asked for last, with their conversions.
  let type1: Type | undefined;
  let conv1: Conversion | null = null;
  let type2: Type | undefined;
  let conv2: Conversion | null = null;
  const convFor: ElementConversion = (et) => {
    if (et === type1) return conv1;
    if (et === type2) return conv2;
    let conv: Conversion | null = null;
    if (!typeEquals(et, target)) {
      const found = getConversion(ctx, et, target, unsafe);
      if (found === null) return undefined;
      conv = unlessIdentity(found);
    }
    type2 = type1;
    conv2 = conv1;
    type1 = et;
    conv1 = conv;
    return conv;
  };
  for (let i = 0; i < tuple.elements.length; i++) if (convFor(tuple.elements[i]!) === undefined) return null;
  return convFor;
}

export function conversionTupleToSet(
  ctx: ConversionContext,
  tuple: TupleType,
  ety: Type,
  unsafe: boolean,
): Conversion | null {
  if (tuple.elements.length === 0) {
    const empty = setValEmpty(withoutOptionalAttributesDeep(ety));
    return () => empty;
  }
  const convFor = tupleElementConversions(ctx, tuple, ety, unsafe);
  if (convFor === null) return null;
  const types = tuple.elements;
  return (v, path) => {
    const src = v.elements();
    const elems: Value[] = new Array(src.length);
    for (let i = 0; i < src.length; i++) {
      const conv = convFor(types[i]!);
      const e = conv ? convertPart(conv, src[i]!, path, i) : src[i]!;
      elems[i] = plainNull(e);
    }
    if (!consistentTypes(elems)) inconsistent(path, "element types must all match for conversion to set");
    return setVal(elems);
  };
}

export function conversionTupleToList(
  ctx: ConversionContext,
  tuple: TupleType,
  ety: Type,
  unsafe: boolean,
): Conversion | null {
  if (tuple.elements.length === 0) {
    const empty = listValEmpty(withoutOptionalAttributesDeep(ety));
    return () => empty;
  }
  const convFor = tupleElementConversions(ctx, tuple, ety, unsafe);
  if (convFor === null) return null;
  // The element types the conversions were found for: a value of an equal tuple type built
  // separately has element type objects of its own, which would each need a look-up.
  const types = tuple.elements;
  return (v, path) => {
    // A long tuple may be in pieces (tupleValPieces): they are read as they are.
    const pieces = v.elementPieces();
    const length = v.length;
    // The list can share the tuple's array; changed elements are joined at the end.
    let changed: ChunkedArray<Value> | undefined;
    let i = 0;
    for (const piece of pieces) {
      for (let j = 0; j < piece.length; j++, i++) {
        const conv = convFor(types[i]!);
        if (!conv) continue;
        const e = piece[j]!;
        const out = convertPart(conv, e, path, i);
        if (out !== e) {
          changed ??= new ChunkedArray(length);
          changed.set(i, out);
        }
      }
    }
    // A long list whose elements share their type keeps its pieces (see ChunkedArray).
    if (length > LARGE_ARRAY) {
      const outPieces = changed === undefined ? pieces : changed.filledPieces(pieces);
      if (piecesSameType(outPieces)) return listValPieces(outPieces);
    }
    const src = v.elements();
    const elems = changed === undefined ? src : changed.toArray(src);
    // Quirk kept from cty: the unification step reports errors at the last element's path.
    path.push(src.length - 1);
    const result = unifyListElements(ctx, elems, path, unsafe);
    path.pop();
    if (!consistentTypes(result)) inconsistent(path, "element types must all match for conversion to list");
    return listValNoCopy(result);
  };
}

export function conversionObjectToMap(
  ctx: ConversionContext,
  obj: ObjectType,
  ety: Type,
  unsafe: boolean,
): Conversion | null {
  if (obj.attributes.size === 0) {
    const empty = mapValEmpty(withoutOptionalAttributesDeep(ety));
    return () => empty;
  }
  let target = ety;
  if (target.kind === "dynamic") {
    const unified = unifyTypes(ctx, [...obj.attributes.values()], unsafe);
    if (unified === null) return null;
    target = unified;
  }
  const convs: (Conversion | null)[] = [];
  for (const name of obj.attributeNames) {
    const at = obj.attributes.get(name)!;
    if (typeEquals(at, target)) {
      convs.push(null);
      continue;
    }
    const conv = getConversion(ctx, at, target, unsafe);
    if (conv === null) return null;
    convs.push(unlessIdentity(conv));
  }
  const unifyAfter =
    target.kind === "list" || target.kind === "set" || target.kind === "map" || target.kind === "object";
  return (v, path) => {
    const keys = v.entryKeys();
    const src = v.entryValues();
    let elems: Value[] = new Array(src.length);
    for (let i = 0; i < src.length; i++) {
      const conv = convs[i];
      elems[i] = conv ? convertPart(conv, src[i]!, path, keys[i]!) : src[i]!;
    }
    if (unifyAfter) elems = unifyMapElements(ctx, keys, elems, path, unsafe);
    if (!consistentTypes(elems)) inconsistent(path, "attribute types must all match for conversion to map");
    return mapValSorted(keys, elems);
  };
}

function noCommonType(path: Path): never {
  throw new ConversionError(
    "TOFUKIT_CONVERT_NO_COMMON_TYPE",
    "cannot find a common base type for all elements",
    pathSteps(path),
  );
}

/**
 * Whether all values have one type without optional markers: then unification would give
 * that very type and convert nothing. Repeated type objects are compared structurally once.
 */
export function sameType(values: readonly Value[]): boolean {
  const first = values[0]?.type;
  if (first === undefined || first.hasOptional) return false;
  const same = equalsType(first);
  for (let i = 1; i < values.length; i++) if (!same(values[i]!.type)) return false;
  return true;
}

/** sameType over the elements of consecutive pieces. */
function piecesSameType(pieces: readonly (readonly Value[])[]): boolean {
  const first = pieces[0]?.[0]?.type;
  if (first === undefined || first.hasOptional) return false;
  const same = equalsType(first);
  for (const piece of pieces) for (let i = 0; i < piece.length; i++) if (!same(piece[i]!.type)) return false;
  return true;
}

/**
 * Converted elements whose types still differ are unified once more (cty's
 * conversionUnifyListElements). The array is copied only when an element changes.
 */
function unifyListElements(
  ctx: ConversionContext,
  elems: readonly Value[],
  path: Path,
  unsafe: boolean,
): readonly Value[] {
  if (sameType(elems)) return elems;
  const unified = unifyTypes(
    ctx,
    elems.map((e) => e.type),
    unsafe,
  );
  if (unified === null) noCommonType(path);
  let out: Value[] | undefined;
  const isUnified = equalsType(unified);
  for (let i = 0; i < elems.length; i++) {
    const e = elems[i]!;
    if (isUnified(e.type)) continue;
    const conv = getConversion(ctx, e.type, unified, unsafe);
    if (conv === null) noCommonType(path);
    out ??= elems.slice();
    out[i] = convertPart(conv, e, path, i);
  }
  return out ?? elems;
}

function unifyMapElements(
  ctx: ConversionContext,
  keys: readonly string[],
  elems: Value[],
  path: Path,
  unsafe: boolean,
): Value[] {
  if (sameType(elems)) return elems;
  const unified = unifyTypes(
    ctx,
    elems.map((e) => e.type),
    unsafe,
  );
  if (unified === null) noCommonType(path);
  const isUnified = equalsType(unified);
  for (let i = 0; i < elems.length; i++) {
    const e = elems[i]!;
    if (isUnified(e.type)) continue;
    const conv = getConversion(ctx, e.type, unified, unsafe);
    if (conv === null) noCommonType(path);
    elems[i] = convertPart(conv, e, path, keys[i]!);
  }
  return elems;
}
