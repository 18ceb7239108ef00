// The message for "no conversion exists between these types", worded as cty's MismatchMessage.

import { compareStrings, friendlyName, type Type, typeEquals } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { type ConversionContext, getConversion } from "./conversion.js";

const constraintName = (type: Type) => friendlyName(type, { constraint: true });

/** cty's MismatchMessage(got, want): why a value of type `got` cannot become `want`. */
export function mismatchMessage(ctx: ConversionContext, got: Type, want: Type): string {
  if (got.kind === "object" && want.kind === "object") return objectsMessage(ctx, got, want);
  if (got.kind === "tuple" && want.kind === "list" && want.element.kind === "dynamic") {
    return "all list elements must have the same type";
  }
  if (got.kind === "tuple" && want.kind === "set" && want.element.kind === "dynamic") {
    return "all set elements must have the same type";
  }
  if (got.kind === "object" && want.kind === "map" && want.element.kind === "dynamic") {
    return "all map elements must have the same type";
  }
  if ((got.kind === "tuple" || got.kind === "object") && isCollection(want)) {
    return collectionFromStructuralMessage(ctx, got, want);
  }
  if (isCollection(got) && isCollection(want)) return collectionFromCollectionMessage(ctx, got, want);
  if (!likelyToConfuse(got, want)) return `${friendlyName(want)} required, but have ${friendlyName(got)}`;
  return `${constraintName(want)} required`;
}

function isCollection(type: Type): boolean {
  return type.kind === "list" || type.kind === "set" || type.kind === "map";
}

function isPrimitive(type: Type): boolean {
  return type.kind === "string" || type.kind === "number" || type.kind === "bool";
}

/**
 * Missing required attributes first (sorted, Oxford comma); otherwise one offending attribute,
 * preferring one with no unsafe conversion. cty picks among several in Go map order (at
 * random, but most often the order the attributes were declared in); this port takes the
 * first in declaration order.
 */
function objectsMessage(
  ctx: ConversionContext,
  got: Type & { kind: "object" },
  want: Type & { kind: "object" },
): string {
  const missing: string[] = [];
  let unsafeMismatch = "";
  let safeMismatch = "";
  for (const name of want.declaredNames) {
    const wantAt = want.attributes.get(name)!;
    const gotAt = got.attributes.get(name);
    if (gotAt === undefined) {
      if (!want.optional.has(name)) missing.push(name);
      continue;
    }
    if (typeEquals(gotAt, wantAt)) continue;
    if (unsafeMismatch !== "") continue;
    if (getConversion(ctx, gotAt, wantAt, true) === null) {
      unsafeMismatch = `attribute ${goQuote(name)}: ${mismatchMessage(ctx, gotAt, wantAt)}`;
    }
    if (safeMismatch !== "") continue;
    if (getConversion(ctx, gotAt, wantAt, false) === null) {
      safeMismatch = `attribute ${goQuote(name)}: ${mismatchMessage(ctx, gotAt, wantAt)}`;
    }
  }
  missing.sort(compareStrings);
  if (missing.length === 1) return `attribute ${goQuote(missing[0]!)} is required`;
  if (missing.length === 2)
    return `attributes ${goQuote(missing[0]!)} and ${goQuote(missing[1]!)} are required`;
  if (missing.length > 2) {
    const quoted = missing.map(goQuote);
    return `attributes ${quoted.slice(0, -1).join(", ")}, and ${quoted[quoted.length - 1]} are required`;
  }
  if (unsafeMismatch !== "") return unsafeMismatch;
  if (safeMismatch !== "") return safeMismatch;
  return "incorrect object attributes";
}

function collectionFromStructuralMessage(ctx: ConversionContext, got: Type, want: Type): string {
  if ((want.kind === "list" || want.kind === "set") && got.kind !== "tuple")
    return `${constraintName(want)} required`;
  if (want.kind === "map" && got.kind !== "object") return `${constraintName(want)} required`;
  const wantEt = (want as { element: Type }).element;
  if (got.kind === "tuple") {
    for (let i = 0; i < got.elements.length; i++) {
      const gotEt = got.elements[i]!;
      if (typeEquals(gotEt, wantEt) || getConversion(ctx, gotEt, wantEt, true) !== null) continue;
      return `element ${i}: ${mismatchMessage(ctx, gotEt, wantEt)}`;
    }
    return `all elements must be ${constraintName(wantEt)}`;
  }
  if (got.kind === "object") {
    for (const [name, gotAt] of got.attributes) {
      if (typeEquals(gotAt, wantEt) || getConversion(ctx, gotAt, wantEt, true) !== null) continue;
      return `element ${goQuote(name)}: ${mismatchMessage(ctx, gotAt, wantEt)}`;
    }
    return `all elements must be ${constraintName(wantEt)}`;
  }
  return `${constraintName(want)} required`;
}

function collectionFromCollectionMessage(ctx: ConversionContext, got: Type, want: Type): string {
  const gotSeq = got.kind === "list" || got.kind === "set";
  if ((want.kind === "list" || want.kind === "set") && !gotSeq) return `${constraintName(want)} required`;
  if (want.kind === "map" && got.kind !== "map") return `${constraintName(want)} required`;
  const noun =
    want.kind === "list"
      ? "list element type"
      : want.kind === "set"
        ? "set element type"
        : "map element type";
  const gotEt = (got as { element: Type }).element;
  const wantEt = (want as { element: Type }).element;
  return `incorrect ${noun}: ${mismatchMessage(ctx, gotEt, wantEt)}`;
}

/**
 * cty ≥ 1.16.3 adds "but have <got>" unless the two types are likely to confuse. Not
 * confusing: primitive vs non-primitive, a string target, bool vs number, tuple → object,
 * and a concrete collection into one whose element involves `any`. (cty's check for
 * object → tuple has a typo that makes it unreachable; kept.)
 */
function likelyToConfuse(got: Type, want: Type): boolean {
  if (isPrimitive(got) !== isPrimitive(want)) return false;
  if (want.kind === "string") return false;
  if ((want.kind === "bool" && got.kind === "number") || (got.kind === "bool" && want.kind === "number"))
    return false;
  if (isCollection(got) && isCollection(want)) {
    const gotEt = (got as { element: Type }).element;
    const wantEt = (want as { element: Type }).element;
    if (!gotEt.hasDynamic && wantEt.hasDynamic) return false;
  }
  if (got.kind === "tuple" && want.kind === "object") return false;
  return true;
}
