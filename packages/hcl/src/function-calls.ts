// The function calls an expression makes, in source order: every call node, at any depth, the
// calls in a call's arguments after the call itself. With a table loaded on demand, a caller
// learns from these which functions an expression needs before evaluating it.
import type { Expression, FunctionCallExpr } from "./ast.js";
import { eachSubexpression } from "./subexpressions.js";

/** Every function call of `expr`, outermost first, in source order. */
export function functionCalls(expr: Expression): FunctionCallExpr[] {
  const out: FunctionCallExpr[] = [];
  walk(expr, out);
  return out;
}

function walk(e: Expression, out: FunctionCallExpr[]): void {
  if (e.kind === "call") out.push(e);
  eachSubexpression(e, out, undefined, walk);
}
