// The body of a `for` expression made into a function of the element, for the bodies validation
// rules are made of: attributes of the loop's symbols, literals, operators, calls. A `for` over
// thousands of elements evaluates its body thousands of times, and walking the syntax tree each
// time is most of the cost.
//
// A compiled body gives the value the evaluator would give, or FALLBACK: for anything out of the
// ordinary (a null or unknown operand, an attribute that is not there, a conversion that fails, a
// function that refuses its arguments, a marked value) the evaluator evaluates that element
// itself, from the start, with its diagnostics. So a compiled body only ever answers where the
// evaluator would answer with that value and no diagnostic at all.
import {
  boolVal,
  CtyError,
  type CtyFunction,
  type ExpressionClosure,
  type FunctionTable,
  lookupFunction,
  marksInUse,
  t,
  type Value,
  valueEquals,
} from "@tofukit/cty";
import type { BinaryOpExpr, Expression } from "./ast.js";
import { NO_DIAGNOSTICS } from "./diagnostic-rope.js";
import { literalValue } from "./literal-value.js";
import { numberOperation } from "./number-operation.js";
import { convertValue } from "./value-conversion.js";

/** A compiled body's answer when the evaluator must evaluate the element. */
export const FALLBACK: unique symbol = Symbol("fallback");
type Fallback = typeof FALLBACK;

/** A compiled body: the element's key and value in, the body's value (or FALLBACK) out. */
export type CompiledBody = (key: Value, value: Value) => Value | Fallback;

/** The loop's symbols, and the functions calls resolve to. */
interface Context {
  readonly keyVar: string;
  readonly valVar: string;
  readonly functions: FunctionTable | null;
}

/**
 * `body` as a function of the element, or null when it holds anything not compiled here (then
 * the evaluator evaluates every element as before). `keyVar` is "" when the loop has no key
 * symbol.
 */
export function compileBody(
  body: Expression,
  keyVar: string,
  valVar: string,
  functions: FunctionTable | null,
): CompiledBody | null {
  return compile(body, { keyVar, valVar, functions });
}

function compile(e: Expression, cx: Context): CompiledBody | null {
  switch (e.kind) {
    case "literal": {
      if (e.value.type === "unknown") return null;
      const v = literalValue(e.value);
      return () => v;
    }
    case "parentheses":
      return compile(e.expr, cx);
    case "templateWrap":
      return compile(e.wrapped, cx);
    case "template": {
      // Only text: a constant string, as the evaluator builds it.
      let text = "";
      for (const part of e.parts) {
        if (part.kind !== "literal" || part.value.type !== "string") return null;
        text += part.value.value;
      }
      const v = literalValue({ type: "string", value: text });
      return () => v;
    }
    case "scopeTraversal":
      return traversal(e, cx);
    case "binaryOp":
      return binary(e, cx);
    case "call":
      return call(e, cx);
    default:
      return null;
  }
}

/** `b.name.first` where `b` is one of the loop's symbols: attribute steps only. */
function traversal(e: Extract<Expression, { kind: "scopeTraversal" }>, cx: Context): CompiledBody | null {
  const [root, ...steps] = e.traversal;
  if (root?.kind !== "root") return null;
  const isKey = cx.keyVar !== "" && root.name === cx.keyVar;
  if (!isKey && root.name !== cx.valVar) return null;
  const names: string[] = [];
  for (const step of steps) {
    if (step.kind !== "attr") return null;
    names.push(step.name);
  }
  return (key, value) => {
    let v: Value = isKey ? key : value;
    for (const name of names) {
      if (v.isNull || !v.isKnown || v.type.kind !== "object") return FALLBACK;
      const next = v.get(name);
      if (next === undefined) return FALLBACK;
      v = next;
    }
    return v;
  };
}

const TRUE_VAL = boolVal(true);
const FALSE_VAL = boolVal(false);

