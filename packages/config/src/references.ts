// The input variables among an expression's references, as OpenTofu's reference parser reads
// `var.NAME` (the references themselves are hcl's `variables`).
import type { Traverser } from "@tofukit/hcl";

/** The input variable a traversal refers to (`var.NAME…`), or undefined for anything else. */
export function inputVariableName(traversal: readonly Traverser[]): string | undefined {
  const root = traversal[0];
  const step = traversal[1];
  if (root?.kind !== "root" || root.name !== "var" || step === undefined) return undefined;
  // `var["name"]` is no reference to OpenTofu: "The "var" object does not support this operation."
  return step.kind === "attr" ? step.name : undefined;
}
