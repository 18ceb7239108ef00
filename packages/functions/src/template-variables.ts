// The variables a template refers to (hclsyntax's Variables): the root of every reference the
// template makes, with where its traversal starts.
import { type Expression, type Range, variables } from "@tofukit/hcl";

/** A root name a template refers to and where its traversal starts. */
interface TemplateVariable {
  readonly name: string;
  readonly range: Range;
}

/** The variables `expr` refers to, in source order. */
export function templateVariables(expr: Expression): TemplateVariable[] {
  const out: TemplateVariable[] = [];
  for (const reference of variables(expr)) {
    const root = reference.traversal[0];
    if (root?.kind === "root") out.push({ name: root.name, range: root.range });
  }
  return out;
}
