// Constant evaluation: the value of an expression with no variables and no functions, as
// hclsyntax's Expression.Value(nil) computes it, on cty's exact numbers.
//
// Only the iteration symbols of `for` expressions and splats are in scope; any other variable
// gives HCL's "Variables not allowed", any function call "Function calls not allowed".
import {
  boolVal,
  CtyError,
  type CtyNumber,
  dynamicVal,
  friendlyName,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  type Type,
  t,
  tupleVal,
  typeEquals,
  unknownVal,
  type Value,
  valueEquals,
} from "@tofukit/cty";
import type { AnonSymbolExpr, BinaryOpExpr, Expression, ForExpr, Literal, Traverser } from "./ast.js";
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { HCLError } from "./errors.js";
import { ObjectValues, sortAttributes } from "./object-values.js";
import type { Range } from "./pos.js";

/** Variables in scope: null is HCL's nil EvalContext, where no variable at all may be used. */
interface Scope {
  readonly vars: ReadonlyMap<string, Value>;
  readonly parent: Scope | null;
}

export interface Evaluation {
  /** The value; where there were errors, an unknown value stands in for what failed. */
  readonly value: Value;
  readonly diagnostics: readonly Diagnostic[];
}

/** Evaluates a constant expression, returning its value and any diagnostics. */
export function evaluateExpression(expr: Expression): Evaluation {
  const ev = new Evaluator();
  try {
    const value = ev.eval(expr, null);
    return { value, diagnostics: ev.diags };
  } catch (e) {
    // cty refuses values it cannot build safely (nested deeper than its limit).
    if (!(e instanceof CtyError)) throw e;
    const diag = errorDiag("Invalid value", `This value cannot be represented: ${e.message}.`, expr.range);
    return { value: dynamicVal, diagnostics: [...ev.diags, diag] };
  }
}

/** The value of a constant expression; throws HCLError (TOFUKIT_HCL_EVALUATION) if it has none. */
export function evaluateConstant(expr: Expression): Value {
  const { value, diagnostics } = evaluateExpression(expr);
  if (hasErrors(diagnostics)) throw new HCLError("TOFUKIT_HCL_EVALUATION", diagnostics);
  return value;
}

/** A cty value for a literal written in the source. */
export function literalValue(lit: Literal): Value {
  switch (lit.type) {
    case "string":
      return stringVal(lit.value);
    case "number":
      return numberVal(lit.text);
    case "bool":
      return boolVal(lit.value);
    case "null":
      return nullVal(t.dynamic);
    case "unknown":
      return dynamicVal;
  }
}

/** A value converted to a primitive type, or the conversion's error message. */
type Converted = { ok: true; value: Value } | { ok: false; message: string };

function toStringValue(v: Value): Converted {
  const k = v.type.kind;
  if (k === "string" || k === "dynamic") return { ok: true, value: v };
  if (v.isNull || !v.isKnown) {
    if (k === "number" || k === "bool")
      return { ok: true, value: v.isNull ? nullVal(t.string) : unknownVal(t.string) };
  } else if (k === "number") {
    return { ok: true, value: stringVal(v.asNumber().toString()) };
  } else if (k === "bool") {
    return { ok: true, value: stringVal(v.asBool() ? "true" : "false") };
  }
  return { ok: false, message: `string required, but have ${friendlyName(v.type)}` };
}

function toNumberValue(v: Value): Converted {
  const k = v.type.kind;
  if (k === "number" || k === "dynamic") return { ok: true, value: v };
  if (k === "string") {
    if (v.isNull) return { ok: true, value: nullVal(t.number) };
    if (!v.isKnown) return { ok: true, value: unknownVal(t.number) };
    try {
      return { ok: true, value: numberVal(v.asString()) };
    } catch {
      return { ok: false, message: "a number is required" };
    }
  }
  return { ok: false, message: `number required, but have ${friendlyName(v.type)}` };
}

