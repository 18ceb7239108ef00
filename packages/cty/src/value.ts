// cty values: immutable, typed; typed nulls and unknowns; NFC strings; exact numbers.

import { CtyError } from "./errors.js";
import { friendlyName } from "./friendly-name.js";
import { CtyNumber, parseNumber } from "./number.js";
import { canonicalSetElements } from "./set-order.js";
import { compareStrings } from "./string-order.js";
import { type AttributeTypes, type ObjectType, type TupleType, type Type, t, typeEquals } from "./type.js";

/** Elements of lists, sets and tuples; values of objects and maps (aligned with their keys). */
type Payload = string | CtyNumber | boolean | readonly Value[] | undefined;

const NULL = 1;
const UNKNOWN = 2;

let construct: (type: Type, state: number, payload: Payload, keys?: readonly string[]) => Value;

function invalid(message: string): never {
  throw new CtyError("TOFUKIT_CTY_INVALID_VALUE", message);
}

/**
 * A cty value. Create values with the constructor functions (`stringVal`, `listVal`, …);
 * they are immutable. Lists, sets and tuples hold `elements()`, maps and objects
 * `attributes()` (keys in UTF-8 byte order); sets keep cty's canonical element order.
 * The arrays and maps a value hands out are read-only (typed `readonly`); for speed they are
 * not frozen at run time, so do not modify them.
 */
export class Value {
  readonly type: Type;
  readonly #state: number;
  readonly #payload: Payload;
  /** Object attribute names or map keys, in UTF-8 order. */
  readonly #keys: readonly string[] | undefined;
  /** attributes(), built on first use. */
  #map: ReadonlyMap<string, Value> | undefined;

  private constructor(type: Type, state: number, payload: Payload, keys: readonly string[] | undefined) {
    this.type = type;
    this.#state = state;
    this.#payload = payload;
    this.#keys = keys;
  }

  static {
    construct = (type, state, payload, keys) => new Value(type, state, payload, keys);
  }

  get isNull(): boolean {
    return this.#state === NULL;
  }

  get isKnown(): boolean {
    return this.#state !== UNKNOWN;
  }

