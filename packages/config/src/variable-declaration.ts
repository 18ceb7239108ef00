// A module's `variable` declaration as OpenTofu holds it once its files are loaded and its
// override files merged: the public description of an input variable.
import type { Value } from "@tofukit/cty";
import type { Expression, Range } from "@tofukit/hcl";
import type { TypeConstraint } from "@tofukit/typeexpr";

export type { Range };

/**
 * How a value given as text (`-var`, `TF_VAR_`) is read: as the literal string for variables
 * without a type or of a primitive type, as an HCL expression otherwise.
 */
export type ParsingMode = "literal" | "hcl";

/** A `validation` block: its condition, its error message, and where the block starts. */
export interface ValidationRule {
  readonly condition: Expression;
  readonly errorMessage: Expression;
  /** The `validation` keyword: where OpenTofu says a rule is (`This was checked by … at`). */
  readonly range: Range;
}

export interface VariableDeclaration {
  readonly name: string;
  /** The type constraint with its optional-attribute defaults; `any` when no type is given. */
  readonly constraint: TypeConstraint;
  /** Whether a `type` argument was given. */
  readonly hasType: boolean;
  readonly parsingMode: ParsingMode;
  /** The default, already converted to the type; undefined when the variable is required. */
  readonly defaultValue: Value | undefined;
  /** A default was written but does not fit the type (reported already). */
  readonly defaultInvalid: boolean;
  readonly description: string | undefined;
  readonly nullable: boolean;
  readonly sensitive: boolean;
  readonly ephemeral: boolean;
  /** The `deprecated` message; undefined when the variable is not deprecated. */
  readonly deprecated: string | undefined;
  readonly validations: readonly ValidationRule[];
  /** `variable "name"`: where OpenTofu says a variable is declared. */
  readonly declRange: Range;
}
