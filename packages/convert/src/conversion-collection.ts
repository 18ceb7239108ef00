// Conversions into lists, sets and maps: from collections, from tuples and from objects.

import {
  listVal,
  listValEmpty,
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
import { type Conversion, type ConversionContext, getConversion, unlessIdentity } from "./conversion.js";
import { ConversionError } from "./errors.js";
import { indexStep, type PathNode, pathSteps } from "./path.js";
import { unifyTypes } from "./unify.js";

/** Whether values can share one collection: equal types, nulls/unknowns of `any` aside (cty's CanListVal). */
function consistentTypes(values: readonly Value[]): boolean {
  let first: Type | undefined;
  // The last type object found equal to `first`: long lists repeat a few type objects, so
  // each is compared structurally once rather than once per element.
  let equal: Type | undefined;
  for (const v of values) {
    const vt = v.type;
    if (first === undefined || first.kind === "dynamic") first = vt;
    else if (vt.kind !== "dynamic" && vt !== first && vt !== equal) {
      if (!typeEquals(vt, first)) return false;
      equal = vt;
    }
  }
  return true;
}

function inconsistent(path: PathNode, message: string): never {
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
    const elems: Value[] = new Array(src.length);
    for (let i = 0; i < src.length; i++) {
      let e = src[i]!;
      if (conv !== null) e = conv(e, indexStep(path, i));
      elems[i] = plainNull(e);
    }
    if (elems.length === 0) return empty ?? listValEmpty(inEty);
    if (!consistentTypes(elems)) inconsistent(path, "element types must all match for conversion to list");
    return listVal(elems);
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
      if (conv !== null) e = conv(e, indexStep(path, i));
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
      elems[i] = conv === null ? src[i]! : conv(src[i]!, indexStep(path, keys[i]!));
    if (unifyAfter) elems = unifyMapElements(ctx, keys, elems, path, false);
    if (!consistentTypes(elems)) inconsistent(path, "element types must all match for conversion to map");
    return mapValSorted(keys, elems);
  };
}

/**
 * cty's tuple → list/set: with an element type of `any`, the tuple's element types are
 * unified first; when that gives `any` while some element is concrete, there is no conversion.
 */
function tupleElementConversions(
  ctx: ConversionContext,
  tuple: TupleType,
  ety: Type,
  unsafe: boolean,
): { ety: Type; convs: (Conversion | null)[] } | null {
  let target = ety;
  if (target.kind === "dynamic") {
    const unified = unifyTypes(ctx, tuple.elements, unsafe);
    if (unified === null) return null;
    if (unified.kind === "dynamic" && tuple.elements.some((e) => e.kind !== "dynamic")) return null;
    target = unified;
  }
  const convs: (Conversion | null)[] = [];
  for (const et of tuple.elements) {
    if (typeEquals(et, target)) {
      convs.push(null);
      continue;
    }
    const conv = getConversion(ctx, et, target, unsafe);
    if (conv === null) return null;
    convs.push(unlessIdentity(conv));
  }
  return { ety: target, convs };
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
  const plan = tupleElementConversions(ctx, tuple, ety, unsafe);
  if (plan === null) return null;
  const { convs } = plan;
  return (v, path) => {
    const src = v.elements();
    const elems: Value[] = new Array(src.length);
    for (let i = 0; i < src.length; i++) {
      const conv = convs[i];
      const e = conv ? conv(src[i]!, indexStep(path, i)) : src[i]!;
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
  const plan = tupleElementConversions(ctx, tuple, ety, unsafe);
  if (plan === null) return null;
  const { convs } = plan;
  return (v, path) => {
    const src = v.elements();
    let elems: Value[] = new Array(src.length);
    for (let i = 0; i < src.length; i++) {
      const conv = convs[i];
      elems[i] = conv ? conv(src[i]!, indexStep(path, i)) : src[i]!;
    }
    // Quirk kept from cty: the unification step reports errors at the last element's path.
    elems = unifyListElements(ctx, elems, indexStep(path, src.length - 1), unsafe);
    if (!consistentTypes(elems)) inconsistent(path, "element types must all match for conversion to list");
    return listVal(elems);
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
      elems[i] = conv ? conv(src[i]!, indexStep(path, keys[i]!)) : src[i]!;
    }
    if (unifyAfter) elems = unifyMapElements(ctx, keys, elems, path, unsafe);
    if (!consistentTypes(elems)) inconsistent(path, "attribute types must all match for conversion to map");
    return mapValSorted(keys, elems);
  };
}

function noCommonType(path: PathNode): never {
  throw new ConversionError(
    "TOFUKIT_CONVERT_NO_COMMON_TYPE",
    "cannot find a common base type for all elements",
    pathSteps(path),
  );
}

/**
 * Whether all values share one type object without optional markers: then unification would
 * give that very type and convert nothing.
 */
export function sameTypeObject(values: readonly Value[]): boolean {
  const first = values[0]?.type;
  if (first === undefined || first.hasOptional) return false;
  for (let i = 1; i < values.length; i++) if (values[i]!.type !== first) return false;
  return true;
}

/** Converted elements whose types still differ are unified once more (cty's conversionUnifyListElements). */
function unifyListElements(ctx: ConversionContext, elems: Value[], path: PathNode, unsafe: boolean): Value[] {
  if (sameTypeObject(elems)) return elems;
  const unified = unifyTypes(
    ctx,
    elems.map((e) => e.type),
    unsafe,
  );
  if (unified === null) noCommonType(path);
  // The last type object found equal to the unified type (see consistentTypes).
  let equal: Type | undefined;
  for (let i = 0; i < elems.length; i++) {
    const e = elems[i]!;
    if (e.type === unified || e.type === equal) continue;
    if (typeEquals(e.type, unified)) {
      equal = e.type;
      continue;
    }
    const conv = getConversion(ctx, e.type, unified, unsafe);
    if (conv === null) noCommonType(path);
    elems[i] = conv(e, indexStep(path, i));
  }
  return elems;
}

function unifyMapElements(
  ctx: ConversionContext,
  keys: readonly string[],
  elems: Value[],
  path: PathNode,
  unsafe: boolean,
): Value[] {
  if (sameTypeObject(elems)) return elems;
  const unified = unifyTypes(
    ctx,
    elems.map((e) => e.type),
    unsafe,
  );
  if (unified === null) noCommonType(path);
  // The last type object found equal to the unified type (see consistentTypes).
  let equal: Type | undefined;
  for (let i = 0; i < elems.length; i++) {
    const e = elems[i]!;
    if (e.type === unified || e.type === equal) continue;
    if (typeEquals(e.type, unified)) {
      equal = e.type;
      continue;
    }
    const conv = getConversion(ctx, e.type, unified, unsafe);
    if (conv === null) noCommonType(path);
    elems[i] = conv(e, indexStep(path, keys[i]!));
  }
  return elems;
}
