// A module's input variable, as far as its schema and types need it: a small structural shape
// that any reader of `variable` blocks can supply.

import type { Defaults } from "@tofukit/convert";
import type { Type, Value } from "@tofukit/cty";

/** One `variable` block of a module. */
export interface VariableDeclaration {
  readonly name: string;
  /** The type constraint (optional-attribute markers included); `any` when none is declared. */
  readonly type: Type;
  /** The constraint's optional-attribute defaults, or null when it has none. */
  readonly defaults: Defaults | null;
  readonly description?: string;
  /** The `default` value, converted to the type; absent when the variable is required. */
  readonly default?: Value;
  readonly nullable: boolean;
  readonly sensitive: boolean;
  /** The `deprecated` message (OpenTofu 1.10+), when the variable has one. */
  readonly deprecated?: string;
}
