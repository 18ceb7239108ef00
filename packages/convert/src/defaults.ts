// Optional-attribute defaults: the `Defaults` tree and applying it to a value, as hcl's
// typeexpr.Defaults.Apply does since hcl 2.16.2 (what OpenTofu runs).

import {
  compareStrings,
  dynamicVal,
  indexOfSortedKey,
  listValEmpty,
  listValNoCopy,
  mapValEmpty,
  mapValSorted,
  nullVal,
  type ObjectType,
  objectValSorted,
  requireThisCopy,
  setVal,
  setValEmpty,
  type TupleType,
  type Type,
  tupleValNoCopy,
  tupleValPieces,
  type Value,
  withoutOptionalAttributesDeep,
} from "@tofukit/cty";
import { ChunkedArray, LARGE_ARRAY } from "./chunked-array.js";
import { type ConversionContext, getConversion, newContext } from "./conversion.js";
import { equalsType, sameType } from "./conversion-collection.js";
import { ConversionError } from "./errors.js";
import { unifyTypes } from "./unify.js";

/**
 * Defaults for one node of a type constraint (hcl's typeexpr.Defaults). Nodes exist only
 * where something at or below them has a default.
 * - `type`: the constraint type at this node, optional markers included;
 * - `defaultValues`: for an object type, optional attribute name → its default, already
 *   converted to the attribute's type;
 * - `children`: for an object type, attribute name → node; for a list, set or map the
 *   element's node under `""`; for a tuple `"0"`, `"1"`, … per element.
 */
export interface Defaults {
  readonly type: Type;
  readonly defaultValues: ReadonlyMap<string, Value>;
  readonly children: ReadonlyMap<string, Defaults>;
}

/**
 * Fills in defaults top-down: a missing **or null** optional attribute gets its default (with
 * the default's own nested defaults applied); null and unknown values are left alone, so a
 * null object never gets defaults. Lists, sets and maps whose elements stop sharing a type
 * come back as tuples and objects; convert() then settles the final type. Never throws for a
 * shape that does not match the defaults: non-matching parts are returned unchanged.
 */
export function applyDefaults(value: Value, defaults: Defaults): Value {
  requireThisCopy(value, "value");
  return apply(newApplyContext(newContext()), defaults, value);
}

/**
 * What one application of defaults keeps while it runs; its conversions may be shared. With
 * `fill`, objects also get the typed nulls that converting them to their node's type would add
 * (for convertWithDefaults, where every node's type is the target's type at its place): the
 * converted object is then the defaulted one, made once.
 */
export function newApplyContext(conversions: ConversionContext, fill = false): ApplyContext {
  return { conversions, nodes: new Map(), fill };
}

/** applyDefaults within a context: values given one by one share its plans and types. */
export function applyDefaultsIn(ctx: ApplyContext, defaults: Defaults, value: Value): Value {
  return apply(ctx, defaults, value);
}

/** The node applied to each element of a list or set node's values (hcl's getChild). */
export function elementDefaults(d: Defaults): Defaults | undefined {
  return childFor(d, 0);
}

interface ApplyContext {
  readonly conversions: ConversionContext;
  readonly nodes: Map<Defaults, NodeState>;
  readonly fill: boolean;
}

/** What applying one defaults node has learned so far in this call. */
interface NodeState {
  /** The type of the last tuple built: the likely type of the next. */
  tuple?: TupleType;
  /** Merge plans for object inputs, by input type and by attribute names. */
  readonly plansByType: Map<Type, MergePlan>;
  readonly plansByNames: Map<string, MergePlan>;
  /** The plans used last, tried first. */
  readonly recent: MergePlan[];
  /** Types of recent object results: the likely types of the next. */
  readonly objectTypes: ObjectType[];
}

/**
 * How an object input with given attribute names merges with a node's defaults: the result's
 * attribute names (UTF-8 order) and, for each, where its value comes from.
 */
interface MergePlan {
  /** The input's attribute names this plan is for. */
  readonly inKeys: readonly string[];
  readonly keys: readonly string[];
  /** Index of the input attribute, or -1 when the default is inserted. */
  readonly source: readonly number[];
  /** The child node applied to the input attribute. */
  readonly children: readonly (Defaults | undefined)[];
  /** The attribute's default, if any. */
  readonly defaults: readonly (Value | undefined)[];
  /** The default with its own nested defaults applied, computed on first use. */
  readonly filled: (Value | undefined)[];
}