function toBoolValue(v: Value): Converted {
  const k = v.type.kind;
  if (k === "bool" || k === "dynamic") return { ok: true, value: v };
  if (k === "string") {
    if (v.isNull) return { ok: true, value: nullVal(t.bool) };
    if (!v.isKnown) return { ok: true, value: unknownVal(t.bool) };
    const s = v.asString();
    if (s === "true" || s === "1") return { ok: true, value: boolVal(true) };
    if (s === "false" || s === "0") return { ok: true, value: boolVal(false) };
    const lower = s.toLowerCase();
    if (lower === "true" || lower === "false") {
      return { ok: false, message: `a bool is required; to convert from string, use lowercase "${lower}"` };
    }
    return { ok: false, message: "a bool is required" };
  }
  return { ok: false, message: `bool required, but have ${friendlyName(v.type)}` };
}

const ARITHMETIC: Partial<Record<BinaryOpExpr["op"], (a: CtyNumber, b: CtyNumber) => CtyNumber>> = {
  "+": (a, b) => a.add(b),
  "-": (a, b) => a.sub(b),
  "*": (a, b) => a.mul(b),
  "/": (a, b) => a.div(b),
  "%": (a, b) => a.mod(b),
};

const COMPARISON: Partial<Record<BinaryOpExpr["op"], (c: number) => boolean>> = {
  "<": (c) => c < 0,
  "<=": (c) => c <= 0,
  ">": (c) => c > 0,
  ">=": (c) => c >= 0,
};

class Evaluator {
  readonly diags: Diagnostic[] = [];
  /** Values of splat items being iterated; made on first use, as most expressions have no splat. */
  private anon: Map<AnonSymbolExpr, Value> | null = null;

  private error(summary: string, detail: string, subject: Range, context?: Range): Value {
    this.diags.push(errorDiag(summary, detail, subject, context));
    return dynamicVal;
  }

  eval(expr: Expression, scope: Scope | null): Value {
    switch (expr.kind) {
      case "literal":
        return expr.value.type === "number" ? this.number(expr.value.text) : literalValue(expr.value);
      case "parentheses":
        return this.eval(expr.expr, scope);
      case "objectKey":
        return this.eval(expr.wrapped, scope);
      case "templateWrap":
        return this.eval(expr.wrapped, scope);
      case "template":
        return this.template(expr.parts, expr.range, scope);
      case "templateJoin":
        return this.templateJoin(expr.tuple, scope);
      case "scopeTraversal":
        return this.scopeTraversal(expr.traversal, scope);
      case "relativeTraversal":
        return this.traverse(this.eval(expr.source, scope), expr.traversal);
      case "call":
        return this.error(
          "Function calls not allowed",
          "Functions may not be called here.",
          expr.nameRange,
          expr.range,
        );
      case "conditional":
        return this.conditional(expr.condition, expr.trueResult, expr.falseResult, expr.range, scope);
      case "binaryOp":
        return this.binaryOp(expr, scope);
      case "unaryOp":
        return this.unaryOp(expr.op, expr.operand, expr.range, scope);
      case "tuple":
        return tupleVal(expr.exprs.map((e) => this.eval(e, scope)));
      case "object":
        return this.object(expr.items, scope);
      case "for":
        return this.forExpr(expr, scope);
      case "index":
        return this.index(this.eval(expr.collection, scope), this.eval(expr.key, scope), expr.bracketRange);
      case "splat":
        return this.splat(expr.source, expr.each, expr.item, scope);
      case "anonSymbol":
        return this.anon?.get(expr) ?? dynamicVal;
    }
  }

  /**
   * Number literals by their text. Values are immutable, so a literal repeated across a large
   * file (sizes, counts, ports) is parsed into an exact number once per evaluation.
   */
  private numbers: Map<string, Value> | null = null;

