// Unification: the one type that a set of types can all convert to (cty's unify).
//
// Kinds are counted first: maps (with objects turned maps), lists (with tuples turned
// lists), sets, objects and tuples each unify member by member, and any `any` among them
// makes the answer `any`. Otherwise the candidates are tried in preference order (see
// sort-types.ts) and the first one every other type converts to wins. Equal types are
// folded together first, so unifying the element types of a long list costs time linear
// in the number of elements rather than quadratic.

import { requireThisCopy, type Type, t, typeEquals, withoutOptionalAttributesDeep } from "@tofukit/cty";
import { type ConversionContext, getConversion, newContext } from "./conversion.js";
import { sortTypes } from "./sort-types.js";

/**
 * The type that every one of `types` converts to, or null when there is none. `unsafe`
 * allows the conversions only `convert` makes (string → number, list → set, map → object…);
 * conversions use unsafe unification, cty's plain `Unify` does not.
 */
export function unify(types: readonly Type[], options?: { readonly unsafe?: boolean }): Type | null {
  for (const type of types) requireThisCopy(type, "type");
  return unifyTypes(newContext(), types, options?.unsafe === true);
}

export function unifyTypes(ctx: ConversionContext, types: readonly Type[], unsafe: boolean): Type | null {
  if (types.length === 0) return null;
  const unique = distinct(types);
  // One type unifies to itself, rebuilt by cty without optional markers.
  if (unique.length === 1) return withoutOptionalAttributesDeep(unique[0]!);
  return unifyDistinct(ctx, unique, unsafe);
}

/** The types with equal ones folded together, first occurrences kept in order. */
function distinct(types: readonly Type[]): Type[] {
  if (types.length < 2) return [...types];
  const objects = new Set<Type>();
  const unique: Type[] = [];
  for (const ty of types) {
    if (objects.has(ty)) continue;
    objects.add(ty);
    unique.push(ty);
  }
  if (unique.length < 2) return unique;
  const seen = new Set<string>();
  const out: Type[] = [];
  for (const ty of unique) {
    if (seen.has(ty.key)) continue;
    seen.add(ty.key);
    out.push(ty);
  }
  return out;
}

function unifyDistinct(ctx: ConversionContext, types: Type[], unsafe: boolean): Type | null {
  let maps = 0;
  let lists = 0;
  let sets = 0;
  let objects = 0;
  let tuples = 0;
  let dynamics = 0;
  for (const ty of types) {
    switch (ty.kind) {
      case "map":
        maps++;
        break;
      case "list":
        lists++;
        break;
      case "set":
        sets++;
        break;
      case "object":
        objects++;
        break;
      case "tuple":
        tuples++;
        break;
      case "dynamic":
        dynamics++;
        break;
      default:
        break;
    }
  }
  const n = types.length;
  if (maps > 0 && maps + dynamics === n) return unifyCollections(ctx, "map", types, unsafe, dynamics > 0);
  if (maps > 0 && maps + objects + dynamics === n) {
    const ty = unifyObjectsAsMaps(ctx, types, unsafe);
    if (ty !== null && ty.kind === "map") return ty;
  } else if (lists > 0 && lists + dynamics === n) {
    return unifyCollections(ctx, "list", types, unsafe, dynamics > 0);
  } else if (lists > 0 && lists + tuples + dynamics === n) {
    const ty = unifyTuplesAsList(ctx, types, unsafe);
    if (ty !== null && ty.kind === "list") return ty;
  } else if (sets > 0 && sets + dynamics === n) {
    return unifyCollections(ctx, "set", types, unsafe, dynamics > 0);
  } else if (objects > 0 && objects + dynamics === n) {
    return unifyObjects(ctx, types, unsafe, dynamics > 0);
  } else if (tuples > 0 && tuples + dynamics === n) {
    return unifyTuples(ctx, types, unsafe, dynamics > 0);
  } else if (objects > 0 && tuples > 0) {
    return null;
  }
  for (const want of sortTypes(types)) {
    const wantType = types[want]!;
    if (allConvert(ctx, types, wantType, unsafe)) return wantType;
  }
  return null;
}

function allConvert(ctx: ConversionContext, types: readonly Type[], target: Type, unsafe: boolean): boolean {
  for (const ty of types) {
    if (ty === target || typeEquals(ty, target)) continue;
    if (getConversion(ctx, ty, target, unsafe) === null) return false;
  }
  return true;
}

