// The variables a template refers to (hclsyntax's Variables): the root of every scope
// traversal, except the iteration variables of `for` expressions inside their own scope.
import type { Expression, Range } from "@tofukit/hcl";

/** A root name a template refers to and where its traversal starts. */
export interface TemplateVariable {
  readonly name: string;
  readonly range: Range;
}

function walk(e: Expression, bound: ReadonlySet<string>, out: TemplateVariable[]): void {
  switch (e.kind) {
    case "literal":
    case "anonSymbol":
      return;
    case "scopeTraversal": {
      const root = e.traversal[0];
      if (root !== undefined && root.kind === "root" && !bound.has(root.name)) {
        out.push({ name: root.name, range: root.range });
      }
      return;
    }
    case "template":
      for (const p of e.parts) walk(p, bound, out);
      return;
    case "templateWrap":
      walk(e.wrapped, bound, out);
      return;
    case "templateJoin":
      walk(e.tuple, bound, out);
      return;
    case "relativeTraversal":
      walk(e.source, bound, out);
      return;
    case "call":
      for (const a of e.args) walk(a, bound, out);
      return;
    case "conditional":
      walk(e.condition, bound, out);
      walk(e.trueResult, bound, out);
      walk(e.falseResult, bound, out);
      return;
    case "binaryOp":
      walk(e.lhs, bound, out);
      walk(e.rhs, bound, out);
      return;
    case "unaryOp":
      walk(e.operand, bound, out);
      return;
    case "tuple":
      for (const x of e.exprs) walk(x, bound, out);
      return;
    case "object":
      for (const item of e.items) {
        walk(item.key, bound, out);
        walk(item.value, bound, out);
      }
      return;
    case "objectKey":
      // A bare identifier key is a name, not a variable.
      if (!e.forceNonLiteral && e.wrapped.kind === "scopeTraversal" && e.wrapped.traversal.length === 1)
        return;
      walk(e.wrapped, bound, out);
      return;
    case "for": {
      walk(e.collection, bound, out);
      const inner = new Set(bound);
      if (e.keyVar !== "") inner.add(e.keyVar);
      inner.add(e.valVar);
      if (e.keyExpr !== null) walk(e.keyExpr, inner, out);
      walk(e.valExpr, inner, out);
      if (e.condition !== null) walk(e.condition, inner, out);
      return;
    }
    case "index":
      walk(e.collection, bound, out);
      walk(e.key, bound, out);
      return;
    case "splat":
      walk(e.source, bound, out);
      walk(e.each, bound, out);
      return;
    case "parentheses":
      walk(e.expr, bound, out);
      return;
  }
}

/** The variables `expr` refers to, in source order. */
export function templateVariables(expr: Expression): TemplateVariable[] {
  const out: TemplateVariable[] = [];
  walk(expr, new Set(), out);
  return out;
}