  private number(text: string): Value {
    this.numbers ??= new Map();
    let v = this.numbers.get(text);
    if (v === undefined) {
      v = numberVal(text);
      this.numbers.set(text, v);
    }
    return v;
  }

  private template(parts: readonly Expression[], range: Range, scope: Scope | null): Value {
    let out = "";
    let known = true;
    for (const part of parts) {
      const v = this.eval(part, scope);
      if (v.isNull) {
        this.error(
          "Invalid template interpolation value",
          "The expression result is null. Cannot include a null value in a string template.",
          part.range,
          range,
        );
        continue;
      }
      if (!v.isKnown) {
        known = false;
        continue;
      }
      const s = toStringValue(v);
      if (!s.ok) {
        this.error(
          "Invalid template interpolation value",
          `Cannot include the given value in a string template: ${s.message}.`,
          part.range,
          range,
        );
        continue;
      }
      if (!s.value.isKnown) {
        known = false;
        continue;
      }
      out += s.value.asString();
    }
    return known ? stringVal(out) : unknownVal(t.string);
  }

  private templateJoin(tuple: ForExpr, scope: Scope | null): Value {
    const v = this.forExpr(tuple, scope);
    if (!v.isKnown) return unknownVal(t.string);
    if (v.isNull)
      return this.error(
        "Invalid template interpolation value",
        "Cannot interpolate a null value.",
        tuple.range,
      );
    let out = "";
    for (const e of v.elements()) {
      if (!e.isKnown) return unknownVal(t.string);
      if (e.isNull)
        return this.error(
          "Invalid template interpolation value",
          "An iteration result is null. Cannot include a null value in a string template.",
          tuple.range,
        );
      const s = toStringValue(e);
      if (!s.ok) {
        return this.error(
          "Invalid template interpolation value",
          `Cannot include one of the interpolation results into the string template: ${s.message}.`,
          tuple.range,
        );
      }
      out += s.value.asString();
    }
    return stringVal(out);
  }

  private scopeTraversal(traversal: readonly Traverser[], scope: Scope | null): Value {
    const root = traversal[0] as Traverser;
    if (root.kind !== "root") return dynamicVal;
    if (scope === null)
      return this.error("Variables not allowed", "Variables may not be used here.", root.range);
    for (let s: Scope | null = scope; s !== null; s = s.parent) {
      const v = s.vars.get(root.name);
      if (v !== undefined) return this.traverse(v, traversal.slice(1));
    }
    return this.error(
      "Unknown variable",
      `There is no variable named ${JSON.stringify(root.name)}.`,
      root.range,
    );
  }

  private traverse(start: Value, steps: readonly Traverser[]): Value {
    let v = start;
    for (const step of steps) {
      if (step.kind === "root") break;
      if (step.kind === "attr") v = this.getAttr(v, step.name, step.range);
      else v = this.index(v, literalValue(step.key), step.range);
      if (v === dynamicVal) return v;
    }
    return v;
  }

  private getAttr(v: Value, name: string, range: Range): Value {
    if (!v.isKnown) return dynamicVal;
    if (v.isNull)
      return this.error(
        "Attempt to get attribute from null value",
        "This value is null, so it does not have any attributes.",
        range,
      );
    const k = v.type.kind;
    if (k === "object") {
      const a = v.get(name);
      if (a !== undefined) return a;
      return this.error(
        "Unsupported attribute",
        `This object does not have an attribute named ${JSON.stringify(name)}.`,
        range,
      );
    }
    if (k === "map") {
      const a = v.get(name);
      if (a !== undefined) return a;
      return this.error(
        "Missing map element",
        `This map does not have an element with the key ${JSON.stringify(name)}.`,
        range,
      );
    }
    return this.error("Unsupported attribute", "Can't access attributes on a primitive-typed value.", range);
  }

