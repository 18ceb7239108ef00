// Where in the source a part of a value was written: follows a conversion error's path through
// the expression's tuple and object constructors, so a diagnostic can point at `size = "big"`
// rather than at the whole list it sits in.
import type { PathStep } from "@tofukit/convert";
import type { Diagnostic, Expression, ObjectConsKeyExpr } from "@tofukit/hcl";

type Range = NonNullable<Diagnostic["subject"]>;

/** The string an object key stands for, when it is written as a literal name or string. */
function keyName(key: ObjectConsKeyExpr): string | undefined {
  let e = key.wrapped;
  while (e.kind === "parentheses") e = e.expr;
  if (
    e.kind === "scopeTraversal" &&
    e.traversal.length === 1 &&
    e.traversal[0]?.kind === "root" &&
    !key.forceNonLiteral
  ) {
    return e.traversal[0].name;
  }
  if (e.kind === "literal" && e.value.type === "string") return e.value.value;
  if (e.kind === "template" && e.parts.length === 1) {
    const part = e.parts[0]!;
    if (part.kind === "literal" && part.value.type === "string") return part.value.value;
  }
  if (e.kind === "template" && e.parts.length === 0) return "";
  return undefined;
}

/** The range of the deepest part of `expr` that the path reaches. */
export function rangeAtPath(expr: Expression, path: readonly PathStep[]): Range {
  let current = expr;
  for (const step of path) {
    while (current.kind === "parentheses") current = current.expr;
    if (current.kind === "tuple" && step.kind === "index" && typeof step.key === "number") {
      const next = current.exprs[step.key];
      if (next === undefined) break;
      current = next;
    } else if (current.kind === "object") {
      const name = step.kind === "attribute" ? step.name : String(step.key);
      // The last of duplicate keys is the one that counts.
      const item = current.items.findLast((i) => keyName(i.key) === name);
      if (item === undefined) break;
      current = item.value;
    } else {
      break;
    }
  }
  return current.range;
}
