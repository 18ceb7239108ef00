// Evaluation entry points: evaluate(expr, ctx) as hclsyntax's Expression.Value(ctx), and the
// context-free evaluateExpression / evaluateConstant (hcl's nil EvalContext), where any
// variable gives "Variables not allowed" and any function call "Function calls not allowed".
import { CtyError, dynamicVal, type FunctionTable, type Value } from "@tofukit/cty";
import type { Expression } from "./ast.js";
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { HCLError } from "./errors.js";
import { Evaluator, type Scope, type VariableTable } from "./evaluator.js";

export type { VariableTable } from "./evaluator.js";

/**
 * What an expression may refer to (hcl's EvalContext). A missing `variables` table means no
 * variable may be used ("Variables not allowed"); a missing `functions` table, no function
 * ("Function calls not allowed"). Both take a Map or a plain object.
 */
export interface EvalContext {
  readonly variables?: VariableTable;
  readonly functions?: FunctionTable;
}

export interface Evaluation {
  /** The value; where there were errors, an unknown value stands in for what failed. */
  readonly value: Value;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Evaluates an expression in a context, as hclsyntax's Expression.Value(ctx). Never throws
 * for a problem in the expression: those are diagnostics, and the value is then unknown
 * where it could not be computed.
 */
export function evaluate(expr: Expression, ctx?: EvalContext): Evaluation {
  const scope: Scope | null =
    ctx?.variables === undefined ? null : { vars: ctx.variables, parent: null, child: false };
  return run(new Evaluator(ctx?.functions ?? null), expr, scope);
}

/** Evaluates a constant expression (no context), returning its value and any diagnostics. */
export function evaluateExpression(expr: Expression): Evaluation {
  return run(new Evaluator(null), expr, null);
}

/** The value of a constant expression; throws HCLError (TOFUKIT_HCL_EVALUATION) if it has none. */
export function evaluateConstant(expr: Expression): Value {
  const { value, diagnostics } = evaluateExpression(expr);
  if (hasErrors(diagnostics)) throw new HCLError("TOFUKIT_HCL_EVALUATION", diagnostics);
  return value;
}

function run(ev: Evaluator, expr: Expression, scope: Scope | null): Evaluation {
  try {
    const value = ev.eval(expr, scope);
    return { value, diagnostics: ev.diags };
  } catch (e) {
    // cty refuses values it cannot build safely (nested deeper than its limit).
    if (e instanceof CtyError) {
      const diag = errorDiag("Invalid value", `This value cannot be represented: ${e.message}.`, expr.range);
      return { value: dynamicVal, diagnostics: [...ev.diags, diag] };
    }
    // The parser bounds nesting; this is the last line of defence for a small engine stack.
    if (e instanceof RangeError && /call stack/i.test(e.message)) {
      const diag = errorDiag(
        "Expression too deeply nested",
        "This expression nests more deeply than this JavaScript engine's stack allows. Split it into smaller expressions.",
        expr.range,
      );
      return { value: dynamicVal, diagnostics: [...ev.diags, diag] };
    }
    throw e;
  }
}
