// A `variable` block as one file declares it, before override files are merged in: each
// argument present only when the block sets it, as OpenTofu's merge needs to know.
import type { Value } from "@tofukit/cty";
import type { TypeConstraint } from "@tofukit/typeexpr";
import type { ParsingMode, Range, ValidationRule } from "./variable-declaration.js";

export interface DecodedType {
  readonly constraint: TypeConstraint;
  readonly parsingMode: ParsingMode;
  /** False for the `any` a primary declaration without `type` gets. */
  readonly given: boolean;
}

interface DecodedDefault {
  /** The default as written, or converted to the block's own type outside override files. */
  readonly value: Value;
  /** Conversion or evaluation failed (reported already). */
  readonly invalid: boolean;
}

export interface DecodedVariable {
  readonly name: string;
  readonly declRange: Range;
  readonly type?: DecodedType;
  readonly default?: DecodedDefault;
  readonly description?: string;
  readonly sensitive?: boolean;
  readonly ephemeral?: boolean;
  readonly deprecated?: string;
  readonly nullable?: boolean;
  readonly validations: readonly ValidationRule[];
}

export type Mutable<T> = { -readonly [K in keyof T]: T[K] };