  private index(coll: Value, key: Value, range: Range): Value {
    if (!coll.isKnown || !key.isKnown) return dynamicVal;
    if (coll.isNull)
      return this.error("Invalid index", "Can't use a null value as an indexable collection.", range);
    if (key.isNull) return this.error("Invalid index", "Can't use a null value as a key.", range);
    const k = coll.type.kind;
    if (k === "list" || k === "tuple") {
      const n = toNumberValue(key);
      const i = n.ok && n.value.isKnown && !n.value.isNull ? n.value.asNumber().toSafeInteger() : null;
      if (i === null)
        return this.error(
          "Invalid index",
          "The given key does not identify an element in this collection value: a number is required.",
          range,
        );
      const e = coll.index(i);
      if (e === undefined) {
        return this.error(
          "Invalid index",
          "The given key does not identify an element in this collection value: the given index is greater than or equal to the length of the collection.",
          range,
        );
      }
      return e;
    }
    if (k === "map" || k === "object") {
      const s = toStringValue(key);
      if (!s.ok || !s.value.isKnown || s.value.isNull)
        return this.error(
          "Invalid index",
          "The given key does not identify an element in this collection value: a string is required.",
          range,
        );
      const e = coll.get(s.value.asString());
      if (e === undefined)
        return this.error(
          "Invalid index",
          "The given key does not identify an element in this collection value.",
          range,
        );
      return e;
    }
    return this.error("Invalid index", "This value does not have any indices.", range);
  }

  private conditional(
    cond: Expression,
    whenTrue: Expression,
    whenFalse: Expression,
    range: Range,
    scope: Scope | null,
  ): Value {
    const c = this.eval(cond, scope);
    const tv = this.eval(whenTrue, scope);
    const fv = this.eval(whenFalse, scope);
    if (c.isNull) {
      return this.error(
        "Null condition",
        "The condition value is null. Conditions must either be true or false.",
        cond.range,
        range,
      );
    }
    const b = toBoolValue(c);
    if (!b.ok) {
      return this.error(
        "Incorrect condition type",
        `The condition expression must be of type bool.`,
        cond.range,
        range,
      );
    }
    const isNullLiteral = (v: Value): boolean => v.isNull && v.type.kind === "dynamic";
    // A literal null takes the other result's type, as hclsyntax's ConditionalExpr does.
    const resultType = isNullLiteral(tv)
      ? fv.type
      : isNullLiteral(fv)
        ? tv.type
        : unifyResultTypes(tv.type, fv.type);
    if (!b.value.isKnown) return unknownVal(resultType ?? t.dynamic);
    const chosen = b.value.asBool() ? tv : fv;
    if (isNullLiteral(chosen) && resultType !== null) return nullVal(resultType);
    if (resultType !== null && resultType.kind === "string" && chosen.type.kind !== "string") {
      const s = toStringValue(chosen);
      if (s.ok) return s.value;
    }
    return chosen;
  }

  private binaryOp(expr: BinaryOpExpr, scope: Scope | null): Value {
    const lhs = this.eval(expr.lhs, scope);
    const rhs = this.eval(expr.rhs, scope);
    const op = expr.op;
    if (op === "==" || op === "!=") {
      const eq = valueEquals(lhs, rhs);
      if (!eq.isKnown || op === "==") return eq;
      return boolVal(!eq.asBool());
    }
    const isLogical = op === "&&" || op === "||";
    const convert = isLogical ? toBoolValue : toNumberValue;
    const l = convert(lhs);
    if (!l.ok) {
      return this.error(
        "Invalid operand",
        `Unsuitable value for left operand: ${l.message}.`,
        expr.lhs.range,
        expr.range,
      );
    }
    const r = convert(rhs);
    if (!r.ok) {
      return this.error(
        "Invalid operand",
        `Unsuitable value for right operand: ${r.message}.`,
        expr.rhs.range,
        expr.range,
      );
    }
    const resultType = isLogical || COMPARISON[op] !== undefined ? t.bool : t.number;
    if (l.value.isNull || r.value.isNull) {
      return this.error("Operation failed", "Error during operation: argument must not be null.", expr.range);
    }
    if (!l.value.isKnown || !r.value.isKnown) return unknownVal(resultType);
    if (isLogical) {
      const a = l.value.asBool();
      const b = r.value.asBool();
      return boolVal(op === "&&" ? a && b : a || b);
    }
    const a = l.value.asNumber();
    const b = r.value.asNumber();
    const cmp = COMPARISON[op];
    if (cmp !== undefined) return boolVal(cmp(a.compare(b)));
    const arith = ARITHMETIC[op] as (a: CtyNumber, b: CtyNumber) => CtyNumber;
    try {
      return numberVal(arith(a, b));
    } catch (e) {
      if (e instanceof CtyError)
        return this.error("Operation failed", `Error during operation: ${e.message}.`, expr.range);
      throw e;
    }
  }

