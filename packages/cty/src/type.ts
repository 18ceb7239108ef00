// The cty type model: primitives, the dynamic pseudo-type, collections and structural types.
//
// Types are immutable. Each has `key`, its cty JSON encoding as compact text (optional
// markers included), computed on first use: two types are equal exactly when their keys are.
// Collection types are shared per element type, so equal types are often the same object and
// compare in constant time.

import { COPY_BRAND, otherCopyError, otherCopyOf, thisCopy } from "./copy.js";
import { CtyError, MAX_DEPTH } from "./errors.js";
import { collectEntries, type NamedEntries } from "./named-entries.js";
import { compareStrings, sortAligned } from "./string-order.js";

/** Types built from one type, kept with it so that each is built once (see TypeBase). */
interface DerivedTypes {
  list: ListType | undefined;
  set: SetType | undefined;
  map: MapType | undefined;
  withoutOptional: Type | undefined;
}

/** The derived-type slots of `type`, created on first use. */
let derivedTypes!: (type: TypeBase) => DerivedTypes;

abstract class TypeBase {
  // Derived types live in a private slot of the type they come from rather than in WeakMaps
  // keyed by it: new types are mostly short-lived, and every young WeakMap key makes each
  // minor garbage collection slower. Private fields stay writable on frozen objects.
  #derived: DerivedTypes | undefined = undefined;
  static {
    Object.defineProperty(TypeBase.prototype, COPY_BRAND, { value: thisCopy });
    derivedTypes = (type) => {
      if (!(#derived in type)) requireType(type);
      type.#derived ??= { list: undefined, set: undefined, map: undefined, withoutOptional: undefined };
      return type.#derived;
    };
  }

  /** Whether `any` (the dynamic pseudo-type) occurs anywhere in the type. */
  declare readonly hasDynamic: boolean;
  /** Whether an object type with optional attributes occurs anywhere in the type. */
  declare readonly hasOptional: boolean;
  /** Nesting depth: 1 for primitives and `any`. */
  declare readonly depth: number;
  /** Number of type nodes, this one included. */
  declare readonly size: number;
  #key: string | undefined;

  // The fields are `declare`d and set by the constructors alone: a field initializer would
  // define each one before the constructor sets it, which is a good part of the cost of making a
  // type, and types are made for every object value.
  protected constructor(hasDynamic: boolean, hasOptional: boolean, depth: number, size: number) {
    if (depth > MAX_DEPTH) {
      throw new CtyError("TOFUKIT_CTY_TOO_DEEP", `type nesting is deeper than ${MAX_DEPTH} levels`);
    }
    this.hasDynamic = hasDynamic;
    this.hasOptional = hasOptional;
    this.depth = depth;
    this.size = size;
  }

  /** The cty JSON type encoding as compact text; equal keys ⇔ equal types. */
  get key(): string {
    this.#key ??= this.computeKey();
    return this.#key;
  }

  protected abstract computeKey(): string;
}

export class PrimitiveType extends TypeBase {
  readonly kind: "string" | "number" | "bool";
  constructor(kind: "string" | "number" | "bool") {
    super(false, false, 1, 1);
    this.kind = kind;
    Object.freeze(this);
  }
  protected computeKey(): string {
    return `"${this.kind}"`;
  }
}

export class DynamicType extends TypeBase {
  readonly kind = "dynamic" as const;
  constructor() {
    super(true, false, 1, 1);
    Object.freeze(this);
  }
  protected computeKey(): string {
    return '"dynamic"';
  }
}

abstract class CollectionBase extends TypeBase {
  declare readonly element: Type;
  constructor(element: Type) {
    super(element.hasDynamic, element.hasOptional, element.depth + 1, element.size + 1);
    this.element = element;
  }
}

export class ListType extends CollectionBase {
  readonly kind = "list" as const;
  protected computeKey(): string {
    return `["list",${this.element.key}]`;
  }
}
export class SetType extends CollectionBase {
  readonly kind = "set" as const;
  protected computeKey(): string {
    return `["set",${this.element.key}]`;
  }
}
export class MapType extends CollectionBase {
  readonly kind = "map" as const;
  protected computeKey(): string {
    return `["map",${this.element.key}]`;
  }
}

export class TupleType extends TypeBase {
  readonly kind = "tuple" as const;
  declare readonly elements: readonly Type[];
  constructor(
    elements: readonly Type[],
    hasDynamic: boolean,
    hasOptional: boolean,
    depth: number,
    size: number,
  ) {
    super(hasDynamic, hasOptional, depth, size);
    this.elements = elements;
  }
  protected computeKey(): string {
    return `["tuple",[${this.elements.map((e) => e.key).join(",")}]]`;
  }
}

const NO_NAMES: ReadonlySet<string> = new Set();
const PLAIN_NAME = /^[A-Za-z0-9_.\- ]*$/;

function quoteName(name: string): string {
  return PLAIN_NAME.test(name) ? `"${name}"` : JSON.stringify(name);
}

export class ObjectType extends TypeBase {
  readonly kind = "object" as const;
  /** Attribute types, iterated in UTF-8 byte order of their names. */
  declare readonly attributes: ReadonlyMap<string, Type>;
  /** Attribute names in UTF-8 byte order. */
  declare readonly attributeNames: readonly string[];
  /** Attribute types aligned with attributeNames: for loops that would otherwise look names up. */
  declare readonly attributeTypes: readonly Type[];
  /** Names of the optional attributes (type constraints only). */
  declare readonly optional: ReadonlySet<string>;
  /**
   * Attribute names in the order they were given to `t.object`. Not part of the type's
   * identity; cty's error messages that name "some" mismatching attribute pick among them in
   * Go map order, which most often is this order.
   */
  declare readonly declaredNames: readonly string[];
  constructor(
    attributes: ReadonlyMap<string, Type>,
    names: readonly string[],
    types: readonly Type[],
    declaredNames: readonly string[],
    optional: ReadonlySet<string>,
    hasDynamic: boolean,
    hasOptional: boolean,
    depth: number,
    size: number,
  ) {
    super(hasDynamic, hasOptional, depth, size);
    this.attributes = attributes;
    this.attributeNames = names;
    this.attributeTypes = types;
    this.optional = optional;
    this.declaredNames = declaredNames;
  }
  protected computeKey(): string {
    let key = '["object",{';
    let first = true;
    for (const [name, t] of this.attributes) {
      key += `${first ? "" : ","}${quoteName(name)}:${t.key}`;
      first = false;
    }
    key += "}";
    if (this.optional.size > 0) {
      key += `,[${this.attributeNames
        .filter((n) => this.optional.has(n))
        .map(quoteName)
        .join(",")}]`;
    }
    return `${key}]`;
  }
}

export type CollectionType = ListType | SetType | MapType;
export type Type = PrimitiveType | DynamicType | ListType | SetType | MapType | TupleType | ObjectType;

const stringType = new PrimitiveType("string");
const numberType = new PrimitiveType("number");
const boolType = new PrimitiveType("bool");
const dynamicType = new DynamicType();

function frozen<T extends object>(x: T): T {
  Object.freeze(x);
  return x;
}

function isType(t: unknown): t is Type {
  if (t instanceof TypeBase) return true;
  const other = otherCopyOf(t);
  if (other !== undefined) throw otherCopyError("type", other);
  return false;
}

function requireType(t: unknown): void {
  if (!isType(t)) throw new CtyError("TOFUKIT_CTY_INVALID_TYPE", "not a cty type");
}

// Collection types are shared per element type object: a cache, invisible to callers.
function listType(element: Type): ListType {
  if (!isType(element)) throw new CtyError("TOFUKIT_CTY_INVALID_TYPE", "list element type is not a cty type");
  const derived = derivedTypes(element);
  derived.list ??= frozen(new ListType(element));
  return derived.list;
}
function setType(element: Type): SetType {
  if (!isType(element)) throw new CtyError("TOFUKIT_CTY_INVALID_TYPE", "set element type is not a cty type");
  const derived = derivedTypes(element);
  derived.set ??= frozen(new SetType(element));
  return derived.set;
}
function mapType(element: Type): MapType {
  if (!isType(element)) throw new CtyError("TOFUKIT_CTY_INVALID_TYPE", "map element type is not a cty type");
  const derived = derivedTypes(element);
  derived.map ??= frozen(new MapType(element));
  return derived.map;
}

function tupleType(elements: readonly Type[]): TupleType {
  return ownedTupleType([...elements]);
}

/**
 * The tuple type of `elements`, keeping (and freezing) that array: for callers that built it
 * for the purpose, as values do from their elements' types. A long tuple's array is large, and
 * copying it would double the allocation.
 */
export function ownedTupleType(elements: Type[]): TupleType {
  let hasDynamic = false;
  let hasOptional = false;
  let depth = 0;
  let size = 1;
  for (let i = 0; i < elements.length; i++) {
    const e = elements[i];
    if (!isType(e)) throw new CtyError("TOFUKIT_CTY_INVALID_TYPE", "tuple element type is not a cty type");
    hasDynamic ||= e.hasDynamic;
    hasOptional ||= e.hasOptional;
    if (e.depth > depth) depth = e.depth;
    size += e.size;
  }
  return frozen(new TupleType(Object.freeze(elements), hasDynamic, hasOptional, depth + 1, size));
}

/** Attribute types given as a record, a Map or entries. */
export type AttributeTypes = NamedEntries<Type>;

function objectType(attributes: AttributeTypes, optional?: Iterable<string>): ObjectType {
  // Names and types are kept in two parallel arrays, which become the type's own
  // attributeNames and attributeTypes: no entry pairs to allocate and copy.
  const names: string[] = [];
  const types: Type[] = [];
  collectEntries(attributes, names, types);
  let sorted = true;
  for (let i = 1; i < names.length; i++) {
    if (compareStrings(names[i - 1]!, names[i]!) >= 0) {
      sorted = false;
      break;
    }
  }
  let declared: readonly string[] = names;
  if (!sorted) {
    declared = Object.freeze(names.slice());
    sortAligned(names, types);
  }
  const attrs = new Map<string, Type>();
  let hasDynamic = false;
  let hasOptional = false;
  let depth = 0;
  let size = 1;
  for (let i = 0; i < names.length; i++) {
    const name = names[i]!;
    const t = types[i]!;
    if (typeof name !== "string" || !isType(t)) {
      throw new CtyError("TOFUKIT_CTY_INVALID_TYPE", `attribute ${JSON.stringify(name)} has no valid type`);
    }
    if (attrs.has(name))
      throw new CtyError("TOFUKIT_CTY_INVALID_TYPE", `duplicate attribute ${JSON.stringify(name)}`);
    attrs.set(name, t);
    hasDynamic ||= t.hasDynamic;
    hasOptional ||= t.hasOptional;
    if (t.depth > depth) depth = t.depth;
    size += t.size;
  }
  let opt = NO_NAMES;
  if (optional !== undefined) {
    const set = new Set<string>();
    for (const name of optional) {
      if (!attrs.has(name)) {
        throw new CtyError(
          "TOFUKIT_CTY_INVALID_TYPE",
          `optional attribute ${JSON.stringify(name)} is not an attribute of the object type`,
        );
      }
      set.add(name);
    }
    if (set.size > 0) {
      opt = set;
      hasOptional = true;
    }
  }
  Object.freeze(names);
  return frozen(
    new ObjectType(
      attrs,
      names,
      Object.freeze(types),
      declared,
      opt,
      hasDynamic,
      hasOptional,
      depth + 1,
      size,
    ),
  );
}

/**
 * The type constructors, as a namespace so that `string`, `number`, `set` and `map` do not
 * clash with anything in the caller's scope: `t.list(t.object({ a: t.string }, ["a"]))`.
 */
export const t = Object.freeze({
  string: stringType as PrimitiveType,
  number: numberType as PrimitiveType,
  bool: boolType as PrimitiveType,
  /** `any` in a type constraint: cty's DynamicPseudoType. */
  dynamic: dynamicType as DynamicType,
  list: listType,
  set: setType,
  map: mapType,
  tuple: tupleType,
  /** An object type; `optional` names attributes that may be omitted (type constraints only). */
  object: objectType,
});

/** Whether two types are the same, optional-attribute markers included (cty's `Type.Equals`). */
export function typeEquals(a: Type, b: Type): boolean {
  if (a === b) return true;
  if (a.kind !== b.kind || a.depth !== b.depth) return false;
  switch (a.kind) {
    case "list":
    case "set":
    case "map":
      return typeEquals(a.element, (b as CollectionType).element);
    case "tuple": {
      const be = (b as TupleType).elements;
      if (a.elements.length !== be.length) return false;
      for (let i = 0; i < be.length; i++) if (!typeEquals(a.elements[i]!, be[i]!)) return false;
      return true;
    }
    case "object": {
      const bo = b as ObjectType;
      // Both name lists are in UTF-8 order, so equal types have them index for index; plain
      // loops keep this hot comparison free of iterator and entry allocations.
      const an = a.attributeNames;
      const bn = bo.attributeNames;
      if (an.length !== bn.length || a.optional.size !== bo.optional.size) return false;
      for (let i = 0; i < an.length; i++) if (an[i] !== bn[i]) return false;
      const at = a.attributeTypes;
      const bt = bo.attributeTypes;
      for (let i = 0; i < an.length; i++) if (!typeEquals(at[i]!, bt[i]!)) return false;
      if (a.optional.size > 0) {
        for (let i = 0; i < an.length; i++)
          if (a.optional.has(an[i]!) !== bo.optional.has(an[i]!)) return false;
      }
      return true;
    }
    default:
      return true;
  }
}

export function isPrimitiveType(type: Type): type is PrimitiveType {
  return type.kind === "string" || type.kind === "number" || type.kind === "bool";
}

export function isCollectionType(type: Type): type is CollectionType {
  return type.kind === "list" || type.kind === "set" || type.kind === "map";
}

/** The same type with every optional-attribute marker removed, at every depth. */
export function withoutOptionalAttributesDeep(type: Type): Type {
  if (!type.hasOptional) return type;
  const derived = derivedTypes(type);
  derived.withoutOptional ??= stripOptional(type);
  return derived.withoutOptional;
}

function stripOptional(type: Type): Type {
  switch (type.kind) {
    case "list":
      return listType(withoutOptionalAttributesDeep(type.element));
    case "set":
      return setType(withoutOptionalAttributesDeep(type.element));
    case "map":
      return mapType(withoutOptionalAttributesDeep(type.element));
    case "tuple":
      return tupleType(type.elements.map(withoutOptionalAttributesDeep));
    case "object":
      return withoutOptionalAttributes(type);
    default:
      return type;
  }
}

/**
 * An object type with its own optional markers removed and its attribute types stripped
 * deeply. Its names are already sorted, unique and valid, so they are shared rather than
 * sorted and checked again.
 */
function withoutOptionalAttributes(type: ObjectType): ObjectType {
  const names = type.attributeNames;
  const attrs = new Map<string, Type>();
  const types: Type[] = [];
  let hasDynamic = false;
  let depth = 0;
  let size = 1;
  for (let i = 0; i < names.length; i++) {
    const t = withoutOptionalAttributesDeep(type.attributeTypes[i]!);
    attrs.set(names[i]!, t);
    types.push(t);
    hasDynamic ||= t.hasDynamic;
    if (t.depth > depth) depth = t.depth;
    size += t.size;
  }
  return frozen(
    new ObjectType(
      attrs,
      names,
      Object.freeze(types),
      type.declaredNames,
      NO_NAMES,
      hasDynamic,
      false,
      depth + 1,
      size,
    ),
  );
}
