// Value paths of conversion errors, and their rendering as OpenTofu's FormatCtyPath prints them.

import { goQuote } from "@tofukit/cty";

/** One step from a value into a part of it. */
export type PathStep =
  | { readonly kind: "attribute"; readonly name: string }
  | { readonly kind: "index"; readonly key: number | string };

/**
 * A path under construction: a linked list from the innermost step outward. Converting a
 * long list creates one node per element, so an index step is stored as its bare key and
 * becomes a PathStep only when an error reports the path.
 */
export type PathNode = { readonly parent: PathNode | null; readonly step: PathStep | number | string } | null;

/** A path one prepared step further. */
export function pathWith(parent: PathNode, step: PathStep): PathNode {
  return { parent, step };
}

export function attributeStep(parent: PathNode, name: string): PathNode {
  return { parent, step: { kind: "attribute", name } };
}

export function indexStep(parent: PathNode, key: number | string): PathNode {
  return { parent, step: key };
}

export function pathSteps(node: PathNode): PathStep[] {
  const steps: PathStep[] = [];
  for (let n = node; n !== null; n = n.parent) {
    const step = n.step;
    steps.push(typeof step === "object" ? step : { kind: "index", key: step });
  }
  return steps.reverse();
}

/** `.tags[0]`, `["key"].a`: attributes as `.name`, indexes as `[0]` or Go-quoted `["k"]`. */
export function formatPath(path: readonly PathStep[]): string {
  let out = "";
  for (const step of path) {
    if (step.kind === "attribute") out += `.${step.name}`;
    else if (typeof step.key === "number") out += `[${step.key}]`;
    else out += `[${goQuote(step.key)}]`;
  }
  return out;
}