  private unaryOp(op: "-" | "!", operand: Expression, range: Range, scope: Scope | null): Value {
    const v = this.eval(operand, scope);
    const c = op === "-" ? toNumberValue(v) : toBoolValue(v);
    if (!c.ok)
      return this.error(
        "Invalid operand",
        `Unsuitable value for unary operand: ${c.message}.`,
        operand.range,
        range,
      );
    if (c.value.isNull)
      return this.error("Operation failed", "Error during operation: argument must not be null.", range);
    if (!c.value.isKnown) return unknownVal(op === "-" ? t.number : t.bool);
    return op === "-" ? numberVal(c.value.asNumber().neg()) : boolVal(!c.value.asBool());
  }

  private objectKey(key: Expression, scope: Scope | null): string | null {
    if (key.kind === "objectKey" && !key.forceNonLiteral) {
      const w = key.wrapped;
      if (w.kind === "scopeTraversal" && w.traversal.length === 1)
        return (w.traversal[0] as Traverser & { name: string }).name;
      if (w.kind === "literal" && (w.value.type === "bool" || w.value.type === "null")) {
        return w.value.type === "null" ? "null" : String(w.value.value);
      }
    }
    const k = this.eval(key, scope);
    if (k.isNull) {
      this.error("Null value as key", "Can't use a null value as a key.", key.range);
      return null;
    }
    const s = toStringValue(k);
    if (!s.ok) {
      this.error("Incorrect key type", `Can't use this value as a key: ${s.message}.`, key.range);
      return null;
    }
    if (!s.value.isKnown) return null;
    return s.value.asString();
  }

  private object(items: readonly { key: Expression; value: Expression }[], scope: Scope | null): Value {
    const keys: string[] = [];
    const values: Value[] = [];
    let known = true;
    for (const item of items) {
      const name = this.objectKey(item.key, scope);
      const v = this.eval(item.value, scope);
      if (name === null) {
        known = false;
        continue;
      }
      keys.push(name);
      values.push(v);
    }
    if (!known) return dynamicVal;
    sortAttributes(keys, values);
    dropRepeatedKeys(keys, values);
    return this.objects.build(keys, values);
  }

  private readonly objects = new ObjectValues();

