// The variables a template refers to, as hclsyntax's Expression.Variables(): every traversal's
// root name with its range, in source order, leaving out a for expression's own key and value
// names inside it and object keys written as bare names.
import type { Expression, Range } from "@tofukit/hcl";

export interface TemplateVariable {
  readonly name: string;
  readonly range: Range;
}

export function templateVariables(expr: Expression): TemplateVariable[] {
  const out: TemplateVariable[] = [];
  const visit = (e: Expression | null, locals: ReadonlySet<string>): void => {
    if (e === null) return;
    switch (e.kind) {
      case "scopeTraversal": {
        const root = e.traversal[0];
        if (root !== undefined && root.kind === "root" && !locals.has(root.name)) {
          out.push({ name: root.name, range: root.range });
        }
        return;
      }
      case "literal":
      case "anonSymbol":
        return;
      case "template":
        for (const p of e.parts) visit(p, locals);
        return;
      case "templateWrap":
        visit(e.wrapped, locals);
        return;
      case "templateJoin":
        visit(e.tuple, locals);
        return;
      case "relativeTraversal":
        visit(e.source, locals);
        return;
      case "call":
        for (const a of e.args) visit(a, locals);
        return;
      case "conditional":
        visit(e.condition, locals);
        visit(e.trueResult, locals);
        visit(e.falseResult, locals);
        return;
      case "binaryOp":
        visit(e.lhs, locals);
        visit(e.rhs, locals);
        return;
      case "unaryOp":
        visit(e.operand, locals);
        return;
      case "tuple":
        for (const x of e.exprs) visit(x, locals);
        return;
      case "object":
        for (const item of e.items) {
          visit(item.key, locals);
          visit(item.value, locals);
        }
        return;
      case "objectKey": {
        const w = e.wrapped;
        const bareName = !e.forceNonLiteral && w.kind === "scopeTraversal" && w.traversal.length === 1;
        if (!bareName) visit(w, locals);
        return;
      }
      case "for": {
        visit(e.collection, locals);
        const inner = new Set(locals);
        if (e.keyVar !== "") inner.add(e.keyVar);
        inner.add(e.valVar);
        visit(e.keyExpr, inner);
        visit(e.valExpr, inner);
        visit(e.condition, inner);
        return;
      }
      case "index":
        visit(e.collection, locals);
        visit(e.key, locals);
        return;
      case "splat":
        visit(e.source, locals);
        visit(e.each, locals);
        return;
      case "parentheses":
        visit(e.expr, locals);
        return;
    }
  };
  visit(expr, new Set());
  return out;
}
