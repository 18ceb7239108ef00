// cty values: immutable, typed; typed nulls and unknowns; NFC strings; exact numbers.

import { COPY_BRAND, otherCopyError, otherCopyOf, thisCopy } from "./copy.js";
import { CtyError } from "./errors.js";
import { friendlyName } from "./friendly-name.js";
import { collectEntries, type NamedEntries } from "./named-entries.js";
import { CtyNumber, parseNumber } from "./number.js";
import { canonicalSetElements } from "./set-order.js";
import { compareStrings, indexOfSortedKey, sortAligned } from "./string-order.js";
import {
  type AttributeTypes,
  type ObjectType,
  ownedTupleType,
  type TupleType,
  type Type,
  t,
  typeEquals,
} from "./type.js";

/** A map's keys (UTF-8 order) and its values, aligned. */
interface MapEntries {
  readonly keys: readonly string[];
  readonly values: readonly Value[];
}

// A value is two fields, its type and its payload, and the payload tells null and unknown
// values apart by these markers: long lists hold many values, so each is kept small.
const NULL: unique symbol = Symbol("null");
const UNKNOWN: unique symbol = Symbol("unknown");

/**
 * The elements of a long list kept in consecutive pieces (listValPieces). V8 places an array of
 * more than 16,384 elements in a large-object page of its own, which is slow to allocate and,
 * as an old object pointing to young ones, keeps them alive through minor collections; pieces
 * below that size are ordinary young objects. They are joined into one array the first time
 * elements() is asked for.
 */
class Pieces {
  constructor(
    readonly pieces: readonly (readonly Value[])[],
    readonly length: number,
  ) {}

  join(): readonly Value[] {
    const out: Value[] = new Array(this.length);
    let i = 0;
    for (const piece of this.pieces) for (let j = 0; j < piece.length; j++) out[i++] = piece[j]!;
    return out;
  }
}

/**
 * Elements of lists, sets and tuples (a long list's may be in Pieces); attribute values of
 * objects (their names are their type's); entries of maps; NULL or UNKNOWN for null and
 * unknown values.
 */
type Payload =
  | string
  | CtyNumber
  | boolean
  | readonly Value[]
  | Pieces
  | MapEntries
  | typeof NULL
  | typeof UNKNOWN;

let construct: (type: Type, payload: Payload) => Value;
let payloadOf: (v: Value) => Payload;

function invalid(message: string): never {
  throw new CtyError("TOFUKIT_CTY_INVALID_VALUE", message);
}

/** Refuses something that should have been a value: one of another copy of cty, or not one at all. */
function notAValue(candidate: unknown, message: string): never {
  const other = otherCopyOf(candidate);
  if (other !== undefined) throw otherCopyError("value", other);
  return invalid(message);
}

function expectKnown(payload: Payload, what: string): void {
  if (payload === UNKNOWN) throw new CtyError("TOFUKIT_CTY_UNKNOWN_VALUE", `${what} of an unknown value`);
  if (payload === NULL) invalid(`${what} of a null value`);
}

function expectEntries(type: Type, payload: Payload, what: string): void {
  expectKnown(payload, what);
  if (type.kind !== "object" && type.kind !== "map") invalid(`${what} of a ${friendlyName(type)} value`);
}

// Checks are functions of the module rather than private methods: a class with a private
// method gives each of its instances one more field, and values are many.
function expectSequence(type: Type, payload: Payload, what: string): void {
  expectKnown(payload, what);
  const k = type.kind;
  if (k !== "list" && k !== "set" && k !== "tuple") invalid(`elements of a ${friendlyName(type)} value`);
}

function keysOf(type: Type, payload: Payload): readonly string[] {
  return type.kind === "object" ? type.attributeNames : (payload as MapEntries).keys;
}