  /** Known and not containing any unknown value at any depth. */
  isWhollyKnown(): boolean {
    if (this.#state === UNKNOWN) return false;
    if (this.#state === NULL) return true;
    const p = this.#payload;
    if (Array.isArray(p)) return (p as readonly Value[]).every((v) => v.isWhollyKnown());
    return true;
  }

  #expectKnown(what: string): void {
    if (this.#state === UNKNOWN)
      throw new CtyError("TOFUKIT_CTY_UNKNOWN_VALUE", `${what} of an unknown value`);
    if (this.#state === NULL) invalid(`${what} of a null value`);
  }

  asString(): string {
    this.#expectKnown("asString");
    if (this.type.kind !== "string") invalid(`asString of a ${friendlyName(this.type)} value`);
    return this.#payload as string;
  }

  asNumber(): CtyNumber {
    this.#expectKnown("asNumber");
    if (this.type.kind !== "number") invalid(`asNumber of a ${friendlyName(this.type)} value`);
    return this.#payload as CtyNumber;
  }

  asBool(): boolean {
    this.#expectKnown("asBool");
    if (this.type.kind !== "bool") invalid(`asBool of a ${friendlyName(this.type)} value`);
    return this.#payload as boolean;
  }

  /** Elements of a known list, set (canonical order) or tuple. */
  elements(): readonly Value[] {
    this.#expectKnown("elements");
    const k = this.type.kind;
    if (k !== "list" && k !== "set" && k !== "tuple")
      invalid(`elements of a ${friendlyName(this.type)} value`);
    return this.#payload as readonly Value[];
  }

  #expectEntries(what: string): void {
    this.#expectKnown(what);
    const k = this.type.kind;
    if (k !== "object" && k !== "map") invalid(`${what} of a ${friendlyName(this.type)} value`);
  }

  /** Attributes of a known object or elements of a known map, keys in UTF-8 byte order. */
  attributes(): ReadonlyMap<string, Value> {
    this.#expectEntries("attributes");
    if (this.#map === undefined) {
      const keys = this.#keys!;
      const values = this.#payload as readonly Value[];
      const m = new Map<string, Value>();
      for (let i = 0; i < keys.length; i++) m.set(keys[i]!, values[i]!);
      this.#map = m;
    }
    return this.#map;
  }

  /** Keys of a known object or map, in UTF-8 byte order. */
  entryKeys(): readonly string[] {
    this.#expectEntries("entryKeys");
    return this.#keys!;
  }

  /** Values of a known object or map, aligned with entryKeys(). */
  entryValues(): readonly Value[] {
    this.#expectEntries("entryValues");
    return this.#payload as readonly Value[];
  }

  /** Number of elements, attributes or map entries of a known container. */
  get length(): number {
    const k = this.type.kind;
    if (k === "object" || k === "map") return this.entryKeys().length;
    return this.elements().length;
  }

  /** An object attribute or map element, or undefined. */
  get(key: string): Value | undefined {
    return this.attributes().get(key);
  }

  /** A list, set or tuple element, or undefined. */
  index(i: number): Value | undefined {
    return this.elements()[i];
  }

  toString(): string {
    if (this.#state === UNKNOWN) return `unknown(${this.type.key})`;
    if (this.#state === NULL) return `null(${this.type.key})`;
    return `value(${this.type.key})`;
  }
}

/** A string value, NFC-normalized as cty normalizes every string it is given. */
export function stringVal(s: string): Value {
  if (typeof s !== "string") invalid("stringVal needs a string");
  return construct(t.string, 0, s.normalize("NFC"));
}

/** A number value from a CtyNumber, a decimal string (Go syntax), a bigint or a safe integer. */
export function numberVal(n: CtyNumber | string | bigint | number): Value {
  let num: CtyNumber;
  if (n instanceof CtyNumber) num = n;
  else if (typeof n === "string") num = parseNumber(n);
  else if (typeof n === "bigint" || typeof n === "number") num = CtyNumber.fromInteger(n);
  else invalid("numberVal needs a CtyNumber, a decimal string, a bigint or an integer");
  return construct(t.number, 0, num);
}

export function boolVal(b: boolean): Value {
  if (typeof b !== "boolean") invalid("boolVal needs a boolean");
  return b ? TRUE : FALSE;
}

const TRUE = construct(t.bool, 0, true);
const FALSE = construct(t.bool, 0, false);

export function nullVal(type: Type): Value {
  return construct(type, NULL, undefined);
}

export function unknownVal(type: Type): Value {
  return construct(type, UNKNOWN, undefined);
}

/** The unknown value of unknown type (cty.DynamicVal). */
export const dynamicVal: Value = unknownVal(t.dynamic);

function checkValues(values: readonly Value[], what: string): void {
  for (const v of values) if (!(v instanceof Value)) invalid(`${what} elements must be cty values`);
}

/**
 * The element type of a collection, as cty's ListVal/SetVal/MapVal find it: the first element
 * type that is not `dynamic`. Null and unknown elements of type `dynamic` are allowed among
 * concrete ones and take the collection's element type, as they do in cty (which stores
 * collection elements without their own types).
 */
function collectionElements(
  elements: readonly Value[],
  elementType: Type | undefined,
  what: string,
): { ety: Type; elems: readonly Value[] } {
  checkValues(elements, what);
  let ety = elementType;
  if (ety === undefined) {
    for (const e of elements) {
      if (e.type.kind !== "dynamic") {
        ety = e.type;
        break;
      }
    }
    ety ??= elements[0]?.type;
  }
  if (ety === undefined) invalid(`an empty ${what} needs its element type`);
  let retype = false;
  // The last type object found equal to ety: long lists repeat a few type objects, so each
  // is compared structurally once rather than once per element.
  let equal: Type | undefined;
  for (const e of elements) {
    if (e.type === ety || e.type === equal) continue;
    if (typeEquals(e.type, ety)) {
      equal = e.type;
      continue;
    }
    if (e.type.kind === "dynamic") {
      retype = true;
      continue;
    }
    invalid(`inconsistent ${what} element types (${ety.key} then ${e.type.key})`);
  }
  if (!retype) return { ety, elems: elements };
  const target = ety;
  return {
    ety,
    elems: elements.map((e) =>
      e.type.kind !== "dynamic" || target.kind === "dynamic"
        ? e
        : e.isKnown
          ? nullVal(target)
          : unknownVal(target),
    ),
  };
}

/** A list; all elements must have the same type. `elementType` is required when empty. */
export function listVal(elements: readonly Value[], elementType?: Type): Value {
  const { ety, elems } = collectionElements(elements, elementType, "list");
  return construct(t.list(ety), 0, [...elems]);
}

/** A set: duplicates (by cty equality) dropped, elements in cty's canonical order. */
export function setVal(elements: readonly Value[], elementType?: Type): Value {
  const { ety, elems } = collectionElements(elements, elementType, "set");
  return construct(t.set(ety), 0, canonicalSetElements(elems, ety));
}

/** A tuple value. `typeHint` works as for objectVal: used when it is exactly the tuple's type. */
export function tupleVal(elements: readonly Value[], typeHint?: TupleType): Value {
  checkValues(elements, "tuple");
  const copy = [...elements];
  if (typeHint !== undefined && typeHint.elements.length === copy.length) {
    let ok = true;
    for (let i = 0; i < copy.length; i++) {
      const et = typeHint.elements[i]!;
      const vt = copy[i]!.type;
      if (et !== vt && !typeEquals(et, vt)) {
        ok = false;
        break;
      }
    }
    if (ok) return construct(typeHint, 0, copy);
  }
  return construct(t.tuple(copy.map((e) => e.type)), 0, copy);
}

/** Entries given as a record, a Map or [key, value] pairs. */
export type ValueEntries =
  | Readonly<Record<string, Value>>
  | ReadonlyMap<string, Value>
  | Iterable<readonly [string, Value]>;

function sortedEntries(entries: ValueEntries, what: string): [string, Value][] {
  let list: [string, Value][];
  if (entries instanceof Map) list = Array.from(entries as ReadonlyMap<string, Value>);
  else if (typeof (entries as Iterable<unknown>)[Symbol.iterator] === "function") {
    list = [...(entries as Iterable<readonly [string, Value]>)].map(([k, v]) => [k, v]);
  } else list = Object.entries(entries as Readonly<Record<string, Value>>);
  for (const [k, v] of list) {
    if (typeof k !== "string") invalid(`${what} keys must be strings`);
    if (!(v instanceof Value)) invalid(`${what} values must be cty values`);
  }
  let sorted = true;
  for (let i = 1; i < list.length; i++) {
    if (compareStrings(list[i - 1]![0], list[i]![0]) >= 0) {
      sorted = false;
      break;
    }
  }
  if (!sorted) {
    list.sort((a, b) => compareStrings(a[0], b[0]));
    for (let i = 1; i < list.length; i++) {
      if (list[i - 1]![0] === list[i]![0]) invalid(`duplicate ${what} key ${JSON.stringify(list[i]![0])}`);
    }
  }
  return list;
}

/** A map; all elements must have the same type. `elementType` is required when empty. */
export function mapVal(entries: ValueEntries, elementType?: Type): Value {
  const list = sortedEntries(entries, "map");
  const { ety, elems } = collectionElements(
    list.map((e) => e[1]),
    elementType,
    "map",
  );
  return construct(
    t.map(ety),
    0,
    [...elems],
    list.map((e) => e[0]),
  );
}

/**
 * A map from keys already in UTF-8 byte order and their values (checked, not trusted):
 * the allocation-light form of mapVal. The arrays are kept, not copied: do not modify them
 * afterwards.
 */
export function mapValSorted(keys: readonly string[], values: readonly Value[], elementType?: Type): Value {
  if (!sortedUnique(keys, values)) return mapVal(zip(keys, values), elementType);
  const { ety, elems } = collectionElements(values, elementType, "map");
  return construct(t.map(ety), 0, elems === values ? values : [...elems], keys);
}

/**
 * An object value; its type is the object type of its attribute values' types. `typeHint`,
 * when it is exactly that type (no optional markers), is used instead of building a new
 * type object: pass the type of a previous value of the same shape to save the work.
 */
export function objectVal(attributes: ValueEntries, typeHint?: ObjectType): Value {
  const list = sortedEntries(attributes, "object");
  return objectValSorted(
    list.map((e) => e[0]),
    list.map((e) => e[1]),
    typeHint,
  );
}

/**
 * An object from attribute names already in UTF-8 byte order and their values (checked, not
 * trusted): the allocation-light form of objectVal. The values array is kept, not copied:
 * do not modify it afterwards. `typeHint` as for objectVal, or a few candidate types tried in order.
 */
export function objectValSorted(
  keys: readonly string[],
  values: readonly Value[],
  typeHint?: ObjectType | readonly ObjectType[],
): Value {
  if (typeHint !== undefined) {
    // Called once per object of long lists: no array for a single hint, no iterator.
    if (Array.isArray(typeHint)) {
      const hints = typeHint as readonly ObjectType[];
      for (let i = 0; i < hints.length; i++) {
        const hint = hints[i]!;
        if (matchesHint(keys, values, hint)) return construct(hint, 0, values, hint.attributeNames);
      }
    } else {
      const hint = typeHint as ObjectType;
      if (matchesHint(keys, values, hint)) return construct(hint, 0, values, hint.attributeNames);
    }
  }
  if (!sortedUnique(keys, values)) return objectVal(zip(keys, values));
  const types: [string, Type][] = keys.map((k, i) => [k, values[i]!.type]);
  const type = t.object(types as AttributeTypes);
  return construct(type, 0, values, type.attributeNames);
}

function zip(keys: readonly string[], values: readonly Value[]): [string, Value][] {
  if (keys.length !== values.length) invalid("keys and values differ in length");
  return keys.map((k, i) => [k, values[i]!]);
}

/** Whether keys are strictly increasing in UTF-8 order and every value is a Value. */
function sortedUnique(keys: readonly string[], values: readonly Value[]): boolean {
  if (keys.length !== values.length) invalid("keys and values differ in length");
  for (let i = 0; i < keys.length; i++) {
    if (typeof keys[i] !== "string" || !(values[i] instanceof Value))
      invalid("keys must be strings and values cty values");
    if (i > 0 && compareStrings(keys[i - 1]!, keys[i]!) >= 0) return false;
  }
  return true;
}

function matchesHint(keys: readonly string[], values: readonly Value[], hint: ObjectType): boolean {
  const names = hint.attributeNames;
  if (hint.optional.size > 0 || names.length !== keys.length || values.length !== keys.length) return false;
  const sameNames = keys === names;
  for (let i = 0; i < keys.length; i++) {
    const v = values[i];
    if ((!sameNames && names[i] !== keys[i]) || !(v instanceof Value)) return false;
    const at = hint.attributeTypes[i]!;
    if (at !== v.type && !typeEquals(at, v.type)) return false;
  }
  return true;
}

export function listValEmpty(elementType: Type): Value {
  return listVal([], elementType);
}
export function setValEmpty(elementType: Type): Value {
  return setVal([], elementType);
}
export function mapValEmpty(elementType: Type): Value {
  return mapVal([], elementType);
}

export const emptyObjectVal: Value = objectVal([]);
export const emptyTupleVal: Value = tupleVal([]);
