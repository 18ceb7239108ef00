// @tofukit/typeexpr: OpenTofu variable type constraints: parsing, defaults and type strings.
import type { Expression } from "@tofukit/hcl";
import { convertDefault } from "./convert-default.js";
import { getType } from "./get-type.js";
import { parseTypeConstraintWith, type TypeConstraint, typeConstraintWith } from "./type-constraint.js";

export type { TypeExprErrorCode } from "./errors.js";
export { TypeExprError } from "./errors.js";
export type { TypeConstraint } from "./type-constraint.js";
export { TypeConstraintCache } from "./type-constraint-cache.js";
export { typeString } from "./type-string.js";

/**
 * Parses a variable's type constraint exactly as OpenTofu reads `type = ...`: quoted pre-0.12
 * forms are errors, bare `list` and `map` mean `list(any)` and `map(any)`, `optional(T, default)`
 * is allowed on object attributes, and defaults are converted to their attribute's type.
 * Throws TypeExprError with every diagnostic found.
 */
export function parseTypeConstraint(src: string, filename = "<type>"): TypeConstraint {
  return parseTypeConstraintWith(src, filename, convertDefault);
}

/** The same as parseTypeConstraint, for an expression already parsed with @tofukit/hcl. */
export function typeConstraintFromExpression(expr: Expression): TypeConstraint {
  return typeConstraintWith(expr, convertDefault);
}

/**
 * A type constraint with defaults as hcl's `typeexpr.TypeConstraintWithDefaults` reads it,
 * without OpenTofu's variable-block rules: a quoted type and a bare `list` or `map` are errors
 * of the type syntax. OpenTofu's `convert(value, type)` reads its type argument this way.
 * Throws TypeExprError.
 */
export function typeConstraintWithDefaults(expr: Expression): TypeConstraint {
  return typeConstraintWith(expr, convertDefault, getType);
}
