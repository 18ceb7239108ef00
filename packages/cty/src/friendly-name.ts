// Human-readable type names as cty's FriendlyName and FriendlyNameForConstraint print them.

import type { Type } from "./type.js";

/**
 * cty's `FriendlyName`: `string`, `dynamic`, `list of number`, `object`, `tuple`.
 * With `constraint: true`, cty's `FriendlyNameForConstraint`: `any` is `any type` and a
 * collection whose direct element is `any` is `list of any single type`.
 */
export function friendlyName(type: Type, options?: { readonly constraint?: boolean }): string {
  const constraint = options?.constraint === true;
  const parts: string[] = [];
  let cur: Type = type;
  for (;;) {
    switch (cur.kind) {
      case "string":
      case "number":
      case "bool":
        parts.push(cur.kind);
        return parts.join("");
      case "dynamic":
        parts.push(constraint ? "any type" : "dynamic");
        return parts.join("");
      case "tuple":
      case "object":
        parts.push(cur.kind);
        return parts.join("");
      default:
        if (constraint && cur.element.kind === "dynamic") {
          parts.push(`${cur.kind} of any single type`);
          return parts.join("");
        }
        parts.push(`${cur.kind} of `);
        cur = cur.element;
    }
  }
}
