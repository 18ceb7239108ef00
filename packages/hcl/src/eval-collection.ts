// Object constructors (`{ name = a, (k) = b }`, hclsyntax's ObjectConsExpr) and their keys, the
// keys of an object whose keys are all bare names sorted once per constructor rather than at each
// evaluation. (Tuple constructors, a loop over their elements, are evaluated in evaluator.ts.)
import {
  dynamicVal,
  markedVal,
  marksOf,
  type ObjectType,
  stringVal,
  t,
  unmarkedVal,
  type Value,
} from "@tofukit/cty";
import type { ObjectConsItem, ObjectConsKeyExpr, Traverser } from "./ast.js";
import { OperatorEvaluator } from "./eval-operator.js";
import type { Scope } from "./eval-scope.js";
import { ObjectValues, sortAttributes } from "./object-values.js";
import { exprAsKeyword } from "./static-analysis.js";
import { convertValue } from "./value-conversion.js";

// Shared by every evaluation, as number literals are (see eval-scope.ts): the attributes of a file
// repeat the same object shapes.
/** Object values offered the object types built lately (see ObjectValues). */
const objectValues = new ObjectValues();

/**
 * An object constructor whose keys are all bare names, none repeated: the names in cty's order,
 * and for each item, in source order, the place of its value among them.
 */
interface StaticKeys {
  readonly names: readonly string[];
  readonly places: readonly number[];
  /** The object types built last for this shape (see ObjectValues.buildShaped). */
  readonly hints: ObjectType[];
}

/**
 * StaticKeys by the sequence of bare names a constructor's keys spell, as a tree of maps with
 * one level per key: the attributes of a file, and each evaluation of a `for` body, repeat the
 * same object shapes, so the names are sorted once per shape rather than once per constructor.
 * Looking a shape up costs a map lookup per key and builds nothing. `keys` is set on the node
 * reached after a shape's last name (null: the names repeat one).
 */
interface ShapeNode {
  keys: StaticKeys | null | undefined;
  readonly next: Map<string, ShapeNode>;
}

/** Shapes remembered before the tree is dropped and started again (it is a cache, not a record). */
const MAX_SHAPE_NODES = 4096;
let shapes: ShapeNode = { keys: undefined, next: new Map() };
let shapeNodes = 0;

/**
 * The static keys of an object constructor (null: some key is not a bare name, or repeats one),
 * found once per shape of keys.
 */
function staticKeysOf(items: readonly ObjectConsItem[]): StaticKeys | null {
  let node = shapes;
  for (let i = 0; i < items.length; i++) {
    const k = (items[i] as ObjectConsItem).key;
    const w = k.wrapped;
    if (k.forceNonLiteral || w.kind !== "scopeTraversal" || w.traversal.length !== 1) return null;
    const name = (w.traversal[0] as Traverser & { name: string }).name;
    let child = node.next.get(name);
    if (child === undefined) {
      if (shapeNodes >= MAX_SHAPE_NODES) {
        shapes = { keys: undefined, next: new Map() };
        shapeNodes = 0;
        return staticKeysOf(items);
      }
      child = { keys: undefined, next: new Map() };
      node.next.set(name, child);
      shapeNodes++;
    }
    node = child;
  }
  if (node.keys === undefined) node.keys = findStaticKeys(items);
  return node.keys;
}

function findStaticKeys(items: readonly ObjectConsItem[]): StaticKeys | null {
  const names: string[] = [];
  const sources: number[] = [];
  for (let i = 0; i < items.length; i++) {
    const k = (items[i] as ObjectConsItem).key;
    const w = k.wrapped;
    if (k.forceNonLiteral || w.kind !== "scopeTraversal" || w.traversal.length !== 1) return null;
    names.push((w.traversal[0] as Traverser & { name: string }).name);
    sources.push(i);
  }
  sortAttributes(names, sources);
  const places: number[] = new Array(items.length);
  for (let j = 0; j < names.length; j++) {
    if (j > 0 && names[j] === names[j - 1]) return null;
    places[sources[j] as number] = j;
  }
  return { names, places, hints: [] };
}

