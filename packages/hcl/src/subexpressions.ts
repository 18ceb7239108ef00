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
export function subexpressions(e: Expression): readonly Expression[] {
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
