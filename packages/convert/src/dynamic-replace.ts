// The target type of a null or unknown conversion result: the target type with each `any`
// position filled by the concrete type found at that position of the input (cty's
// dynamicReplace). Element types of tuples and objects turned collections are unified.

import { type Type, t } from "@tofukit/cty";
import { newContext } from "./conversion.js";
import { unifyTypes } from "./unify.js";

export function dynamicReplace(inType: Type, outType: Type): Type {
  if (inType.kind === "dynamic") return outType;
  switch (outType.kind) {
    case "dynamic":
      return inType;
    case "string":
    case "number":
    case "bool":
      return outType;
    case "map":
      if (inType.kind === "map") return t.map(dynamicReplace(inType.element, outType.element));
      if (inType.kind === "object") {
        return t.map(dynamicReplace(unifyOrDynamic([...inType.attributes.values()]), outType.element));
      }
      return outType;
    case "object": {
      const attrs = new Map<string, Type>();
      if (inType.kind === "map") {
        for (const [name, at] of outType.attributes) attrs.set(name, dynamicReplace(inType.element, at));
      } else if (inType.kind === "object") {
        for (const [name, at] of outType.attributes) {
          const inAt = inType.attributes.get(name);
          attrs.set(name, inAt === undefined ? at : dynamicReplace(inAt, at));
        }
      }
      // cty builds a plain object type here: optional markers are not carried over.
      return t.object(attrs);
    }
    case "set":
    case "list": {
      const make = outType.kind === "set" ? t.set : t.list;
      if (inType.kind === "set" || inType.kind === "list")
        return make(dynamicReplace(inType.element, outType.element));
      if (inType.kind === "tuple")
        return make(dynamicReplace(unifyOrDynamic(inType.elements), outType.element));
      return outType;
    }
    case "tuple": {
      const inElems = inType.kind === "tuple" ? inType.elements : [];
      return t.tuple(outType.elements.map((et, i) => dynamicReplace(inElems[i] ?? t.dynamic, et)));
    }
  }
}

/** cty ignores a failed unification here; a NilType then behaves like `any` in dynamicReplace. */
function unifyOrDynamic(types: readonly Type[]): Type {
  return unifyTypes(newContext(), types, true) ?? t.dynamic;
}
