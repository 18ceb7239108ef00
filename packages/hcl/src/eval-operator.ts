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

export abstract class OperatorEvaluator extends ConditionalEvaluator {
  /**
   * A chain of binary operators, evaluated from its innermost left operand outwards without
   * recursion: the parser builds `1 + 1 + … + 1` as a tree as deep as the chain is long.
   */
  protected binaryChain(top: BinaryOpExpr, scope: Scope | null): Value {
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