function binary(e: BinaryOpExpr, cx: Context): CompiledBody | null {
  const lhs = compile(e.lhs, cx);
  const rhs = lhs === null ? null : compile(e.rhs, cx);
  if (lhs === null || rhs === null) return null;
  const op = e.op;
  if (op === "==" || op === "!=") {
    return (key, value) => {
      const a = lhs(key, value);
      if (a === FALLBACK) return FALLBACK;
      const b = rhs(key, value);
      if (b === FALLBACK) return FALLBACK;
      const eq = valueEquals(a, b);
      if (op === "==" || !eq.isKnown) return eq;
      return eq.asBool() ? FALSE_VAL : TRUE_VAL;
    };
  }
  const logical = op === "&&" || op === "||";
  const operandType = logical ? t.bool : t.number;
  const operand = (v: Value | Fallback): Value | Fallback => {
    if (v === FALLBACK) return FALLBACK;
    const c = convertValue(v, operandType);
    if (!c.ok || c.value.isNull || !c.value.isKnown) return FALLBACK;
    return c.value;
  };
  if (logical) {
    return (key, value) => {
      const a = operand(lhs(key, value));
      if (a === FALLBACK) return FALLBACK;
      const b = operand(rhs(key, value));
      if (b === FALLBACK) return FALLBACK;
      const result = op === "&&" ? a.asBool() && b.asBool() : a.asBool() || b.asBool();
      return result ? TRUE_VAL : FALSE_VAL;
    };
  }
  return (key, value) => {
    const a = operand(lhs(key, value));
    if (a === FALLBACK) return FALLBACK;
    const b = operand(rhs(key, value));
    if (b === FALLBACK) return FALLBACK;
    try {
      return numberOperation(op, a.asNumber(), b.asNumber());
    } catch (err) {
      if (err instanceof CtyError) return FALLBACK;
      throw err;
    }
  };
}

/**
 * A call of a function of the table with as many arguments as it takes, none expanded with
 * `...`. A function that takes its arguments unevaluated (can, try) gets them evaluated here
 * first, each handed over as an evaluation without errors.
 */
function call(e: Extract<Expression, { kind: "call" }>, cx: Context): CompiledBody | null {
  if (cx.functions === null || e.expandFinal) return null;
  const f: CtyFunction | undefined = lookupFunction(cx.functions, e.name);
  if (f === undefined) return null;
  const n = e.args.length;
  if (n < f.params.length || (f.varParam === undefined && n > f.params.length)) return null;
  const args: CompiledBody[] = [];
  for (const arg of e.args) {
    const c = compile(arg, cx);
    if (c === null) return null;
    args.push(c);
  }
  const spec = f.spec;
  if (spec.kind === "closures") {
    return (key, value) => {
      const closures: ExpressionClosure[] = new Array(n);
      for (let i = 0; i < n; i++) {
        const v = args[i]!(key, value);
        if (v === FALLBACK) return FALLBACK;
        closures[i] = { evaluate: () => ({ value: v, errors: NO_DIAGNOSTICS }), expression: e.args[i] };
      }
      return settled(() => spec.call(closures));
    };
  }
  const types = args.map((_, i) => f.paramFor(i)!.type);
  return (key, value) => {
    const values: Value[] = new Array(n);
    for (let i = 0; i < n; i++) {
      const v = args[i]!(key, value);
      if (v === FALLBACK) return FALLBACK;
      const c = convertValue(v, types[i]!);
      if (!c.ok) return FALLBACK;
      values[i] = c.value;
    }
    return settled(() => f.call(values));
  };
}

/**
 * A function's result, or FALLBACK where it failed (the evaluator calls it again and reports
 * the failure its way) or where it marked a value (marks are the evaluator's to carry).
 */
function settled(run: () => Value): Value | Fallback {
  let v: Value;
  try {
    v = run();
  } catch {
    return FALLBACK;
  }
  return marksInUse() ? FALLBACK : v;
}