/** Of attributes sorted by name, keeps only the last of each run of equal names, as setting a key twice in a map does. */
function dropRepeatedKeys(keys: string[], values: Value[]): void {
  const n = keys.length;
  let out = 0;
  for (let i = 0; i < n; i++) {
    if (i + 1 < n && keys[i] === keys[i + 1]) continue;
    keys[out] = keys[i]!;
    values[out] = values[i]!;
    out++;
  }
  if (out < n) {
    keys.length = out;
    values.length = out;
  }
}

export abstract class CollectionEvaluator extends OperatorEvaluator {
  /** An object key's value (hclsyntax's ObjectConsKeyExpr.Value). */
  protected objectKeyValue(key: ObjectConsKeyExpr, scope: Scope | null): Value {
    if (!key.forceNonLiteral) {
      const w = key.wrapped;
      if (w.kind === "scopeTraversal") {
        if (w.traversal.length > 1) {
          return this.error(
            "Ambiguous attribute key",
            "If this expression is intended to be a reference, wrap it in parentheses. If it's instead intended as a literal name containing periods, wrap it in quotes to create a string literal.",
            key.range,
          );
        }
        return stringVal((w.traversal[0] as Traverser & { name: string }).name);
      }
      const keyword = exprAsKeyword(w);
      if (keyword !== "") return stringVal(keyword);
    }
    return this.eval(key.wrapped, scope);
  }

  protected object(items: readonly ObjectConsItem[], scope: Scope | null): Value {
    const staticKeys = staticKeysOf(items);
    if (staticKeys !== null) {
      // Values are evaluated in source order, as below, each put straight into its place.
      const places = staticKeys.places;
      const values: Value[] = new Array(items.length);
      for (let i = 0; i < items.length; i++) {
        values[places[i] as number] = this.eval((items[i] as ObjectConsItem).value, scope);
      }
      return objectValues.buildShaped(staticKeys.names, values, staticKeys.hints);
    }
    const keys: string[] = [];
    const values: Value[] = [];
    let known = true;
    let marks: Set<string> | null = null;
    for (const item of items) {
      const k = item.key;
      let name: string | null = null;
      // The usual key, a bare name, without building a string value for it.
      const w = k.wrapped;
      if (!k.forceNonLiteral && w.kind === "scopeTraversal" && w.traversal.length === 1) {
        name = (w.traversal[0] as Traverser & { name: string }).name;
        const v = this.eval(item.value, scope);
        keys.push(name);
        values.push(v);
        continue;
      }
      const before = this.diags.length;
      const key = this.objectKeyValue(k, scope);
      const keyFailed = this.diags.length > before;
      const v = this.eval(item.value, scope);
      if (keyFailed) {
        known = false;
        continue;
      }
      if (key.isNull) {
        this.error("Null value as key", "Can't use a null value as a key.", item.value.range);
        known = false;
        continue;
      }
      const own = marksOf(key);
      if (own.size > 0) {
        marks ??= new Set();
        for (const m of own) marks.add(m);
      }
      const s = convertValue(own.size > 0 ? unmarkedVal(key) : key, t.string);
      if (!s.ok) {
        this.error("Incorrect key type", `Can't use this value as a key: ${s.message}.`, k.range);
        known = false;
        continue;
      }
      if (!s.value.isKnown) {
        known = false;
        continue;
      }
      name = s.value.asString().normalize("NFC");
      keys.push(name);
      values.push(v);
    }
    if (!known) return dynamicVal;
    sortAttributes(keys, values);
    dropRepeatedKeys(keys, values);
    const obj = objectValues.build(keys, values);
    return marks === null ? obj : markedVal(obj, marks);
  }
}
