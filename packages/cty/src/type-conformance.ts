// Why a type does not conform to another, in the words of cty's Type.TestConformance.

import { goQuote } from "@tofukit/gostd";
import { friendlyName } from "./friendly-name.js";
import { type Type, typeEquals } from "./type.js";

/**
 * The first problem cty's `TestConformance(want)` reports for `given` (the message of
 * errs[0], as cty's function calls show it), or null where the type conforms. Objects are
 * checked for unsupported attributes, then missing ones, then attribute types, each in name
 * order (cty walks Go maps, whose order is random).
 */
export function conformanceProblem(given: Type, want: Type): string | null {
  if (want.kind === "dynamic") return null;
  if (given.kind === "object" && want.kind === "object") {
    for (const name of given.attributeNames)
      if (!want.attributeNames.includes(name)) return `unsupported attribute ${goQuote(name)}`;
    for (const name of want.attributeNames)
      if (!given.attributeNames.includes(name)) return `missing required attribute ${goQuote(name)}`;
    for (let i = 0; i < want.attributeNames.length; i++) {
      const gi = given.attributeNames.indexOf(want.attributeNames[i]!);
      const problem = conformanceProblem(given.attributeTypes[gi]!, want.attributeTypes[i]!);
      if (problem !== null) return problem;
    }
    return null;
  }
  if (given.kind === "tuple" && want.kind === "tuple") {
    if (given.elements.length !== want.elements.length)
      return `${want.elements.length} elements are required, but got ${given.elements.length}`;
    for (let i = 0; i < want.elements.length; i++) {
      const problem = conformanceProblem(given.elements[i]!, want.elements[i]!);
      if (problem !== null) return problem;
    }
    return null;
  }
  if (
    (given.kind === "list" && want.kind === "list") ||
    (given.kind === "map" && want.kind === "map") ||
    (given.kind === "set" && want.kind === "set")
  ) {
    return conformanceProblem(given.element, want.element);
  }
  if (typeEquals(given, want)) return null;
  return `${friendlyName(want)} required, but received ${friendlyName(given)}`;
}
