// The "Object attribute is ignored" warning on a default value: attributes written in an object
// constructor that the variable's type has no place for, so conversion would drop them without
// a word (OpenTofu's lint of variable defaults).

import type { ObjectType, Type } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import type { Diagnostic, Expression, ObjectConsKeyExpr } from "@tofukit/hcl";
import { nameSuggestion, warningDiag } from "@tofukit/hcl";

/** A key written as a name, a string or a number: what the key converts to as a string. */
function keyString(key: ObjectConsKeyExpr): string | undefined {
  let e = key.wrapped;
  while (e.kind === "parentheses") e = e.expr;
  if (e.kind === "scopeTraversal" && e.traversal.length === 1 && !key.forceNonLiteral) {
    const root = e.traversal[0];
    if (root?.kind === "root") return root.name;
  }
  if (e.kind === "literal") {
    if (e.value.type === "string") return e.value.value;
    if (e.value.type === "number") return e.value.text;
    if (e.value.type === "bool") return String(e.value.value);
    return undefined;
  }
  if (e.kind === "template") {
    if (e.parts.length === 0) return "";
    if (e.parts.every((p) => p.kind === "literal" && p.value.type === "string")) {
      return e.parts
        .map((p) => (p.kind === "literal" && p.value.type === "string" ? p.value.value : ""))
        .join("");
    }
  }
  return undefined;
}

type Step = { readonly attr: string } | { readonly index: number | string | null };

/** OpenTofu's FormatCtyPath: `.name`, `[0]`, `["key"]`, `[(not yet known)]`. */
function formatSteps(steps: readonly Step[]): string {
  return steps
    .map((s) =>
      "attr" in s
        ? `.${s.attr}`
        : s.index === null
          ? "[(not yet known)]"
          : typeof s.index === "number"
            ? `[${s.index}]`
            : `[${JSON.stringify(s.index)}]`,
    )
    .join("");
}

function unwrap(expr: Expression): Expression {
  let e = expr;
  while (e.kind === "parentheses") e = e.expr;
  return e;
}

function walk(
  expr: Expression,
  type: Type,
  path: Step[],
  out: Diagnostic[],
  variable: string | undefined,
): void {
  const e = unwrap(expr);
  switch (type.kind) {
    case "object":
      if (e.kind !== "object") return;
      for (const item of e.items) {
        const key = keyString(item.key);
        if (key === undefined) continue;
        const attrType = type.attributes.get(key);
        if (attrType === undefined) out.push(ignored(variable, type, key, path, item.key.range, e.range));
        else walk(item.value, attrType, [...path, { attr: key }], out, variable);
      }
      return;
    case "map":
      if (e.kind === "object") {
        for (const item of e.items) {
          const key = keyString(item.key);
          if (key !== undefined) walk(item.value, type.element, [...path, { index: key }], out, variable);
        }
      } else if (e.kind === "for" && e.keyExpr !== null) {
        walk(e.valExpr, type.element, [...path, { index: null }], out, variable);
      }
      return;
    case "list":
    case "set":
      if (e.kind === "tuple") {
        for (const [i, child] of e.exprs.entries())
          walk(child, type.element, [...path, { index: i }], out, variable);
      } else if (e.kind === "for" && e.keyExpr === null) {
        walk(e.valExpr, type.element, [...path, { index: null }], out, variable);
      }
      return;
    case "tuple":
      if (e.kind === "tuple" && e.exprs.length === type.elements.length) {
        for (const [i, child] of e.exprs.entries())
          walk(child, type.elements[i]!, [...path, { index: i }], out, variable);
      }
      return;
    default:
      return;
  }
}

function ignored(
  variable: string | undefined,
  type: ObjectType,
  name: string,
  path: readonly Step[],
  subject: NonNullable<Diagnostic["subject"]>,
  context: NonNullable<Diagnostic["subject"]>,
): Diagnostic {
  const similar = nameSuggestion(name, type.attributeNames);
  const noun =
    variable !== undefined
      ? `The object type for input variable ${JSON.stringify(variable)}${path.length === 0 ? "" : ` nested value ${formatSteps(path)}`}`
      : path.length === 0
        ? "The object type for this variable"
        : `The object type for ${formatSteps(path)}`;
  return warningDiag(
    "Object attribute is ignored",
    `${noun} does not include an attribute named ${goQuote(name)}, so this definition is unused.${similar === "" ? "" : ` Did you mean to set attribute ${goQuote(similar)} instead?`}`,
    subject,
    context,
  );
}

/**
 * The warnings for a value written as `expr` for a variable of type `type`: its default, or, with
 * the variable's name, a module call's argument (whose message names the variable).
 */
export function discardedAttributeWarnings(expr: Expression, type: Type, variable?: string): Diagnostic[] {
  const out: Diagnostic[] = [];
  if (hasObjectType(type)) walk(expr, type, [], out, variable);
  return out;
}

/** Whether an object type is anywhere in `type`: without one, no attribute can be ignored. */
function hasObjectType(type: Type): boolean {
  switch (type.kind) {
    case "object":
      return true;
    case "list":
    case "set":
    case "map":
      return hasObjectType(type.element);
    case "tuple":
      return type.elements.some(hasObjectType);
    default:
      return false;
  }
}