// How many recent result types per plan are tried before a new type is built, and how many
// plans a node keeps (inputs of ever new shapes fall back to planning each time).
const OBJECT_HINTS = 8;
const MAX_PLANS = 64;
const RECENT_PLANS = 8;

function stateFor(ctx: ApplyContext, d: Defaults): NodeState {
  let st = ctx.nodes.get(d);
  if (st === undefined) {
    st = { plansByType: new Map(), plansByNames: new Map(), recent: [], objectTypes: [] };
    ctx.nodes.set(d, st);
  }
  return st;
}

function apply(ctx: ApplyContext, d: Defaults, v: Value): Value {
  if (!v.isKnown || v.isNull) return v;
  if (d.defaultValues.size === 0 && d.children.size === 0) return v;
  switch (v.type.kind) {
    case "list":
    case "set":
    case "tuple": {
      const src = v.elements();
      // Joined once every element is made (see ChunkedArray).
      const made = new ChunkedArray<Value>(src.length);
      // Only tuple nodes have a child per element; other nodes have one for all.
      const perElement = d.type.kind === "tuple";
      const shared = perElement ? undefined : childFor(d, 0);
      for (let i = 0; i < src.length; i++) {
        const child = perElement ? childFor(d, i) : shared;
        made.set(i, child === undefined ? src[i]! : apply(ctx, child, src[i]!));
      }
      if (v.type.kind === "tuple" && src.length > LARGE_ARRAY) {
        // A long tuple keeps its pieces, as no array of it all is needed.
        const st = stateFor(ctx, d);
        const out = tupleValPieces(made.pieces(), st.tuple);
        st.tuple = out.type as TupleType;
        return out;
      }
      const values = made.toArray();
      if (v.type.kind === "set") {
        if (values.length === 0) return setValEmpty(v.type.element);
        const unified = unifyValues(ctx.conversions, values);
        if (unified !== null) return setVal(unified);
      } else if (v.type.kind === "list") {
        if (values.length === 0) return listValEmpty(v.type.element);
        const unified = unifyValues(ctx.conversions, values);
        if (unified !== null) return listValNoCopy(unified);
      }
      const st = stateFor(ctx, d);
      const out = tupleValNoCopy(values, st.tuple);
      st.tuple = out.type as TupleType;
      return out;
    }
    case "object":
      return applyToObject(ctx, d, v);
    case "map":
      return applyToMap(ctx, d, v);
    default:
      return v;
  }
}

function planFor(st: NodeState, d: Defaults, v: Value, fill: boolean): MergePlan {
  const byType = st.plansByType.get(v.type);
  if (byType !== undefined) return byType;
  const inKeys = v.entryKeys();
  // Inputs of one shape often come as separate types (one per object literal): compare names.
  const recent = st.recent;
  for (let i = 0; i < recent.length; i++) if (sameKeys(recent[i]!.inKeys, inKeys)) return recent[i]!;
  const names = inKeys.join("\u0000");
  let plan = st.plansByNames.get(names);
  if (plan === undefined) {
    plan = makePlan(d, inKeys, fill);
    if (st.plansByNames.size < MAX_PLANS) st.plansByNames.set(names, plan);
  }
  if (st.plansByType.size < MAX_PLANS) st.plansByType.set(v.type, plan);
  st.recent.unshift(plan);
  if (st.recent.length > RECENT_PLANS) st.recent.pop();
  return plan;
}

