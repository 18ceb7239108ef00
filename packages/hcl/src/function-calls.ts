// The function calls an expression makes, in source order: every call node, at any depth, the
// calls in a call's arguments after the call itself. With a table loaded on demand, a caller
// learns from these which functions an expression needs before evaluating it.
import type { Expression, FunctionCallExpr } from "./ast.js";

/** Every function call of `expr`, outermost first, in source order. */
export function functionCalls(expr: Expression): FunctionCallExpr[] {
  const out: FunctionCallExpr[] = [];
  walk(expr, out);
  return out;
}

function walk(e: Expression, out: FunctionCallExpr[]): void {
  switch (e.kind) {
    case "literal":
    case "anonSymbol":
    case "scopeTraversal":
      return;
    case "call":
      out.push(e);
      for (const a of e.args) walk(a, out);
      return;
    case "template":
      for (const p of e.parts) walk(p, out);
      return;
    case "templateWrap":
      walk(e.wrapped, out);
      return;
    case "templateJoin":
      walk(e.tuple, out);
      return;
    case "relativeTraversal":
      walk(e.source, out);
      return;
    case "conditional":
      walk(e.condition, out);
      walk(e.trueResult, out);
      walk(e.falseResult, out);
      return;
    case "binaryOp": {
      // A chain `a || b || …` is a tree as deep as the chain is long: its left spine is walked
      // in a loop, so that a long chain cannot exhaust the stack.
      const rights: Expression[] = [];
      let x: Expression = e;
      while (x.kind === "binaryOp") {
        rights.push(x.rhs);
        x = x.lhs;
      }
      walk(x, out);
      for (let i = rights.length - 1; i >= 0; i--) walk(rights[i]!, out);
      return;
    }
    case "unaryOp":
      walk(e.operand, out);
      return;
    case "tuple":
      for (const x of e.exprs) walk(x, out);
      return;
    case "object":
      for (const item of e.items) {
        walk(item.key, out);
        walk(item.value, out);
      }
      return;
    case "objectKey":
      walk(e.wrapped, out);
      return;
    case "for":
      walk(e.collection, out);
      if (e.keyExpr !== null) walk(e.keyExpr, out);
      walk(e.valExpr, out);
      if (e.condition !== null) walk(e.condition, out);
      return;
    case "index":
      walk(e.collection, out);
      walk(e.key, out);
      return;
    case "splat":
      walk(e.source, out);
      walk(e.each, out);
      return;
    case "parentheses":
      walk(e.expr, out);
      return;
  }
}
