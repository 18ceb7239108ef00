// `for` expressions (`[for v in coll : v.name if v.enabled]`, `{for k, v in coll : k => v...}`)
// and splats (`coll[*].name`, `coll.*.name`): the two ways HCL evaluates an expression once per
// element of a collection. A `for` body without a condition goes through its compiled form
// (for-body-compiler.ts) where it has one.
import {
  CtyError,
  dynamicVal,
  emptyTupleVal,
  friendlyName,
  listVal,
  listValEmpty,
  marksInUse,
  marksOf,
  numberVal,
  objectVal,
  stringVal,
  type Type,
  t,
  tupleVal,
  unknownVal,
  unmarkedVal,
  type Value,
  withMarksOf,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import type { ForExpr, SplatExpr } from "./ast.js";
import { isTrue, remark, type Scope } from "./eval-scope.js";
import { TraversalEvaluator } from "./eval-traversal.js";
import { type CompiledBody, compileBody, FALLBACK } from "./for-body-compiler.js";
import { rangeBetween } from "./pos.js";
import { convertValue } from "./value-conversion.js";

/** Compiled `for` bodies by expression and function table (a body's calls name the table's functions). */
const compiledBodies = new WeakMap<ForExpr, WeakMap<object, CompiledBody | null>>();
const NO_TABLE = {};

/** The key and value of each element a `for` expression visits, as cty's ElementIterator gives them. */
function forEntries(coll: Value): [Value, Value][] {
  const k = coll.type.kind;
  if (k === "map" || k === "object") {
    const keys = coll.entryKeys();
    const values = coll.entryValues();
    return keys.map((name, i) => [stringVal(name), values[i]!]);
  }
  const elems = coll.elements();
  return elems.map((v, i) => [k === "set" ? v : numberVal(i), v]);
}

const NO_MARK_SET: ReadonlySet<string> = new Set();

/** `set` with `marks` added; null while there are none, a set made on the first. */
function withMarkSet(set: Set<string> | null, marks: ReadonlySet<string>): Set<string> | null {
  if (marks.size === 0) return set;
  const out = set ?? new Set<string>();
  for (const m of marks) out.add(m);
  return out;
}

export abstract class ForEvaluator extends TraversalEvaluator {
  /** The compiled body of a `for` expression, made once per expression and function table. */
  private compiledBody(e: ForExpr): CompiledBody | null {
    let byTable = compiledBodies.get(e);
    if (byTable === undefined) {
      byTable = new WeakMap();
      compiledBodies.set(e, byTable);
    }
    const table = this.functions ?? NO_TABLE;
    let body = byTable.get(table);
    if (body === undefined) {
      body = compileBody(e.valExpr, e.keyVar, e.valVar, this.functions);
      byTable.set(table, body);
    }
    return body;
  }

  protected forExpr(e: ForExpr, scope: Scope | null): Value {
    const collected = this.eval(e.collection, scope);
    if (collected.isNull) {
      this.error(
        "Iteration over null value",
        "A null value cannot be used as the collection in a 'for' expression.",
        e.collection.range,
        e.range,
      );
      return dynamicVal;
    }
    if (collected.type.kind === "dynamic") return dynamicVal;
    // Made on the first mark found: most collections and conditions have none.
    let marks: Set<string> | null = withMarkSet(null, marksOf(collected));
    const coll = unmarkedVal(collected);
    const k = coll.type.kind;
    if (k !== "list" && k !== "set" && k !== "tuple" && k !== "map" && k !== "object") {
      this.error(
        "Iteration over non-iterable value",
        `A value of type ${friendlyName(coll.type)} cannot be used as the collection in a 'for' expression.`,
        e.collection.range,
        e.range,
      );
      return dynamicVal;
    }
    // One scope for all the elements, its symbols rebound for each: nothing keeps a scope past
    // the evaluation of the element it was bound for (closures of can and try run at once).
    const symbols = new Map<string, Value>();
    const forScope: Scope = { vars: symbols, parent: scope, child: true };
    const childOf = (key: Value, val: Value): Scope => {
      if (e.keyVar !== "") symbols.set(e.keyVar, key);
      symbols.set(e.valVar, val);
      return forScope;
    };
    let condMarks: Set<string> | null = null;
    if (e.condition !== null) {
      // An early check of the condition with unknown symbols, to report a wrong type once
      // instead of once per element.
      const before = this.diags.length;
      const result = this.eval(e.condition, childOf(dynamicVal, dynamicVal));
      const condFailed = this.diags.length > before;
      if (result.isNull) {
        this.error(
          "Condition is null",
          "The value of the 'if' clause must not be null.",
          e.condition.range,
          e.range,
        );
        return dynamicVal;
      }
      condMarks = withMarkSet(condMarks, marksOf(result));
      const b = convertValue(result, t.bool);
      if (!b.ok) {
        this.error(
          "Invalid 'for' condition",
          `The 'if' clause value is invalid: ${b.message}.`,
          e.condition.range,
          e.range,
        );
        return dynamicVal;
      }
      if (condFailed) return dynamicVal;
    }
    if (!coll.isKnown) {
      if (condMarks !== null) marks = withMarkSet(marks, condMarks);
      return remark(dynamicVal, marks ?? NO_MARK_SET);
    }
    let known = true;
    const invalidCondition = (detail: string): void => {
      if (known) this.error("Invalid 'for' condition", detail, e.condition!.range, e.range);
      known = false;
    };
    /** Whether the element is kept: its `if` clause is true (hclsyntax's checks, in its order). */
    const include = (child: Scope): boolean => {
      if (e.condition === null) return true;
      const raw = this.eval(e.condition, child);
      if (raw.isNull) {
        invalidCondition("The value of the 'if' clause must not be null.");
        return false;
      }
      marks = withMarkSet(marks, marksOf(raw));
      if (e.keyExpr === null && !raw.isKnown) {
        known = false;
        return false;
      }
      const b = convertValue(raw, t.bool);
      if (!b.ok) {
        invalidCondition(`The 'if' clause value is invalid: ${b.message}.`);
        return false;
      }
      if (!b.value.isKnown) {
        known = false;
        return false;
      }
      return isTrue(unmarkedVal(b.value));
    };
    if (e.keyExpr === null) {
      const results: Value[] = [];
      // A body without a condition is evaluated element by element through its compiled form
      // where it has one, the evaluator taking over any element that form gives up on.
      const fast = e.condition === null && !marksInUse() ? this.compiledBody(e) : null;
      const add = (key: Value, val: Value): void => {
        if (fast !== null) {
          const v = fast(key, val);
          if (v !== FALLBACK) {
            results.push(v);
            return;
          }
        }
        const child = childOf(key, val);
        if (include(child)) results.push(this.eval(e.valExpr, child));
      };
      // No key symbol over a sequence: the elements alone, without an index value and an entry
      // pair for each.
      if (e.keyVar === "" && k !== "map" && k !== "object")
        for (const val of coll.elements()) add(dynamicVal, val);
      else for (const [key, val] of forEntries(coll)) add(key, val);
      if (!known) return remark(dynamicVal, marks ?? NO_MARK_SET);
      return remark(tupleVal(results), marks ?? NO_MARK_SET);
    }
    const keyExpr = e.keyExpr;
    const singles = new Map<string, Value>();
    const groups = new Map<string, Value[]>();
    for (const [key, val] of forEntries(coll)) {
      const child = childOf(key, val);
      if (!include(child)) continue;
      const raw = this.eval(keyExpr, child);
      if (raw.isNull) {
        if (known) {
          this.error(
            "Invalid object key",
            "Key expression in 'for' expression must not produce a null value.",
            keyExpr.range,
            e.range,
          );
        }
        known = false;
        continue;
      }
      marks = withMarkSet(marks, marksOf(raw));
      if (!raw.isKnown) {
        known = false;
        continue;
      }
      const s = convertValue(raw, t.string);
      if (!s.ok) {
        if (known) {
          this.error(
            "Invalid object key",
            `The key expression produced an invalid result: ${s.message}.`,
            keyExpr.range,
            e.range,
          );
        }
        known = false;
        continue;
      }
      const name = unmarkedVal(s.value).asString();
      const v = this.eval(e.valExpr, child);
      if (e.group) {
        const g = groups.get(name);
        if (g === undefined) groups.set(name, [v]);
        else g.push(v);
      } else if (singles.has(name)) {
        this.error(
          "Duplicate object key",
          `Two different items produced the key ${goQuote(name)} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.`,
          keyExpr.range,
          e.range,
        );
      } else {
        singles.set(name, v);
      }
    }
    if (!known) return remark(dynamicVal, marks ?? NO_MARK_SET);
    if (e.group) {
      const attrs = new Map<string, Value>();
      for (const [name, g] of groups) attrs.set(name, tupleVal(g));
      return remark(objectVal(attrs), marks ?? NO_MARK_SET);
    }
    return remark(objectVal(singles), marks ?? NO_MARK_SET);
  }

  protected splat(e: SplatExpr, scope: Scope | null): Value {
    const before = this.diags.length;
    let source = this.eval(e.source, scope);
    if (this.diags.length > before) return dynamicVal;
    let ty = source.type;
    const autoUpgrade = ty.kind !== "tuple" && ty.kind !== "list" && ty.kind !== "set";
    if (source.isNull) {
      if (autoUpgrade) return withMarksOf(emptyTupleVal, source);
      return this.error(
        "Splat of null value",
        "Splat expressions (with the * symbol) cannot be applied to null sequences.",
        e.source.range,
        rangeBetween(e.source.range, e.markerRange),
      );
    }
    if (ty.kind === "dynamic") return withMarksOf(dynamicVal, source);
    let upgradedUnknown = false;
    if (autoUpgrade) {
      // An unknown value could turn out null, which would give an empty tuple.
      if (!source.isKnown) upgradedUnknown = true;
      source = withMarksOf(tupleVal([source]), source);
      ty = source.type;
    }
    const run = (item: Value): Value => {
      this.anon ??= new Map();
      this.anon.set(e.item, item);
      try {
        return this.eval(e.each, scope);
      } finally {
        this.anon.delete(e.item);
      }
    };
    /** The result's type: `each` evaluated on unknown items of the source's element types. */
    const resultType = (keep: boolean): Type => {
      const mark = this.diags.length;
      let out: Type;
      if (ty.kind === "list" || ty.kind === "set") out = t.list(run(unknownVal(ty.element)).type);
      else if (ty.kind === "tuple") out = t.tuple(ty.elements.map((et) => run(unknownVal(et)).type));
      else out = t.dynamic;
      if (!keep) this.diags.length = mark;
      return out;
    };
    const marks = marksOf(source);
    if (!source.isKnown) {
      return remark(unknownVal(resultType(true)), marks);
    }
    const vals: Value[] = [];
    let itemsKnown = true;
    for (const item of unmarkedVal(source).elements()) {
      const mark = this.diags.length;
      vals.push(run(item));
      if (this.diags.length > mark) itemsKnown = false;
    }
    if (upgradedUnknown) return remark(dynamicVal, marks);
    if (!itemsKnown) return remark(unknownVal(resultType(false)), marks);
    if (ty.kind === "list" || ty.kind === "set") {
      if (vals.length === 0) {
        const rt = resultType(true) as Type & { kind: "list" };
        return remark(listValEmpty(rt.element), marks);
      }
      try {
        return remark(listVal(vals), marks);
      } catch (err) {
        if (!(err instanceof CtyError)) throw err;
        return this.error(
          "Invalid nested splat expressions",
          "The second level of splat expression produced elements of different types, so it isn't possible to construct a valid list to represent the top-level result.\n\nConsider using a for expression instead, to produce a tuple-typed result which can therefore have non-homogenous element types.",
          e.each.range,
          e.range,
        );
      }
    }
    return remark(tupleVal(vals), marks);
  }
}
