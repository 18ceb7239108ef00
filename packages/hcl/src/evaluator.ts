// The evaluator behind evaluate() and evaluateExpression(): hclsyntax's Expression.Value(ctx)
// for every kind of expression, on cty's exact numbers, with hcl's diagnostics and ranges, its
// handling of unknown values, and marks carried from operands to results.
//
// Diagnostics go to one array as they are found; where hclsyntax keeps an operand's diagnostics
// apart (to drop them or to put its own first), they are cut off the end of that array.
import { unify } from "@tofukit/convert";
import {
  boolVal,
  CtyError,
  type CtyFunction,
  dynamicVal,
  type ExpressionClosure,
  emptyTupleVal,
  FunctionError,
  type FunctionParameter,
  type FunctionTable,
  friendlyName,
  functionNames,
  listVal,
  listValEmpty,
  lookupFunction,
  markedVal,
  marksInUse,
  marksOf,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  type Type,
  t,
  tupleVal,
  typeEquals,
  unknownVal,
  unmarkDeep,
  unmarkedVal,
  type Value,
  valueEquals,
  withMarksOf,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import type {
  AnonSymbolExpr,
  BinaryOpExpr,
  ConditionalExpr,
  Expression,
  ForExpr,
  FunctionCallExpr,
  ObjectConsItem,
  ObjectConsKeyExpr,
  SplatExpr,
  TemplateJoinExpr,
  Traverser,
  UnaryOpExpr,
} from "./ast.js";
import { describeConditionalTypeMismatch } from "./conditional-mismatch.js";
import { type Diagnostic, errorDiag } from "./diagnostic.js";
import {
  type DiagnosticRope,
  NO_DIAGNOSTICS,
  ropeFlattenInto,
  ropeJoin,
  ropeSize,
} from "./diagnostic-rope.js";
import { HCLError } from "./errors.js";
import { type CompiledBody, compileBody, FALLBACK } from "./for-body-compiler.js";
import { getAttrValue, indexValue } from "./index-ops.js";
import { literalValue } from "./literal-value.js";
import { nameSuggestion } from "./name-suggestion.js";
import { numberOperation } from "./number-operation.js";
import { ObjectValues, sortAttributes } from "./object-values.js";
import { type Range, rangeBetween } from "./pos.js";
import { startRange } from "./start-range.js";
import { exprAsKeyword } from "./static-analysis.js";
import { unknownConditionResult } from "./unknown-condition.js";
import { convertValue } from "./value-conversion.js";

/** Variables by name: a Map or a plain object (own properties only). */
export type VariableTable = ReadonlyMap<string, Value> | { readonly [name: string]: Value };

/**
 * Variables in scope, innermost first. `vars` null is HCL's nil Variables map: no variable may
 * be used. `child` marks the scopes `for` expressions open.
 */
export interface Scope {
  readonly vars: VariableTable | null;
  readonly parent: Scope | null;
  readonly child: boolean;
}

function lookupVariable(vars: VariableTable, name: string): Value | undefined {
  if (vars instanceof Map) return (vars as ReadonlyMap<string, Value>).get(name);
  const plain = vars as { readonly [name: string]: Value };
  return Object.hasOwn(plain, name) ? plain[name] : undefined;
}

function variableNames(vars: VariableTable): Iterable<string> {
  return vars instanceof Map ? (vars as ReadonlyMap<string, Value>).keys() : Object.keys(vars);
}

/** A function argument: an expression, or a value taken out of an expanded (`...`) argument. */
interface CallArg {
  readonly expr: Expression | null;
  readonly value: Value;
  readonly range: Range;
}

/** Argument `i` of a call: its record when the call was expanded, else made from the expression. */
function callArg(e: FunctionCallExpr, expanded: readonly CallArg[] | null, i: number): CallArg {
  if (expanded !== null) return expanded[i]!;
  const expr = e.args[i]!;
  return { expr, value: dynamicVal, range: expr.range };
}

type Operation = "bool" | "number" | "equality";

const OPERAND_TYPE: Record<BinaryOpExpr["op"], Operation> = {
  "||": "bool",
  "&&": "bool",
  "==": "equality",
  "!=": "equality",
  "<": "number",
  "<=": "number",
  ">": "number",
  ">=": "number",
  "+": "number",
  "-": "number",
  "*": "number",
  "/": "number",
  "%": "number",
};

const TRUE_VAL = boolVal(true);
const FALSE_VAL = boolVal(false);
const UNKNOWN_BOOL = unknownVal(t.bool);
const UNKNOWN_NUMBER = unknownVal(t.number);

function resultTypeOf(op: BinaryOpExpr["op"]): Type {
  switch (op) {
    case "+":
    case "-":
    case "*":
    case "/":
    case "%":
      return t.number;
    default:
      return t.bool;
  }
}

/** cty's `True()`: known, not null, true. */
function isTrue(v: Value): boolean {
  return v.isKnown && !v.isNull && v.type.kind === "bool" && v.asBool();
}

/** cty's `False()`: known, not null, false. */
function isFalse(v: Value): boolean {
  return v.isKnown && !v.isNull && v.type.kind === "bool" && !v.asBool();
}

/** The null of type `dynamic` a literal `null` gives, unmarked (RawEquals(NullVal(DynamicPseudoType))). */
function isNullLiteral(v: Value): boolean {
  return v.isNull && v.type.kind === "dynamic" && marksOf(v).size === 0;
}

/** All marks of `from` on `v`. */
function remark(v: Value, marks: ReadonlySet<string>): Value {
  return marks.size === 0 ? v : markedVal(v, marks);
}

/** Compiled `for` bodies by expression and function table (a body's calls name the table's functions). */
const compiledBodies = new WeakMap<ForExpr, WeakMap<object, CompiledBody | null>>();
const NO_TABLE = {};

// Shared by every evaluation rather than kept per Evaluator: a file's attributes are evaluated one
// Evaluator each, and they repeat the same number literals and the same object shapes. Values
// and types are immutable, so sharing them changes nothing but the work.
/** Number literals by their text, parsed once; cleared when full, to bound its memory. */
const numberLiterals = new Map<string, Value>();
const NUMBER_LITERALS_MAX = 4096;
/** Object values offered the object types built lately (see ObjectValues). */
const objectValues = new ObjectValues();

/**
 * An object constructor whose keys are all bare names, none repeated: the names in cty's order,
 * and for each item, in source order, the place of its value among them.
 */
interface StaticKeys {
  readonly names: readonly string[];
  readonly places: readonly number[];
}

/** StaticKeys by constructor items (null: some key is not a bare name, or repeats one). */
const staticKeysByItems = new WeakMap<readonly ObjectConsItem[], StaticKeys | null>();

/**
 * The static keys of an object constructor, found once: such a constructor evaluated again (in
 * a `for` body, or in each of many similar attributes) need not sort its names each time.
 */
function staticKeysOf(items: readonly ObjectConsItem[]): StaticKeys | null {
  let keys = staticKeysByItems.get(items);
  if (keys === undefined) {
    keys = findStaticKeys(items);
    staticKeysByItems.set(items, keys);
  }
  return keys;
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
  return { names, places };
}

export class Evaluator {
  readonly diags: Diagnostic[] = [];
  /** Values of splat items being iterated; made on first use, as most expressions have no splat. */
  private anon: Map<AnonSymbolExpr, Value> | null = null;

  /** `functions` null is HCL's nil Functions map: no function may be called. */
  constructor(private readonly functions: FunctionTable | null) {}

  private error(summary: string, detail: string, subject: Range, context?: Range): Value {
    this.diags.push(errorDiag(summary, detail, subject, context));
    return dynamicVal;
  }

  /** The diagnostics of the last capture(), taken apart from the others. */
  private captured: readonly Diagnostic[] = NO_DIAGNOSTICS;

  /**
   * Evaluates `expr`, returning its value; its diagnostics are taken out of the others and left
   * in `captured` (a field rather than a returned pair: this runs for every operand).
   */
  private capture(expr: Expression, scope: Scope | null): Value {
    const mark = this.diags.length;
    const v = this.eval(expr, scope);
    this.captured = this.diags.length === mark ? NO_DIAGNOSTICS : this.diags.splice(mark);
    return v;
  }

  private pushAll(diags: readonly Diagnostic[]): void {
    for (const d of diags) this.diags.push(d);
  }

  eval(expr: Expression, scope: Scope | null): Value {
    switch (expr.kind) {
      case "literal": {
        const lit = expr.value;
        if (lit.type === "unknown" && lit.parseDiagnostics !== undefined) this.pushAll(lit.parseDiagnostics);
        return lit.type === "number" ? this.number(lit.text) : literalValue(lit);
      }
      case "parentheses":
        return this.eval(expr.expr, scope);
      case "objectKey":
        return this.objectKeyValue(expr, scope);
      case "templateWrap":
        return this.eval(expr.wrapped, scope);
      case "template":
        return this.template(expr.parts, expr.range, scope);
      case "templateJoin":
        return this.templateJoin(expr, scope);
      case "scopeTraversal":
        return this.scopeTraversal(expr.traversal, scope);
      case "relativeTraversal":
        return this.traverse(this.eval(expr.source, scope), expr.traversal, 0);
      case "call":
        return this.call(expr, scope);
      case "conditional":
        return this.conditional(expr, scope);
      case "binaryOp":
        return this.binaryChain(expr, scope);
      case "unaryOp":
        return this.unaryOp(expr, scope);
      case "tuple": {
        const exprs = expr.exprs;
        const values: Value[] = new Array(exprs.length);
        for (let i = 0; i < exprs.length; i++) values[i] = this.eval(exprs[i]!, scope);
        return tupleVal(values);
      }
      case "object":
        return this.object(expr.items, scope);
      case "for":
        return this.forExpr(expr, scope);
      case "index": {
        const coll = this.eval(expr.collection, scope);
        const key = this.eval(expr.key, scope);
        return indexValue(coll, key, expr.bracketRange, this.diags);
      }
      case "splat":
        return this.splat(expr, scope);
      case "anonSymbol":
        return this.anon?.get(expr) ?? dynamicVal;
    }
  }

  private number(text: string): Value {
    let v = numberLiterals.get(text);
    if (v === undefined) {
      v = numberVal(text);
      if (numberLiterals.size >= NUMBER_LITERALS_MAX) numberLiterals.clear();
      numberLiterals.set(text, v);
    }
    return v;
  }

  // ---- traversals --------------------------------------------------------------------------

  private scopeTraversal(traversal: readonly Traverser[], scope: Scope | null): Value {
    const root = traversal[0]!;
    if (root.kind !== "root") return dynamicVal;
    let hasVariables = false;
    for (let s: Scope | null = scope; s !== null; s = s.parent) {
      if (s.vars === null) continue;
      hasVariables = true;
      const v = lookupVariable(s.vars, root.name);
      if (v !== undefined) return this.traverse(v, traversal, 1);
    }
    if (!hasVariables)
      return this.error("Variables not allowed", "Variables may not be used here.", root.range);
    const names: string[] = [];
    for (let s: Scope | null = scope; s !== null; s = s.parent) {
      if (s.vars !== null) for (const n of variableNames(s.vars)) names.push(n);
    }
    const suggestion = nameSuggestion(root.name, names);
    return this.error(
      "Unknown variable",
      `There is no variable named ${goQuote(root.name)}.${suggestion === "" ? "" : ` Did you mean ${goQuote(suggestion)}?`}`,
      root.range,
    );
  }

  /** The steps of a traversal from `from` on (hcl's TraverseRel): the first error ends it. */
  private traverse(start: Value, steps: readonly Traverser[], from: number): Value {
    let v = start;
    for (let i = from; i < steps.length; i++) {
      const step = steps[i]!;
      const before = this.diags.length;
      if (step.kind === "attr") v = getAttrValue(v, step.name, step.range, this.diags);
      else if (step.kind === "index") {
        const key = step.key.type === "number" ? this.number(step.key.text) : literalValue(step.key);
        v = indexValue(v, key, step.range, this.diags);
      } else break;
      if (this.diags.length > before) return dynamicVal;
    }
    return v;
  }

  // ---- templates ---------------------------------------------------------------------------

  private template(parts: readonly Expression[], range: Range, scope: Scope | null): Value {
    const start = this.diags.length;
    let out = "";
    let known = true;
    let marks: Set<string> | null = null;
    for (const part of parts) {
      // A literal part is a known, unmarked string: no conversion, no checks.
      if (part.kind === "literal" && part.value.type === "string") {
        if (known && this.diags.length === start) out += part.value.value;
        continue;
      }
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
      const own = marksOf(v);
      if (own.size > 0) {
        marks ??= new Set();
        for (const m of own) marks.add(m);
      }
      if (!v.isKnown) {
        known = false;
        continue;
      }
      const s = convertValue(own.size > 0 ? unmarkedVal(v) : v, t.string);
      if (!s.ok) {
        this.error(
          "Invalid template interpolation value",
          `Cannot include the given value in a string template: ${s.message}.`,
          part.range,
          range,
        );
        continue;
      }
      if (known && this.diags.length === start) out += s.value.asString();
    }
    const result = known ? stringVal(out) : unknownVal(t.string);
    return marks === null ? result : markedVal(result, marks);
  }

  private templateJoin(expr: TemplateJoinExpr, scope: Scope | null): Value {
    const tuple = this.forExpr(expr.tuple, scope);
    if (tuple.type.kind !== "tuple" || !tuple.isKnown || tuple.isNull)
      return withMarksOf(unknownVal(t.string), tuple);
    const marks = new Set<string>(marksOf(tuple));
    let out = "";
    for (const e of unmarkedVal(tuple).elements()) {
      if (e.isNull) {
        this.error(
          "Invalid template interpolation value",
          "An iteration result is null. Cannot include a null value in a string template.",
          expr.range,
        );
        continue;
      }
      if (e.type.kind === "dynamic") return remark(unknownVal(t.string), marksOf(tuple));
      const s = convertValue(e, t.string);
      if (!s.ok) {
        this.error(
          "Invalid template interpolation value",
          `Cannot include one of the interpolation results into the string template: ${s.message}.`,
          expr.range,
        );
        continue;
      }
      if (!e.isKnown) return remark(unknownVal(t.string), marksOf(tuple));
      for (const m of marksOf(s.value)) marks.add(m);
      out += unmarkedVal(s.value).asString();
    }
    return remark(stringVal(out), marks);
  }

  // ---- function calls ----------------------------------------------------------------------

  /** Functions by name as looked up in the table: a call in a `for` body is looked up once. */
  private looked: Map<string, CtyFunction | undefined> | null = null;

  private lookup(table: FunctionTable, name: string): CtyFunction | undefined {
    this.looked ??= new Map();
    if (this.looked.has(name)) return this.looked.get(name);
    const f = lookupFunction(table, name);
    this.looked.set(name, f);
    return f;
  }

  private call(e: FunctionCallExpr, scope: Scope | null): Value {
    const table = this.functions;
    const f = table === null ? undefined : this.lookup(table, e.name);
    if (f === undefined) {
      if (table === null)
        return this.error("Function calls not allowed", "Functions may not be called here.", e.range);
      return this.unknownFunction(e, table, scope);
    }
    const start = this.diags.length;
    // Argument records are made only for an expanded call; the usual one reads e.args directly.
    let expanded: CallArg[] | null = null;
    if (e.expandFinal && e.args.length > 0) {
      expanded = this.expandFinal(e, scope);
      if (expanded === null) return dynamicVal;
    }
    const count = expanded === null ? e.args.length : expanded.length;
    const params = f.params;
    const varParam = f.varParam;
    if (count < params.length) {
      // hcl answers with this diagnostic alone.
      this.diags.length = start;
      const missing = params[count]!;
      return this.error(
        "Not enough function arguments",
        `Function ${goQuote(e.name)} expects${varParam === undefined ? "" : " at least"} ${params.length} argument(s). Missing value for ${goQuote(missing.name)}.`,
        e.closeParenRange,
        e.range,
      );
    }
    if (varParam === undefined && count > params.length) {
      this.diags.length = start;
      return this.error(
        "Too many function arguments",
        `Function ${goQuote(e.name)} expects only ${params.length} argument(s).`,
        argStartRange(callArg(e, expanded, params.length)),
        e.range,
      );
    }
    if (f.takesClosures) {
      const all: CallArg[] = [];
      for (let i = 0; i < count; i++) all.push(callArg(e, expanded, i));
      return this.callWithClosures(e, f, all, scope);
    }
    const values: Value[] = new Array(count);
    for (let i = 0; i < count; i++) {
      const param = i < params.length ? params[i]! : varParam!;
      const v = expanded === null ? this.eval(e.args[i]!, scope) : this.argValue(expanded[i]!, scope);
      const converted = convertValue(v, param.type);
      if (converted.ok) values[i] = converted.value;
      else {
        values[i] = unknownVal(param.type);
        this.error(
          "Invalid function argument",
          `Invalid value for ${goQuote(param.name)} parameter: ${converted.message}.`,
          argStartRange(callArg(e, expanded, i)),
          e.range,
        );
      }
    }
    // Calling with faulty arguments would only add a confusing error.
    if (this.diags.length > start) return dynamicVal;
    try {
      return f.call(values);
    } catch (err) {
      const all: CallArg[] = [];
      for (let i = 0; i < count; i++) all.push(callArg(e, expanded, i));
      return this.callFailed(e, f, all, err);
    }
  }

  private argValue(arg: CallArg, scope: Scope | null): Value {
    return arg.expr === null ? arg.value : this.eval(arg.expr, scope);
  }

  private unknownFunction(e: FunctionCallExpr, table: FunctionTable, scope: Scope | null): Value {
    // hcl offers the names of the innermost context's functions, and a `for` expression's
    // context has none of its own: inside one, nothing is suggested.
    const available = scope?.child ? [] : functionNames(table);
    const sep = e.name.lastIndexOf("::");
    let detail: string;
    if (sep !== -1) {
      const namespace = e.name.slice(0, sep + 2);
      const name = e.name.slice(sep + 2);
      const inNamespace = available.filter((n) => n.startsWith(namespace));
      if (inNamespace.length === 0) detail = `There are no functions in namespace ${goQuote(namespace)}.`;
      else {
        const s = nameSuggestion(name, inNamespace);
        detail = `There is no function named ${goQuote(name)} in namespace ${namespace}.${s === "" ? "" : ` Did you mean ${namespace}${s}?`}`;
      }
    } else {
      const s = nameSuggestion(e.name, available);
      detail = `There is no function named ${goQuote(e.name)}.${s === "" ? "" : ` Did you mean ${goQuote(s)}?`}`;
    }
    return this.error("Call to unknown function", detail, e.nameRange, e.range);
  }

  /** The arguments with the last one's elements in its place, or null when the call ends here. */
  private expandFinal(e: FunctionCallExpr, scope: Scope | null): CallArg[] | null {
    const last = e.args[e.args.length - 1]!;
    const before = this.diags.length;
    const v = this.eval(last, scope);
    if (this.diags.length > before) return null;
    const k = v.type.kind;
    if (k === "dynamic" || k === "tuple" || k === "list" || k === "set") {
      if (v.isNull) {
        this.error(
          "Invalid expanding argument value",
          "The expanding argument (indicated by ...) must not be null.",
          last.range,
          e.range,
        );
        return null;
      }
      if (k === "dynamic" || !v.isKnown) return null;
      // The collection's own marks go onto each of its elements.
      const marks = marksOf(v);
      const out: CallArg[] = e.args.slice(0, -1).map((a) => ({ expr: a, value: dynamicVal, range: a.range }));
      for (const el of unmarkedVal(v).elements())
        out.push({ expr: null, value: remark(el, marks), range: last.range });
      return out;
    }
    this.error(
      "Invalid expanding argument value",
      "The expanding argument (indicated by ...) must be of a tuple, list, or set type.",
      last.range,
      e.range,
    );
    return null;
  }

  /** A function that evaluates its arguments itself (`can`, `try`): one closure per argument. */
  private callWithClosures(
    e: FunctionCallExpr,
    f: CtyFunction,
    args: readonly CallArg[],
    scope: Scope | null,
  ): Value {
    const closures: ExpressionClosure[] = args.map((arg) => ({
      evaluate: () => {
        if (arg.expr === null) return { value: arg.value, errors: NO_DIAGNOSTICS };
        const value = this.capture(arg.expr, scope);
        return { value, errors: this.captured };
      },
      expression: arg.expr ?? undefined,
    }));
    try {
      if (f.spec.kind !== "closures") return dynamicVal;
      return f.spec.call(closures);
    } catch (err) {
      // Diagnostics of an argument the function decoded itself, reported as they are (as
      // hclsyntax reports a customdecode parameter's).
      if (err instanceof HCLError) {
        this.pushAll(err.diagnostics);
        return dynamicVal;
      }
      return this.callFailed(e, f, args, err);
    }
  }

  /** hclsyntax's diagnostics for an error returned by a call. */
  private callFailed(e: FunctionCallExpr, f: CtyFunction, args: readonly CallArg[], err: unknown): Value {
    if (!(err instanceof FunctionError) && !(err instanceof CtyError) && !isConversionError(err)) throw err;
    const message = (err as Error).message;
    const callStart = rangeBetween(e.nameRange, e.openParenRange);
    const failed = () =>
      this.error(
        "Error in function call",
        `Call to function ${goQuote(e.name)} failed: ${message}.`,
        callStart,
        e.range,
      );
    if (!(err instanceof FunctionError) || err.argIndex === undefined) return failed();
    const i = err.argIndex;
    const param: FunctionParameter | undefined = f.paramFor(i);
    const invalid = `Invalid value for ${goQuote(param?.name ?? "")} parameter: ${message}.`;
    if (param === undefined || i > args.length - 1) {
      // An index past the arguments given: a variadic parameter left empty, or a bug in the function.
      if (param !== undefined) return this.error("Invalid function argument", invalid, e.range);
      return failed();
    }
    return this.error("Invalid function argument", invalid, argStartRange(args[i]!), e.range);
  }

  // ---- conditionals ------------------------------------------------------------------------

  private conditional(e: ConditionalExpr, scope: Scope | null): Value {
    const tv = this.capture(e.trueResult, scope);
    const trueDiags = this.captured;
    const fv = this.capture(e.falseResult, scope);
    const falseDiags = this.captured;
    let resultType: Type | null;
    let convertTrue = false;
    let convertFalse = false;
    if (isNullLiteral(tv)) {
      resultType = fv.type;
      convertTrue = true;
    } else if (isNullLiteral(fv)) {
      resultType = tv.type;
      convertFalse = true;
    } else if (tv.type.kind === "dynamic" || fv.type.kind === "dynamic") {
      resultType = t.dynamic;
    } else {
      resultType = unify([tv.type, fv.type], { unsafe: true });
      if (resultType !== null) {
        convertTrue = !typeEquals(tv.type, resultType);
        convertFalse = !typeEquals(fv.type, resultType);
      }
    }
    if (resultType === null) {
      return this.error(
        "Inconsistent conditional result types",
        `The true and false result expressions must have consistent types. ${describeConditionalTypeMismatch(tv.type, fv.type)}.`,
        rangeBetween(e.trueResult.range, e.falseResult.range),
        e.range,
      );
    }
    const cond = this.eval(e.condition, scope);
    if (cond.isNull) {
      this.error(
        "Null condition",
        "The condition value is null. Conditions must either be true or false.",
        e.condition.range,
        e.range,
      );
      return unknownVal(resultType);
    }
    // Marks of all three values go onto the result, whichever branch is taken.
    const marks = new Set<string>();
    for (const v of [cond, tv, fv]) for (const m of marksOf(v)) marks.add(m);
    const c = unmarkedVal(cond);
    const whenTrue = unmarkedVal(tv);
    const whenFalse = unmarkedVal(fv);
    if (!c.isKnown) {
      if (whenTrue.isNull && whenFalse.isNull) return remark(nullVal(resultType), marks);
      return remark(unknownConditionResult(whenTrue, whenFalse, resultType), marks);
    }
    const b = convertValue(c, t.bool);
    if (!b.ok) {
      this.error(
        "Incorrect condition type",
        "The condition expression must be of type bool.",
        e.condition.range,
        e.range,
      );
      return unknownVal(resultType);
    }
    const takeTrue = isTrue(b.value);
    this.pushAll(takeTrue ? trueDiags : falseDiags);
    let chosen = takeTrue ? whenTrue : whenFalse;
    if (takeTrue ? convertTrue : convertFalse) {
      const converted = convertValue(chosen, resultType);
      if (converted.ok) chosen = converted.value;
      else {
        const branch = takeTrue ? e.trueResult : e.falseResult;
        this.error(
          "Inconsistent conditional result types",
          `The ${takeTrue ? "true" : "false"} result value has the wrong type: ${converted.message}.`,
          branch.range,
          e.range,
        );
        chosen = unknownVal(resultType);
      }
    }
    return remark(chosen, marks);
  }

  // ---- operators ---------------------------------------------------------------------------

  /**
   * A chain of binary operators, evaluated from its innermost left operand outwards without
   * recursion: the parser builds `1 + 1 + … + 1` as a tree as deep as the chain is long.
   */
  private binaryChain(top: BinaryOpExpr, scope: Scope | null): Value {
    if (top.lhs.kind !== "binaryOp") {
      // The usual case, one operator: no spine to walk.
      const lhs = this.capture(top.lhs, scope);
      const step = this.binaryOp(top, lhs, this.captured, scope);
      ropeFlattenInto(step.diags, this.diags);
      return step.value;
    }
    const spine: BinaryOpExpr[] = [];
    let e: Expression = top;
    while (e.kind === "binaryOp") {
      spine.push(e);
      e = e.lhs;
    }
    let value = this.capture(e, scope);
    let diags: DiagnosticRope = this.captured;
    for (let i = spine.length - 1; i >= 0; i--) {
      const step = this.binaryOp(spine[i]!, value, diags, scope);
      value = step.value;
      diags = step.diags;
    }
    ropeFlattenInto(diags, this.diags);
    return value;
  }

  /** One binary operation (hclsyntax's BinaryOpExpr.Value) on an evaluated left operand. */
  private binaryOp(
    expr: BinaryOpExpr,
    lhs: Value,
    lhsDiags: DiagnosticRope,
    scope: Scope | null,
  ): { value: Value; diags: DiagnosticRope } {
    const op = expr.op;
    const operands = OPERAND_TYPE[op];
    const resultType = resultTypeOf(op);
    const paramType = operands === "bool" ? t.bool : operands === "number" ? t.number : t.dynamic;
    const convDiags: Diagnostic[] = [];
    const l = convertValue(lhs, paramType);
    if (!l.ok) {
      convDiags.push(
        errorDiag(
          "Invalid operand",
          `Unsuitable value for left operand: ${l.message}.`,
          expr.lhs.range,
          expr.range,
        ),
      );
    }
    const rhs = this.capture(expr.rhs, scope);
    const rhsDiags = this.captured;
    const r = convertValue(rhs, paramType);
    if (!r.ok) {
      convDiags.push(
        errorDiag(
          "Invalid operand",
          `Unsuitable value for right operand: ${r.message}.`,
          expr.rhs.range,
          expr.range,
        ),
      );
    }
    if (!l.ok || !r.ok) {
      return { value: unknownVal(resultType), diags: ropeJoin(convDiags, ropeJoin(lhsDiags, rhsDiags)) };
    }
    const lMarks = marksOf(l.value);
    const rMarks = marksOf(r.value);
    const a = lMarks.size > 0 ? unmarkedVal(l.value) : l.value;
    const b = rMarks.size > 0 ? unmarkedVal(r.value) : r.value;
    const unmarked = lMarks.size === 0 && rMarks.size === 0;
    const withOperandMarks = (v: Value): Value => (unmarked ? v : remark(remark(v, lMarks), rMarks));
    if (op === "&&" || op === "||") {
      const forced = shortCircuit(op, a, b, lhsDiags, rhsDiags);
      if (forced !== null) return { value: withOperandMarks(forced.value), diags: forced.diags };
    }
    const diags = ropeJoin(lhsDiags, rhsDiags);
    if (ropeSize(diags) > 0) return { value: withOperandMarks(unknownVal(resultType)), diags };
    const result = this.operate(expr, a, b);
    if (result === null) {
      return { value: unknownVal(resultType), diags: [this.diags.pop()!] };
    }
    return { value: withOperandMarks(result), diags: NO_DIAGNOSTICS };
  }

  /**
   * The operation on converted, unmarked operands as cty's stdlib function does it; null after
   * pushing an "Operation failed" diagnostic.
   */
  private operate(expr: BinaryOpExpr, lhs: Value, rhs: Value): Value | null {
    const op = expr.op;
    if (op === "==" || op === "!=") {
      // The function unmarks its arguments deeply and marks the result with all it found.
      const a = unmarkDeep(lhs);
      const b = unmarkDeep(rhs);
      let eq = valueEquals(a.value, b.value);
      if (op === "!=" && eq.isKnown) eq = eq.asBool() ? FALSE_VAL : TRUE_VAL;
      return remark(remark(eq, a.marks), b.marks);
    }
    if (lhs.isNull || rhs.isNull) {
      this.error("Operation failed", "Error during operation: argument must not be null.", expr.range);
      return null;
    }
    if (!lhs.isKnown || !rhs.isKnown)
      return op === "&&" || op === "||" || isComparison(op) ? UNKNOWN_BOOL : UNKNOWN_NUMBER;
    if (op === "&&") return lhs.asBool() && rhs.asBool() ? TRUE_VAL : FALSE_VAL;
    if (op === "||") return lhs.asBool() || rhs.asBool() ? TRUE_VAL : FALSE_VAL;
    try {
      return numberOperation(op, lhs.asNumber(), rhs.asNumber());
    } catch (err) {
      if (!(err instanceof CtyError)) throw err;
      this.error("Operation failed", `Error during operation: ${err.message}.`, expr.range);
      return null;
    }
  }

  private unaryOp(e: UnaryOpExpr, scope: Scope | null): Value {
    const start = this.diags.length;
    const type = e.op === "-" ? t.number : t.bool;
    const v = this.eval(e.operand, scope);
    const c = convertValue(v, type);
    if (!c.ok) {
      this.error(
        "Invalid operand",
        `Unsuitable value for unary operand: ${c.message}.`,
        e.operand.range,
        e.range,
      );
    }
    if (!c.ok || this.diags.length > start) return unknownVal(type);
    const marks = marksOf(c.value);
    const x = marks.size > 0 ? unmarkedVal(c.value) : c.value;
    if (x.isNull) {
      this.error("Operation failed", "Error during operation: argument must not be null.", e.range);
      return unknownVal(type);
    }
    if (!x.isKnown) return remark(unknownVal(type), marks);
    return remark(e.op === "-" ? numberVal(x.asNumber().neg()) : x.asBool() ? FALSE_VAL : TRUE_VAL, marks);
  }

  // ---- collections -------------------------------------------------------------------------

  /** An object key's value (hclsyntax's ObjectConsKeyExpr.Value). */
  private objectKeyValue(key: ObjectConsKeyExpr, scope: Scope | null): Value {
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

  private object(items: readonly ObjectConsItem[], scope: Scope | null): Value {
    const staticKeys = staticKeysOf(items);
    if (staticKeys !== null) {
      // Values are evaluated in source order, as below, each put straight into its place.
      const places = staticKeys.places;
      const values: Value[] = new Array(items.length);
      for (let i = 0; i < items.length; i++) {
        values[places[i] as number] = this.eval((items[i] as ObjectConsItem).value, scope);
      }
      return objectValues.build(staticKeys.names, values);
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

  private forExpr(e: ForExpr, scope: Scope | null): Value {
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
    const marks = new Set<string>(marksOf(collected));
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
    const condMarks = new Set<string>();
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
      for (const m of marksOf(result)) condMarks.add(m);
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
      for (const m of condMarks) marks.add(m);
      return remark(dynamicVal, marks);
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
      for (const m of marksOf(raw)) marks.add(m);
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
      if (e.keyVar === "" && k !== "map" && k !== "object") {
        // No key symbol over a sequence: the elements alone, without an index value and an
        // entry pair for each.
        for (const val of coll.elements()) {
          if (fast !== null) {
            const v = fast(dynamicVal, val);
            if (v !== FALLBACK) {
              results.push(v);
              continue;
            }
          }
          const child = childOf(dynamicVal, val);
          if (!include(child)) continue;
          results.push(this.eval(e.valExpr, child));
        }
      } else {
        for (const [key, val] of forEntries(coll)) {
          if (fast !== null) {
            const v = fast(key, val);
            if (v !== FALLBACK) {
              results.push(v);
              continue;
            }
          }
          const child = childOf(key, val);
          if (!include(child)) continue;
          results.push(this.eval(e.valExpr, child));
        }
      }
      if (!known) return remark(dynamicVal, marks);
      return remark(tupleVal(results), marks);
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
      for (const m of marksOf(raw)) marks.add(m);
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
    if (!known) return remark(dynamicVal, marks);
    if (e.group) {
      const attrs = new Map<string, Value>();
      for (const [name, g] of groups) attrs.set(name, tupleVal(g));
      return remark(objectVal(attrs), marks);
    }
    return remark(objectVal(singles), marks);
  }

  private splat(e: SplatExpr, scope: Scope | null): Value {
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

function isComparison(op: BinaryOpExpr["op"]): boolean {
  return op === "<" || op === "<=" || op === ">" || op === ">=";
}

/** hclsyntax's ShortCircuit for `&&` and `||`, on converted, unmarked operands; null to go on. */
function shortCircuit(
  op: "&&" | "||",
  lhs: Value,
  rhs: Value,
  lhsDiags: DiagnosticRope,
  rhsDiags: DiagnosticRope,
): { value: Value; diags: DiagnosticRope } | null {
  // `||` is decided by a true operand, `&&` by a false one.
  const decides = op === "||" ? isTrue : isFalse;
  const yields = op === "||" ? isFalse : isTrue;
  if (!lhs.isKnown && !rhs.isKnown) {
    // Both unknown: the left one answers, unless it failed and the right one may have too.
    return ropeSize(lhsDiags) === 0 ? { value: UNKNOWN_BOOL, diags: lhsDiags } : null;
  }
  const decided = op === "||" ? TRUE_VAL : FALSE_VAL;
  if (decides(lhs)) return { value: decided, diags: lhsDiags };
  if (decides(rhs)) return { value: decided, diags: rhsDiags };
  if (!lhs.isKnown && yields(rhs)) return { value: UNKNOWN_BOOL, diags: lhsDiags };
  if (!rhs.isKnown && yields(lhs)) return { value: UNKNOWN_BOOL, diags: rhsDiags };
  return null;
}

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

function argStartRange(arg: CallArg): Range {
  return arg.expr === null ? arg.range : startRange(arg.expr);
}

function isConversionError(err: unknown): boolean {
  return typeof err === "object" && err !== null && Symbol.for("tofukit.ConversionError") in err;
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