function unifyCollections(
  ctx: ConversionContext,
  kind: "list" | "set" | "map",
  types: readonly Type[],
  unsafe: boolean,
  hasDynamic: boolean,
): Type | null {
  if (hasDynamic) return t.dynamic;
  const ety = unifyTypes(
    ctx,
    types.map((ty) => (ty as { element: Type }).element),
    unsafe,
  );
  if (ety === null) return null;
  const result = t[kind](ety);
  return allConvert(ctx, types, result, unsafe) ? result : null;
}

function unifyObjects(
  ctx: ConversionContext,
  types: readonly Type[],
  unsafe: boolean,
  hasDynamic: boolean,
): Type | null {
  if (hasDynamic) return t.dynamic;
  const first = types[0] as Type & { kind: "object" };
  for (const ty of types) {
    const o = ty as Type & { kind: "object" };
    if (o.attributes.size !== first.attributes.size) return unifyObjectsToMap(ctx, types, unsafe);
    for (const name of o.attributes.keys())
      if (!first.attributes.has(name)) return unifyObjectsToMap(ctx, types, unsafe);
  }
  const attrs = new Map<string, Type>();
  for (const name of first.attributes.keys()) {
    const across = types.map((ty) => (ty as Type & { kind: "object" }).attributes.get(name)!);
    const at = unifyTypes(ctx, across, unsafe);
    if (at === null) return null;
    attrs.set(name, at);
  }
  const result = t.object(attrs);
  return allConvert(ctx, types, result, unsafe) ? result : unifyObjectsToMap(ctx, types, unsafe);
}

function unifyObjectsToMap(ctx: ConversionContext, types: readonly Type[], unsafe: boolean): Type | null {
  const attrTypes: Type[] = [];
  for (const ty of types)
    for (const at of (ty as Type & { kind: "object" }).attributes.values()) attrTypes.push(at);
  const ety = unifyTypes(ctx, attrTypes, unsafe);
  if (ety === null) return null;
  const result = t.map(ety);
  return allConvert(ctx, types, result, unsafe) ? result : null;
}

function unifyTuples(
  ctx: ConversionContext,
  types: readonly Type[],
  unsafe: boolean,
  hasDynamic: boolean,
): Type | null {
  if (hasDynamic) return t.dynamic;
  const first = types[0] as Type & { kind: "tuple" };
  for (const ty of types) {
    if ((ty as Type & { kind: "tuple" }).elements.length !== first.elements.length) {
      return unifyTuplesToList(ctx, types, unsafe);
    }
  }
  const elems: Type[] = [];
  for (let i = 0; i < first.elements.length; i++) {
    const across = types.map((ty) => (ty as Type & { kind: "tuple" }).elements[i]!);
    const et = unifyTypes(ctx, across, unsafe);
    if (et === null) return null;
    elems.push(et);
  }
  const result = t.tuple(elems);
  return allConvert(ctx, types, result, unsafe) ? result : unifyTuplesToList(ctx, types, unsafe);
}

function unifyTuplesToList(ctx: ConversionContext, types: readonly Type[], unsafe: boolean): Type | null {
  const elemTypes: Type[] = [];
  for (const ty of types) for (const et of (ty as Type & { kind: "tuple" }).elements) elemTypes.push(et);
  const ety = unifyTypes(ctx, elemTypes, unsafe);
  if (ety === null) return null;
  const result = t.list(ety);
  return allConvert(ctx, types, result, unsafe) ? result : null;
}

function unifyTuplesAsList(ctx: ConversionContext, types: readonly Type[], unsafe: boolean): Type | null {
  const tuples = types.filter((ty) => ty.kind === "tuple");
  const asList = unifyTuplesToList(ctx, tuples, unsafe);
  if (asList === null || asList.kind !== "list") return null;
  const listed = types.map((ty) => (ty.kind === "tuple" ? asList : ty));
  const ty = unifyTypes(ctx, listed, unsafe);
  return ty !== null && ty.kind === "list" ? ty : null;
}

function unifyObjectsAsMaps(ctx: ConversionContext, types: readonly Type[], unsafe: boolean): Type | null {
  const objects = types.filter((ty) => ty.kind === "object");
  const asMap = unifyObjectsToMap(ctx, objects, unsafe);
  if (asMap === null || asMap.kind !== "map") return null;
  const mapped = types.map((ty) => (ty.kind === "object" ? asMap : ty));
  const ty = unifyTypes(ctx, mapped, unsafe);
  return ty !== null && ty.kind === "map" ? ty : null;
}
