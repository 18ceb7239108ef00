// Value paths of conversion errors, and their rendering as OpenTofu's FormatCtyPath prints them.

import { goQuote } from "@tofukit/gostd";

/** One step from a value into a part of it. */
export type PathStep =
  | { readonly kind: "attribute"; readonly name: string }
  | { readonly kind: "index"; readonly key: number | string };

/**
 * Where a conversion is, as a stack of steps from the top-level value in: a conversion pushes
 * the step to a part before converting it and pops it afterwards, so converting a long list
 * allocates no path at all. Index steps are kept as their bare keys and become PathSteps only
 * when an error reports the path. An error leaves its steps on the stack: the stack is not
 * used again once an error is thrown.
 */
export type Path = (PathStep | number | string)[];

/** The steps of the path as it is now. */
export function pathSteps(path: Path): PathStep[] {
  return path.map((step) => (typeof step === "object" ? step : { kind: "index", key: step }));
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
