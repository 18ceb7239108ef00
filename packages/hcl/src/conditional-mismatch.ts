// Why the two results of a conditional have no common type, worded as hclsyntax's
// describeConditionalTypeMismatch: called only for types that do not unify.
import { compareStrings, friendlyName, type Type, typeEquals } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";

/** The sentence after "The true and false result expressions must have consistent types. ". */
export function describeConditionalTypeMismatch(trueTy: Type, falseTy: Type): string {
  if (trueTy.kind === "object" && falseTy.kind === "object") {
    // Attribute names in Go's sort.Strings order (bytes), which compareStrings gives.
    const trueNames = [...trueTy.attributeNames].sort(compareStrings);
    const falseNames = [...falseTy.attributeNames].sort(compareStrings);
    for (const name of trueNames) {
      const falseAt = falseTy.attributes.get(name);
      if (falseAt === undefined) {
        return `The 'true' value includes object attribute ${goQuote(name)}, which is absent in the 'false' value`;
      }
      const trueAt = trueTy.attributes.get(name)!;
      if (!typeEquals(trueAt, falseAt)) {
        return `Type mismatch for object attribute ${goQuote(name)}: ${describeConditionalTypeMismatch(trueAt, falseAt)}`;
      }
    }
    for (const name of falseNames) {
      if (!trueTy.attributes.has(name)) {
        return `The 'false' value includes object attribute ${goQuote(name)}, which is absent in the 'true' value`;
      }
    }
  } else if (trueTy.kind === "tuple" && falseTy.kind === "tuple") {
    const t = trueTy.elements;
    const f = falseTy.elements;
    if (t.length !== f.length) {
      return `The 'true' tuple has length ${t.length}, but the 'false' tuple has length ${f.length}`;
    }
    for (let i = 0; i < t.length; i++) {
      if (!typeEquals(t[i]!, f[i]!)) {
        return `Type mismatch for tuple element ${i}: ${describeConditionalTypeMismatch(t[i]!, f[i]!)}`;
      }
    }
  } else if (isCollection(trueTy) && isCollection(falseTy) && trueTy.kind === falseTy.kind) {
    const te = trueTy.element;
    const fe = falseTy.element;
    if ((te.kind === "object" && fe.kind === "object") || (te.kind === "tuple" && fe.kind === "tuple")) {
      return `Mismatched ${trueTy.kind} element types: ${describeConditionalTypeMismatch(te, fe)}`;
    }
  }
  const trueName = friendlyName(trueTy);
  const falseName = friendlyName(falseTy);
  if (trueName === falseName) {
    return "At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value";
  }
  return `The 'true' value is ${trueName}, but the 'false' value is ${falseName}`;
}

function isCollection(ty: Type): ty is Type & { kind: "list" | "set" | "map" } {
  return ty.kind === "list" || ty.kind === "set" || ty.kind === "map";
}
