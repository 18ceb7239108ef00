// The expressions directly inside an expression, for the walkers that look through a whole
// expression (variables, functionCalls).
import type { Expression } from "./ast.js";

const NONE: readonly Expression[] = [];

/**
 * The expressions directly inside `e`, in source order. A chain of binary operators counts as
 * one node: its operands come without the operators between them. The parser builds `a || b || …`
 * as a tree as deep as the chain is long; a walker recursing into this list recurses once per
 * chain, not once per operator, so that no chain a file can hold exhausts the stack.
 */
function subexpressions(e: Expression): readonly Expression[] {
  switch (e.kind) {
    case "literal":
    case "anonSymbol":
    case "scopeTraversal":
      return NONE;
    case "template":
      return e.parts;
    case "templateWrap":
      return [e.wrapped];
    case "templateJoin":
      return [e.tuple];
    case "relativeTraversal":
      return [e.source];
    case "call":
      return e.args;
    case "conditional":
      return [e.condition, e.trueResult, e.falseResult];
    case "binaryOp": {
      const rights: Expression[] = [];
      let x: Expression = e;
      while (x.kind === "binaryOp") {
        rights.push(x.rhs);
        x = x.lhs;
      }
      rights.push(x);
      return rights.reverse();
    }
    case "unaryOp":
      return [e.operand];
    case "tuple":
      return e.exprs;
    case "object":
      return e.items.flatMap((item) => [item.key, item.value]);
    case "objectKey":
      return [e.wrapped];
    case "for": {
      const out: Expression[] = [e.collection];
      if (e.keyExpr !== null) out.push(e.keyExpr);
      out.push(e.valExpr);
      if (e.condition !== null) out.push(e.condition);
      return out;
    }
    case "index":
      return [e.collection, e.key];
    case "splat":
      return [e.source, e.each];
    case "parentheses":
      return [e.expr];
  }
}

/**
 * Calls `visit(inner, a, b)` for each expression directly inside `e`, in subexpressions' order,
 * without making a list where the node holds one already or has a fixed number of them: the
 * walkers run over every expression a check evaluates. `a` and `b` are passed through, so that
 * a walker needs no closure per node.
 */
export function eachSubexpression<A, B>(
  e: Expression,
  a: A,
  b: B,
  visit: (inner: Expression, a: A, b: B) => void,
): void {
  switch (e.kind) {
    case "literal":
    case "anonSymbol":
    case "scopeTraversal":
      return;
    case "template":
      for (let i = 0; i < e.parts.length; i++) visit(e.parts[i]!, a, b);
      return;
    case "call":
      for (let i = 0; i < e.args.length; i++) visit(e.args[i]!, a, b);
      return;
    case "tuple":
      for (let i = 0; i < e.exprs.length; i++) visit(e.exprs[i]!, a, b);
      return;
    case "object":
      for (let i = 0; i < e.items.length; i++) {
        const item = e.items[i]!;
        visit(item.key, a, b);
        visit(item.value, a, b);
      }
      return;
    case "templateWrap":
      visit(e.wrapped, a, b);
      return;
    case "templateJoin":
      visit(e.tuple, a, b);
      return;
    case "relativeTraversal":
      visit(e.source, a, b);
      return;
    case "conditional":
      visit(e.condition, a, b);
      visit(e.trueResult, a, b);
      visit(e.falseResult, a, b);
      return;
    case "unaryOp":
      visit(e.operand, a, b);
      return;
    case "objectKey":
      visit(e.wrapped, a, b);
      return;
    case "index":
      visit(e.collection, a, b);
      visit(e.key, a, b);
      return;
    case "splat":
      visit(e.source, a, b);
      visit(e.each, a, b);
      return;
    case "parentheses":
      visit(e.expr, a, b);
      return;
    default: {
      // A chain of binary operators and `for`: as subexpressions gives them.
      const inner = subexpressions(e);
      for (let i = 0; i < inner.length; i++) visit(inner[i]!, a, b);
    }
  }
}