function valuesOf(type: Type, payload: Payload): readonly Value[] {
  return type.kind === "object" ? (payload as readonly Value[]) : (payload as MapEntries).values;
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
  // Written again only to replace a list's Pieces by their join (the same elements).
  #payload: Payload;

  private constructor(type: Type, payload: Payload) {
    this.type = type;
    this.#payload = payload;
  }

  static {
    construct = (type, payload) => new Value(type, payload);
    payloadOf = (v) => (#payload in v ? v.#payload : notAValue(v, "a value"));
    Object.defineProperty(Value.prototype, COPY_BRAND, { value: thisCopy });
  }

  get isNull(): boolean {
    return this.#payload === NULL;
  }

  get isKnown(): boolean {
    return this.#payload !== UNKNOWN;
  }

  /** Known and not containing any unknown value at any depth. */
  isWhollyKnown(): boolean {
    const p = this.#payload;
    if (p === UNKNOWN) return false;
    if (p === NULL) return true;
    let members: readonly Value[] | undefined;
    if (Array.isArray(p)) members = p as readonly Value[];
    else if (p instanceof Pieces) return p.pieces.every((piece) => piece.every((v) => v.isWhollyKnown()));
    else if (this.type.kind === "map") members = (p as MapEntries).values;
    return members === undefined || members.every((v) => v.isWhollyKnown());
  }

  asString(): string {
    expectKnown(this.#payload, "asString");
    if (this.type.kind !== "string") invalid(`asString of a ${friendlyName(this.type)} value`);
    return this.#payload as string;
  }

  asNumber(): CtyNumber {
    expectKnown(this.#payload, "asNumber");
    if (this.type.kind !== "number") invalid(`asNumber of a ${friendlyName(this.type)} value`);
    return this.#payload as CtyNumber;
  }

  asBool(): boolean {
    expectKnown(this.#payload, "asBool");
    if (this.type.kind !== "bool") invalid(`asBool of a ${friendlyName(this.type)} value`);
    return this.#payload as boolean;
  }

  /**
   * The elements of a list, set or tuple in consecutive pieces, without joining the pieces of a
   * long list or tuple built in pieces (see listValPieces): one piece, the elements() array,
   * for any other value. Read-only, as elements() is.
   */
  elementPieces(): readonly (readonly Value[])[] {
    expectSequence(this.type, this.#payload, "elementPieces");
    const p = this.#payload as readonly Value[] | Pieces;
    return p instanceof Pieces ? p.pieces : [p];
  }

  /** Elements of a known list, set (canonical order) or tuple. */
  elements(): readonly Value[] {
    expectSequence(this.type, this.#payload, "elements");
    const p = this.#payload;
    if (p instanceof Pieces) {
      const joined = p.join();
      this.#payload = joined;
      return joined;
    }
    return p as readonly Value[];
  }

  /**
   * Attributes of a known object or elements of a known map, keys in UTF-8 byte order: a new
   * Map on each call (values keep no cache, to stay small); get() looks up one key.
   */
  attributes(): ReadonlyMap<string, Value> {
    expectEntries(this.type, this.#payload, "attributes");
    const keys = keysOf(this.type, this.#payload);
    const values = valuesOf(this.type, this.#payload);
    const m = new Map<string, Value>();
    for (let i = 0; i < keys.length; i++) m.set(keys[i]!, values[i]!);
    return m;
  }

  /** Keys of a known object or map, in UTF-8 byte order. */
  entryKeys(): readonly string[] {
    expectEntries(this.type, this.#payload, "entryKeys");
    return keysOf(this.type, this.#payload);
  }

  /** Values of a known object or map, aligned with entryKeys(). */
  entryValues(): readonly Value[] {
    expectEntries(this.type, this.#payload, "entryValues");
    return valuesOf(this.type, this.#payload);
  }

  /** Number of elements, attributes or map entries of a known container. */
  get length(): number {
    const k = this.type.kind;
    if (k === "object" || k === "map") return this.entryKeys().length;
    const p = this.#payload;
    return p instanceof Pieces ? p.length : this.elements().length;
  }

  /** An object attribute or map element, or undefined. */
  get(key: string): Value | undefined {
    expectEntries(this.type, this.#payload, "attributes");
    const i = indexOfSortedKey(keysOf(this.type, this.#payload), key);
    return i < 0 ? undefined : valuesOf(this.type, this.#payload)[i];
  }

  /** A list, set or tuple element, or undefined. */
  index(i: number): Value | undefined {
    return this.elements()[i];
  }

  toString(): string {
    if (this.#payload === UNKNOWN) return `unknown(${this.type.key})`;
    if (this.#payload === NULL) return `null(${this.type.key})`;
    return `value(${this.type.key})`;
  }
}

// Marks (cty's value marks: OpenTofu's "sensitive", "ephemeral", …) live in a side table keyed
// by the marked value, so that the many unmarked values stay two fields wide; a marked value is
// a copy of its unmarked value with an entry here.
const markTable = new WeakMap<Value, ReadonlySet<string>>();
const NO_MARKS: ReadonlySet<string> = new Set<string>();

/** Whether any value has ever been marked: lets hot loops skip the mark lookups until then. */
let anyMarked = false;

/**
 * Whether any value has ever been marked in this process (by this copy of the package). While
 * it is false no value carries a mark, so code on a hot path may skip every mark check.
 */
export function marksInUse(): boolean {
  return anyMarked;
}

/** The marks of this value itself (not of values nested in it). */
export function marksOf(v: Value): ReadonlySet<string> {
  if (!anyMarked) return NO_MARKS;
  return markTable.get(v) ?? NO_MARKS;
}

/** The value with `marks` added to its own (cty's `Mark`/`WithMarks`); unmarked values stay themselves for no marks. */
export function markedVal(v: Value, marks: Iterable<string>): Value {
  const own = markTable.get(v);
  const all = new Set<string>(own);
  for (const m of marks) all.add(m);
  if (all.size === (own?.size ?? 0)) return v;
  const copy = construct(v.type, payloadOf(v));
  anyMarked = true;
  markTable.set(copy, all);
  return copy;
}

/** The value without its own marks (cty's `Unmark`); nested values keep theirs. */
export function unmarkedVal(v: Value): Value {
  return anyMarked && markTable.has(v) ? construct(v.type, payloadOf(v)) : v;
}

/** A string value, NFC-normalized as cty normalizes every string it is given. */
export function stringVal(s: string): Value {
  if (typeof s !== "string") invalid("stringVal needs a string");
  return construct(t.string, belowCombining(s) ? s : s.normalize("NFC"));
}

/** A number value from a CtyNumber, a decimal string (Go syntax), a bigint or a safe integer. */
export function numberVal(n: CtyNumber | string | bigint | number): Value {
  let num: CtyNumber;
  if (n instanceof CtyNumber) num = n;
  else if (typeof n === "string") num = parseNumber(n);
  else if (typeof n === "bigint" || typeof n === "number") num = CtyNumber.fromInteger(n);
  else invalid("numberVal needs a CtyNumber, a decimal string, a bigint or an integer");
  return construct(t.number, num);
}

export function boolVal(b: boolean): Value {
  if (typeof b !== "boolean") invalid("boolVal needs a boolean");
  return b ? TRUE : FALSE;
}

const TRUE = construct(t.bool, true);
const FALSE = construct(t.bool, false);

export function nullVal(type: Type): Value {
  return construct(type, NULL);
}

export function unknownVal(type: Type): Value {
  return construct(type, UNKNOWN);
}

/** The unknown value of unknown type (cty.DynamicVal). */
export const dynamicVal: Value = unknownVal(t.dynamic);

function checkValues(values: readonly Value[], what: string): void {
  for (let i = 0; i < values.length; i++)
    if (!(values[i] instanceof Value)) notAValue(values[i], `${what} elements must be cty values`);
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
  const ety = elementType ?? firstElementType([elements]);
  if (ety === undefined) invalid(`an empty ${what} needs its element type`);
  return { ety, elems: retyped(elements, ety, what) };
}

/** The type of the first element not of type `dynamic`, else of the first element. */
function firstElementType(pieces: readonly (readonly Value[])[]): Type | undefined {
  for (const piece of pieces) for (const e of piece) if (e.type.kind !== "dynamic") return e.type;
  return pieces.find((piece) => piece.length > 0)?.[0]?.type;
}

/**
 * The elements, all of type `ety`: the array itself, or a copy where elements of type `dynamic`
 * took `ety`. Any other type is an error.
 */
function retyped(elements: readonly Value[], ety: Type, what: string): readonly Value[] {
  let retype = false;
  // The last type object found equal to ety: long lists repeat a few type objects, so each
  // is compared structurally once rather than once per element.
  let equal: Type | undefined;
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i]!;
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
  if (!retype) return elements;
  return elements.map((e) =>
    e.type.kind !== "dynamic" || ety.kind === "dynamic" ? e : e.isKnown ? nullVal(ety) : unknownVal(ety),
  );
}

/** A list; all elements must have the same type. `elementType` is required when empty. */
export function listVal(elements: readonly Value[], elementType?: Type): Value {
  const { ety, elems } = collectionElements(elements, elementType, "list");
  return construct(t.list(ety), elems === elements ? [...elems] : elems);
}

/**
 * A list of the elements of `pieces` in order, keeping the pieces as they are: for lists of more
 * than 16,384 elements built in pieces, which would otherwise be copied into an array V8
 * allocates apart (see Pieces). The elements are checked as listVal checks them; elements()
 * joins the pieces the first time it is called. Do not modify the pieces afterwards.
 */
export function listValPieces(pieces: readonly (readonly Value[])[], elementType?: Type): Value {
  for (const piece of pieces) checkValues(piece, "list");
  const ety = elementType ?? firstElementType(pieces);
  if (ety === undefined) invalid("an empty list needs its element type");
  let length = 0;
  const out = pieces.map((piece) => {
    length += piece.length;
    return retyped(piece, ety, "list");
  });
  return construct(t.list(ety), out.length === 1 ? out[0]! : new Pieces(out, length));
}

/**
 * listVal keeping the given array rather than copying it: the allocation-light form for an
 * array built for the list (long arrays are costly to allocate). Do not modify it afterwards.
 */
export function listValNoCopy(elements: readonly Value[], elementType?: Type): Value {
  const { ety, elems } = collectionElements(elements, elementType, "list");
  return construct(t.list(ety), elems);
}

/** A set: duplicates (by cty equality) dropped, elements in cty's canonical order. */
export function setVal(elements: readonly Value[], elementType?: Type): Value {
  const { ety, elems } = collectionElements(elements, elementType, "set");
  return construct(t.set(ety), canonicalSetElements(elems, ety));
}

/** A tuple value. `typeHint` works as for objectVal: used when it is exactly the tuple's type. */
export function tupleVal(elements: readonly Value[], typeHint?: TupleType): Value {
  return tupleValNoCopy([...elements], typeHint);
}

/** tupleVal keeping the given array, as listValNoCopy does. */
export function tupleValNoCopy(elements: readonly Value[], typeHint?: TupleType): Value {
  checkValues(elements, "tuple");
  return construct(tupleTypeOf([elements], elements.length, typeHint), elements);
}

/**
 * A tuple of the elements of `pieces` in order, keeping the pieces as listValPieces does (for
 * tuples of more than 16,384 elements built in pieces). `typeHint` as for tupleVal. Do not
 * modify the pieces afterwards.
 */
export function tupleValPieces(pieces: readonly (readonly Value[])[], typeHint?: TupleType): Value {
  let length = 0;
  for (const piece of pieces) {
    checkValues(piece, "tuple");
    length += piece.length;
  }
  const type = tupleTypeOf(pieces, length, typeHint);
  return construct(type, pieces.length === 1 ? pieces[0]! : new Pieces(pieces, length));
}

/** The tuple type of the elements of `pieces`: `hint` where it is that type, else a new one. */
function tupleTypeOf(pieces: readonly (readonly Value[])[], length: number, hint?: TupleType): TupleType {
  if (hint !== undefined && hint.elements.length === length && fitsTuple(hint, pieces)) return hint;
  const types: Type[] = new Array(length);
  let i = 0;
  for (const piece of pieces) for (let j = 0; j < piece.length; j++) types[i++] = piece[j]!.type;
  return length <= SHARED_TUPLE_LENGTH ? sharedTupleType(types) : ownedTupleType(types);
}

// Short tuples of one primitive type (literal lists, `for` results over strings) are built
// over and over while evaluating; types are immutable, so one instance per shape serves them all.
const SHARED_TUPLE_LENGTH = 16;
const sharedTupleTypes = new Map<Type, (TupleType | undefined)[]>();

function sharedTupleType(types: Type[]): TupleType {
  const first = types[0];
  if (first === undefined || (first !== t.string && first !== t.number && first !== t.bool)) {
    return ownedTupleType(types);
  }
  for (let i = 1; i < types.length; i++) if (types[i] !== first) return ownedTupleType(types);
  let byLength = sharedTupleTypes.get(first);
  if (byLength === undefined) {
    byLength = [];
    sharedTupleTypes.set(first, byLength);
  }
  let shared = byLength[types.length];
  if (shared === undefined) {
    shared = ownedTupleType(types);
    byLength[types.length] = shared;
  }
  return shared;
}

function fitsTuple(hint: TupleType, pieces: readonly (readonly Value[])[]): boolean {
  const types = hint.elements;
  let i = 0;
  for (const piece of pieces) {
    for (let j = 0; j < piece.length; j++, i++) {
      const et = types[i]!;
      const vt = piece[j]!.type;
      if (et !== vt && !typeEquals(et, vt)) return false;
    }
  }
  return true;
}

/** Entries given as a record, a Map or [key, value] pairs. */
export type ValueEntries = NamedEntries<Value>;

/** Keys in UTF-8 byte order, NFC, unique, and their values aligned with them. */
interface SortedEntries {
  readonly keys: string[];
  readonly values: Value[];
}

function sortedEntries(entries: ValueEntries, what: string): SortedEntries {
  // Two aligned arrays rather than [key, value] pairs: no pair to allocate per entry, and the
  // arrays become the value's own.
  const keys: string[] = [];
  const values: Value[] = [];
  collectEntries(entries, keys, values);
  for (let i = 0; i < keys.length; i++) {
    const k = keys[i]!;
    if (typeof k !== "string") invalid(`${what} keys must be strings`);
    if (!(values[i] instanceof Value)) notAValue(values[i], `${what} values must be cty values`);
    // Keys are NFC, as cty normalizes attribute names and map keys.
    if (!isNFC(k)) keys[i] = k.normalize("NFC");
  }
  let sorted = true;
  for (let i = 1; i < keys.length; i++) {
    if (compareStrings(keys[i - 1]!, keys[i]!) >= 0) {
      sorted = false;
      break;
    }
  }
  if (!sorted) {
    sortAligned(keys, values);
    for (let i = 1; i < keys.length; i++) {
      if (keys[i - 1] === keys[i]) invalid(`duplicate ${what} key ${JSON.stringify(keys[i])}`);
    }
  }
  return { keys, values };
}

/** A map; all elements must have the same type. `elementType` is required when empty. */
export function mapVal(entries: ValueEntries, elementType?: Type): Value {
  const { keys, values } = sortedEntries(entries, "map");
  // Both arrays are new, made for this map: kept as they are.
  const { ety, elems } = collectionElements(values, elementType, "map");
  return construct(t.map(ety), { keys, values: elems });
}

/**
 * A map from keys already in UTF-8 byte order and their values (checked, not trusted):
 * the allocation-light form of mapVal. The arrays are kept, not copied: do not modify them
 * afterwards.
 */
export function mapValSorted(keys: readonly string[], values: readonly Value[], elementType?: Type): Value {
  if (!sortedUnique(keys, values)) return mapVal(zip(keys, values), elementType);
  const { ety, elems } = collectionElements(values, elementType, "map");
  return construct(t.map(ety), { keys, values: elems === values ? values : [...elems] });
}

/**
 * An object value; its type is the object type of its attribute values' types. `typeHint`,
 * when it is exactly that type (no optional markers), is used instead of building a new
 * type object: pass the type of a previous value of the same shape to save the work.
 */
export function objectVal(attributes: ValueEntries, typeHint?: ObjectType): Value {
  const { keys, values } = sortedEntries(attributes, "object");
  if (typeHint !== undefined && matchesHint(keys, values, typeHint)) return construct(typeHint, values);
  return construct(objectTypeOf(keys, values), values);
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
        if (matchesHint(keys, values, hint)) return construct(hint, values);
      }
    } else {
      const hint = typeHint as ObjectType;
      if (matchesHint(keys, values, hint)) return construct(hint, values);
    }
  }
  return objectValUnhinted(keys, values);
}

// Kept apart from objectValSorted: a closure over a parameter would make every call allocate a
// context for it, hinted or not.
function objectValUnhinted(keys: readonly string[], values: readonly Value[]): Value {
  if (!sortedUnique(keys, values)) return objectVal(zip(keys, values));
  return construct(objectTypeOf(keys, values), values);
}

// Object types by shape. Evaluation builds objects of a few shapes over and over (a module
// call's `var` and `local` objects, merge results, converted arguments), and types are
// immutable: an object whose attributes have exactly (===) the types of one made before takes
// that object's type instead of building an equal one. Bounded: a few types per list of names,
// objects of a few attributes only, and the whole table dropped when it is full.
const SHAPE_ATTRIBUTES_MAX = 16;
const SHAPE_TYPES_MAX = 4;
const SHAPES_MAX = 2048;
const shapes = new Map<string, ObjectType[]>();

/**
 * The object type of attributes `keys` (NFC, unique, in UTF-8 byte order) holding `values`:
 * one made before for the same names and attribute types, or a new one.
 */
function objectTypeOf(keys: readonly string[], values: readonly Value[]): ObjectType {
  const n = keys.length;
  if (n > SHAPE_ATTRIBUTES_MAX) return newObjectType(keys, values);
  // Names holding U+0000 may share an entry with other names: the candidates' names are
  // compared one by one all the same.
  const id = n === 1 ? keys[0]! : keys.join("\u0000");
  let candidates = shapes.get(id);
  if (candidates !== undefined) {
    for (let c = 0; c < candidates.length; c++) {
      const candidate = candidates[c]!;
      if (sameShape(candidate, keys, values)) return candidate;
    }
  }
  const type = newObjectType(keys, values);
  if (candidates === undefined) {
    if (shapes.size >= SHAPES_MAX) shapes.clear();
    candidates = [];
    shapes.set(id, candidates);
  }
  if (candidates.length >= SHAPE_TYPES_MAX) candidates.pop();
  candidates.unshift(type);
  return type;
}

/** Whether `type` has exactly these attribute names and, by identity, the values' types. */
function sameShape(type: ObjectType, keys: readonly string[], values: readonly Value[]): boolean {
  const names = type.attributeNames;
  const types = type.attributeTypes;
  if (names.length !== keys.length) return false;
  for (let i = 0; i < keys.length; i++) {
    if (names[i] !== keys[i] || types[i] !== values[i]!.type) return false;
  }
  return true;
}

function newObjectType(keys: readonly string[], values: readonly Value[]): ObjectType {
  const types: [string, Type][] = new Array(keys.length);
  for (let i = 0; i < keys.length; i++) types[i] = [keys[i]!, values[i]!.type];
  return t.object(types as AttributeTypes);
}

function zip(keys: readonly string[], values: readonly Value[]): [string, Value][] {
  if (keys.length !== values.length) invalid("keys and values differ in length");
  return keys.map((k, i) => [k, values[i]!]);
}

/**
 * Whether a string is certainly NFC: text below U+0300 (no combining marks, no Hangul) always
 * is, and needs no normalize() call; anything else is checked.
 */
function isNFC(s: string): boolean {
  return belowCombining(s) || s === s.normalize("NFC");
}

/** Whether every code unit is below U+0300: such text is NFC as it is. */
function belowCombining(s: string): boolean {
  for (let i = 0; i < s.length; i++) if (s.charCodeAt(i) >= 0x300) return false;
  return true;
}

/** Whether keys are NFC, strictly increasing in UTF-8 order, and every value is a Value. */
function sortedUnique(keys: readonly string[], values: readonly Value[]): boolean {
  if (keys.length !== values.length) invalid("keys and values differ in length");
  for (let i = 0; i < keys.length; i++) {
    if (typeof keys[i] !== "string" || !(values[i] instanceof Value))
      notAValue(values[i], "keys must be strings and values cty values");
    if (!isNFC(keys[i]!)) return false;
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
