// The references an expression makes, as hclsyntax's Variables() finds them: every scope
// traversal whose root is not a symbol the expression declares itself (a `for` expression's key
// and value symbols), in source order. A bare object key is the key's text, not a reference.
import type { Expression, ScopeTraversalExpr } from "./ast.js";
import { eachSubexpression } from "./subexpressions.js";

/** Every scope traversal of `expr` that refers to something outside it, in source order. */
export function variables(expr: Expression): ScopeTraversalExpr[] {
  const out: ScopeTraversalExpr[] = [];
  walk(expr, new Set(), out);
  return out;
}

function walk(e: Expression, local: ReadonlySet<string>, out: ScopeTraversalExpr[]): void {
  switch (e.kind) {
    case "scopeTraversal": {
      const root = e.traversal[0];
      if (root?.kind === "root" && !local.has(root.name)) out.push(e);
      return;
    }
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
    default:
      eachSubexpression(e, local, out, walk);
  }
}
