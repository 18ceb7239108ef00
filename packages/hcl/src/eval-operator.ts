// Operators: binary operations (hclsyntax's BinaryOpExpr) with cty's stdlib semantics, `&&` and
// `||` short-circuiting as hclsyntax does, chains of them evaluated without recursion, and the
// unary `-` and `!`.
import {
  boolVal,
  CtyError,
  marksOf,
  numberVal,
  type Type,
  t,
  unknownVal,
  unmarkDeep,
  unmarkedVal,
  type Value,
  valueEquals,
} from "@tofukit/cty";
import type { BinaryOpExpr, Expression, UnaryOpExpr } from "./ast.js";
import { type Diagnostic, errorDiag } from "./diagnostic.js";
import {
  type DiagnosticRope,
  NO_DIAGNOSTICS,
  ropeFlattenInto,
  ropeJoin,
  ropeSize,
} from "./diagnostic-rope.js";
import { ConditionalEvaluator } from "./eval-conditional.js";
import { isTrue, remark, type Scope } from "./eval-scope.js";
import { numberOperation } from "./number-operation.js";
import { convertValue } from "./value-conversion.js";

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

/** cty's `False()`: known, not null, false. */
function isFalse(v: Value): boolean {
  return v.isKnown && !v.isNull && v.type.kind === "bool" && !v.asBool();
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

/** `v` with the marks of both operands. */
function withMarks(v: Value, lMarks: ReadonlySet<string>, rMarks: ReadonlySet<string>): Value {
  return lMarks.size === 0 && rMarks.size === 0 ? v : remark(remark(v, lMarks), rMarks);
}

export abstract class OperatorEvaluator extends ConditionalEvaluator {
  /**
   * A chain of binary operators, evaluated from its innermost left operand outwards without
   * recursion: the parser builds `1 + 1 + … + 1` as a tree as deep as the chain is long.
   */
  protected binaryChain(top: BinaryOpExpr, scope: Scope | null): Value {
    if (top.lhs.kind !== "binaryOp") {
      // The usual case, one operator: no spine to walk.
      const lhs = this.capture(top.lhs, scope);
      const value = this.binaryOp(top, lhs, this.captured, scope);
      ropeFlattenInto(this.opDiags, this.diags);
      return value;
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
      value = this.binaryOp(spine[i]!, value, diags, scope);
      diags = this.opDiags;
    }
    ropeFlattenInto(diags, this.diags);
    return value;
  }

  /**
   * One binary operation (hclsyntax's BinaryOpExpr.Value) on an evaluated left operand: its
   * value, its diagnostics left in `opDiags`.
   */
  private binaryOp(expr: BinaryOpExpr, lhs: Value, lhsDiags: DiagnosticRope, scope: Scope | null): Value {
    const op = expr.op;
    const operands = OPERAND_TYPE[op];
    const resultType = resultTypeOf(op);
    const paramType = operands === "bool" ? t.bool : operands === "number" ? t.number : t.dynamic;
    let convDiags: Diagnostic[] | null = null;
    // An operand of the parameter's type as it is (what convertValue gives it), without a result object.
    let lv: Value | null = lhs;
    if (lhs.type !== paramType && paramType !== t.dynamic) {
      const l = convertValue(lhs, paramType);
      if (l.ok) lv = l.value;
      else {
        lv = null;
        convDiags = [
          errorDiag(
            "Invalid operand",
            `Unsuitable value for left operand: ${l.message}.`,
            expr.lhs.range,
            expr.range,
          ),
        ];
      }
    }
    const rhs = this.capture(expr.rhs, scope);
    const rhsDiags = this.captured;
    let rv: Value | null = rhs;
    if (rhs.type !== paramType && paramType !== t.dynamic) {
      const r = convertValue(rhs, paramType);
      if (r.ok) rv = r.value;
      else {
        rv = null;
        convDiags ??= [];
        convDiags.push(
          errorDiag(
            "Invalid operand",
            `Unsuitable value for right operand: ${r.message}.`,
            expr.rhs.range,
            expr.range,
          ),
        );
      }
    }
    if (lv === null || rv === null) {
      this.opDiags = ropeJoin(convDiags ?? [], ropeJoin(lhsDiags, rhsDiags));
      return unknownVal(resultType);
    }
    const lMarks = marksOf(lv);
    const rMarks = marksOf(rv);
    const a = lMarks.size > 0 ? unmarkedVal(lv) : lv;
    const b = rMarks.size > 0 ? unmarkedVal(rv) : rv;
    if (op === "&&" || op === "||") {
      const forced = shortCircuit(op, a, b, lhsDiags, rhsDiags);
      if (forced !== null) {
        this.opDiags = forced.diags;
        return withMarks(forced.value, lMarks, rMarks);
      }
    }
    const diags = ropeJoin(lhsDiags, rhsDiags);
    if (ropeSize(diags) > 0) {
      this.opDiags = diags;
      return withMarks(unknownVal(resultType), lMarks, rMarks);
    }
    const result = this.operate(expr, a, b);
    if (result === null) {
      this.opDiags = [this.diags.pop()!];
      return unknownVal(resultType);
    }
    this.opDiags = NO_DIAGNOSTICS;
    return withMarks(result, lMarks, rMarks);
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

  protected unaryOp(e: UnaryOpExpr, scope: Scope | null): Value {
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
}
