// Reading an expression's shape without evaluating it, as hcl's ExprAsKeyword, ExprCall, ExprList
// and ExprMap do: what type expressions and other keyword-like syntaxes are built on.
import type { Expression, Traverser } from "./ast.js";
import { type Range, rangeBetween } from "./pos.js";

/** A function call read statically: its name, its argument expressions and where they are. */
export interface StaticCall {
  readonly name: string;
  readonly nameRange: Range;
  readonly args: readonly Expression[];
  /** From the opening to the closing parenthesis. */
  readonly argsRange: Range;
}

/** A key/value pair of an object constructor read statically. */
export interface StaticPair {
  readonly key: Expression;
  readonly value: Expression;
}

/**
 * The expression as a static traversal (`a`, `a.b[0]`), or null. The literals `true`, `false`
 * and `null` read as the names they were written with; a parenthesised object key never does.
 */
export function exprAsTraversal(expr: Expression): readonly Traverser[] | null {
  switch (expr.kind) {
    case "scopeTraversal":
      return expr.traversal;
    case "relativeTraversal": {
      const source = exprAsTraversal(expr.source);
      return source === null ? null : [...source, ...expr.traversal];
    }
    case "literal": {
      const v = expr.value;
      if (v.type === "null") return [{ kind: "root", name: "null", range: expr.range }];
      if (v.type === "bool") return [{ kind: "root", name: v.value ? "true" : "false", range: expr.range }];
      return null;
    }
    case "objectKey":
      return expr.forceNonLiteral ? null : exprAsTraversal(expr.wrapped);
    default:
      return null;
  }
}

/** The single bare name the expression consists of, or "" (as hcl.ExprAsKeyword). */
export function exprAsKeyword(expr: Expression): string {
  const t = exprAsTraversal(expr);
  if (t === null || t.length !== 1) return "";
  const root = t[0] as Traverser;
  return root.kind === "root" ? root.name : "";
}

/** Object keys unwrap to the expression they hold; nothing else does (parentheses do not). */
function unwrap(expr: Expression): Expression {
  return expr.kind === "objectKey" ? expr.wrapped : expr;
}

/** The expression as a function call, or null. */
export function exprCall(expr: Expression): StaticCall | null {
  const e = unwrap(expr);
  if (e.kind !== "call") return null;
  return {
    name: e.name,
    nameRange: e.nameRange,
    args: e.args,
    argsRange: rangeBetween(e.openParenRange, e.closeParenRange),
  };
}

/** The elements of a tuple constructor `[...]`, or null. */
export function exprList(expr: Expression): readonly Expression[] | null {
  const e = unwrap(expr);
  return e.kind === "tuple" ? e.exprs : null;
}

/** The items of an object constructor `{...}`, or null. */
export function exprMap(expr: Expression): readonly StaticPair[] | null {
  const e = unwrap(expr);
  // The constructor's items already have exactly this shape, and neither side may change them.
  return e.kind === "object" ? e.items : null;
}