  private forExpr(expr: ForExpr, scope: Scope | null): Value {
    const coll = this.eval(expr.collection, scope);
    if (coll.isNull) {
      return this.error(
        "Iteration over null value",
        "A null value cannot be used as the collection in a 'for' expression.",
        expr.collection.range,
        expr.range,
      );
    }
    if (!coll.isKnown) return dynamicVal;
    const k = coll.type.kind;
    let entries: [Value, Value][];
    if (k === "list" || k === "set" || k === "tuple") {
      entries = coll.elements().map((v, i) => [k === "set" ? v : numberVal(BigInt(i)), v]);
    } else if (k === "map" || k === "object") {
      entries = [...coll.attributes()].map(([name, v]) => [stringVal(name), v]);
    } else {
      return this.error(
        "Iteration over non-iterable value",
        `A value of type ${friendlyName(coll.type)} cannot be used as the collection in a 'for' expression.`,
        expr.collection.range,
        expr.range,
      );
    }
    const results: Value[] = [];
    const objResults = new Map<string, Value | Value[]>();
    for (const [key, val] of entries) {
      const vars = new Map<string, Value>();
      if (expr.keyVar !== "") vars.set(expr.keyVar, key);
      vars.set(expr.valVar, val);
      const child: Scope = { vars, parent: scope };
      if (expr.condition !== null) {
        const c = this.eval(expr.condition, child);
        const b = toBoolValue(c);
        if (c.isNull || !b.ok) {
          return this.error(
            "Invalid 'for' condition",
            "The 'if' clause value must be a bool.",
            expr.condition.range,
            expr.range,
          );
        }
        if (!b.value.isKnown) return dynamicVal;
        if (!b.value.asBool()) continue;
      }
      if (expr.keyExpr === null) {
        results.push(this.eval(expr.valExpr, child));
        continue;
      }
      const kv = this.eval(expr.keyExpr, child);
      const ks = toStringValue(kv);
      if (kv.isNull || !ks.ok) {
        return this.error(
          "Invalid object key",
          "Key expression in 'for' expression must be a string.",
          expr.keyExpr.range,
          expr.range,
        );
      }
      if (!ks.value.isKnown) return dynamicVal;
      const name = ks.value.asString();
      const v = this.eval(expr.valExpr, child);
      if (expr.group) {
        const group = objResults.get(name);
        if (Array.isArray(group)) group.push(v);
        else objResults.set(name, [v]);
      } else if (objResults.has(name)) {
        return this.error(
          "Duplicate object key",
          `Two different items produced the key ${JSON.stringify(name)} in this 'for' expression. If duplicates are expected, use the ellipsis (...) after the value expression to enable grouping by key.`,
          expr.keyExpr.range,
          expr.range,
        );
      } else {
        objResults.set(name, v);
      }
    }
    if (expr.keyExpr === null) return tupleVal(results);
    const attrs = new Map<string, Value>();
    for (const [name, v] of objResults) attrs.set(name, Array.isArray(v) ? tupleVal(v) : v);
    return objectVal(attrs);
  }

  private splat(source: Expression, each: Expression, item: AnonSymbolExpr, scope: Scope | null): Value {
    const src = this.eval(source, scope);
    if (!src.isKnown) return dynamicVal;
    if (src.isNull) return tupleVal([]);
    const k = src.type.kind;
    const run = (v: Value): Value => {
      this.anon ??= new Map();
      this.anon.set(item, v);
      const r = this.eval(each, scope);
      this.anon.delete(item);
      return r;
    };
    if (k === "list" || k === "set" || k === "tuple") return tupleVal(src.elements().map(run));
    // A splat over a single value behaves as if it were a one-element tuple.
    return tupleVal([run(src)]);
  }
}

/** Of attributes sorted by name, keeps only the last of each run of equal names, as setting a key twice in a map does. */
function dropRepeatedKeys(keys: string[], values: Value[]): void {
  const n = keys.length;
  let out = 0;
  for (let i = 0; i < n; i++) {
    if (i + 1 < n && keys[i] === keys[i + 1]) continue;
    keys[out] = keys[i] as string;
    values[out] = values[i] as Value;
    out++;
  }
  if (out < n) {
    keys.length = out;
    values.length = out;
  }
}

/** The result type of a conditional: equal types, or string when primitives mix (as cty's unify). */
function unifyResultTypes(a: Type, b: Type): Type | null {
  if (typeEquals(a, b)) return a;
  if (a.kind === "dynamic") return b;
  if (b.kind === "dynamic") return a;
  const primitive = (x: Type): boolean => x.kind === "string" || x.kind === "number" || x.kind === "bool";
  if (primitive(a) && primitive(b)) return t.string;
  return null;
}
