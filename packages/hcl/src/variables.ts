// The references an expression makes, as hclsyntax's Variables() finds them: every scope
// traversal whose root is not a symbol the expression declares itself (a `for` expression's key
// and value symbols), in source order. A bare object key is the key's text, not a reference.
import type { Expression, ScopeTraversalExpr } from "./ast.js";

/** Every scope traversal of `expr` that refers to something outside it, in source order. */
export function variables(expr: Expression): ScopeTraversalExpr[] {
  const out: ScopeTraversalExpr[] = [];
  walk(expr, new Set(), out);
  return out;
}

function walk(e: Expression, local: ReadonlySet<string>, out: ScopeTraversalExpr[]): void {
  switch (e.kind) {
    case "literal":
    case "anonSymbol":
      return;
    case "scopeTraversal": {
      const root = e.traversal[0];
      if (root?.kind === "root" && !local.has(root.name)) out.push(e);
      return;
    }
    case "template":
      for (const p of e.parts) walk(p, local, out);
      return;
    case "templateWrap":
      walk(e.wrapped, local, out);
      return;
    case "templateJoin":
      walk(e.tuple, local, out);
      return;
    case "relativeTraversal":
      walk(e.source, local, out);
      return;
    case "call":
      for (const a of e.args) walk(a, local, out);
      return;
    case "conditional":
      walk(e.condition, local, out);
      walk(e.trueResult, local, out);
      walk(e.falseResult, local, out);
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
      walk(x, local, out);
      for (let i = rights.length - 1; i >= 0; i--) walk(rights[i]!, local, out);
      return;
    }
    case "unaryOp":
      walk(e.operand, local, out);
      return;
    case "tuple":
      for (const x of e.exprs) walk(x, local, out);
      return;
    case "object":
      for (const item of e.items) {
        walk(item.key, local, out);
        walk(item.value, local, out);
      }
      return;
    case "objectKey": {
      // A bare name as a key is the key's text, not a reference.
      const w = e.wrapped;
      if (!e.forceNonLiteral && w.kind === "scopeTraversal" && w.traversal.length === 1) return;
      walk(w, local, out);
      return;
    }
    case "for": {
      walk(e.collection, local, out);
      const inner = new Set(local);
      if (e.keyVar !== "") inner.add(e.keyVar);
      inner.add(e.valVar);
      if (e.keyExpr !== null) walk(e.keyExpr, inner, out);
      walk(e.valExpr, inner, out);
      if (e.condition !== null) walk(e.condition, inner, out);
      return;
    }
    case "index":
      walk(e.collection, local, out);
      walk(e.key, local, out);
      return;
    case "splat":
      walk(e.source, local, out);
      walk(e.each, local, out);
      return;
    case "parentheses":
      walk(e.expr, local, out);
      return;
  }
}