function sameKeys(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/**
 * The plan for inputs with the attribute names `inKeys`. With `fill`, optional attributes of
 * the node's object type that have no default are added too, as the typed nulls conversion
 * to that type would add.
 */
function makePlan(d: Defaults, inKeys: readonly string[], fill = false): MergePlan {
  const keys = [...inKeys];
  for (const key of d.defaultValues.keys()) if (indexOfSortedKey(inKeys, key) < 0) keys.push(key);
  const nulls = new Map<string, Value>();
  if (fill && d.type.kind === "object") {
    for (const name of d.type.optional) {
      if (indexOfSortedKey(inKeys, name) >= 0 || d.defaultValues.has(name)) continue;
      keys.push(name);
      nulls.set(name, nullVal(withoutOptionalAttributesDeep(d.type.attributes.get(name)!)));
    }
  }
  keys.sort(compareStrings);
  return {
    // A copy: the names arrays of types are frozen, and optimized code reads those slower.
    inKeys: [...inKeys],
    keys,
    source: keys.map((k) => indexOfSortedKey(inKeys, k)),
    children: keys.map((k) => childFor(d, k)),
    defaults: keys.map((k) => d.defaultValues.get(k) ?? nulls.get(k)),
    filled: keys.map(() => undefined),
  };
}

/** hcl's object rule: attributes get their child's defaults; missing or null ones the default. */
function applyToObject(ctx: ApplyContext, d: Defaults, v: Value): Value {
  const st = stateFor(ctx, d);
  const plan = planFor(st, d, v, ctx.fill);
  const inValues = v.entryValues();
  const n = plan.keys.length;
  const values: Value[] = new Array(n);
  for (let i = 0; i < n; i++) {
    const src = plan.source[i]!;
    const input = src >= 0 ? inValues[src]! : undefined;
    if (input !== undefined && !(input.isNull && plan.defaults[i] !== undefined)) {
      const child = plan.children[i];
      values[i] = child === undefined ? input : apply(ctx, child, input);
      continue;
    }
    let filled = plan.filled[i];
    if (filled === undefined) {
      const child = d.children.get(plan.keys[i]!);
      const def = plan.defaults[i]!;
      filled = child === undefined ? def : apply(ctx, child, def);
      plan.filled[i] = filled;
    }
    values[i] = filled;
  }
  // Plans share their node's result types, so equal shapes get one type object.
  const hints = st.objectTypes;
  const out = objectValSorted(plan.keys, values, hints);
  const type = out.type as ObjectType;
  if (!hints.includes(type)) {
    hints.unshift(type);
    if (hints.length > OBJECT_HINTS) hints.pop();
  }
  return out;
}

/** The same rule for a map, which stays a map when its new elements unify, else becomes an object. */
function applyToMap(ctx: ApplyContext, d: Defaults, v: Value): Value {
  const inKeys = v.entryKeys();
  const inValues = v.entryValues();
  const plan = makePlan(d, inKeys);
  const values: Value[] = new Array(plan.keys.length);
  for (let i = 0; i < plan.keys.length; i++) {
    const src = plan.source[i]!;
    const input = src >= 0 ? inValues[src]! : undefined;
    if (input !== undefined && !(input.isNull && plan.defaults[i] !== undefined)) {
      const child = plan.children[i];
      values[i] = child === undefined ? input : apply(ctx, child, input);
      continue;
    }
    const child = d.children.get(plan.keys[i]!);
    const def = plan.defaults[i]!;
    values[i] = child === undefined ? def : apply(ctx, child, def);
  }
  if (values.length === 0) return mapValEmpty((v.type as Type & { kind: "map" }).element);
  const unified = unifyValues(ctx.conversions, values);
  if (unified !== null) return mapValSorted(plan.keys.slice(), unified);
  return objectValSorted(plan.keys, values);
}

/** hcl's getChild: by index for tuple nodes, by name for object nodes, else the "" child. */
function childFor(d: Defaults, key: number | string): Defaults | undefined {
  if (typeof key === "number") {
    if (d.type.kind === "tuple") return d.children.get(String(key));
  } else if (d.type.kind === "object") {
    return d.children.get(key);
  }
  return d.children.get("");
}

/**
 * The values converted to their unified type (unsafe), or null when there is none or a
 * conversion fails: the array itself when every value has that type already. A unification
 * to `any` over concrete types turns them into unknowns, as the conversions cty's unify
 * hands back do.
 */
function unifyValues(ctx: ConversionContext, values: readonly Value[]): readonly Value[] | null {
  if (sameType(values)) return values;
  const unified = unifyTypes(
    ctx,
    values.map((v) => v.type),
    true,
  );
  if (unified === null) return null;
  const out: Value[] = new Array(values.length);
  const isUnified = equalsType(unified);
  for (let i = 0; i < values.length; i++) {
    const v = values[i]!;
    if (isUnified(v.type)) {
      out[i] = v;
      continue;
    }
    if (unified.kind === "dynamic") {
      out[i] = dynamicVal;
      continue;
    }
    const conv = getConversion(ctx, v.type, unified, true);
    if (conv === null) return null;
    try {
      out[i] = conv(v, []);
    } catch (e) {
      if (e instanceof ConversionError) return null;
      throw e;
    }
  }
  return out;
}
