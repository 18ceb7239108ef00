// parseTypeConstraint: a variable's type constraint from source text, exactly as OpenTofu reads it.

import type { Defaults } from "@tofukit/convert";
import { CtyError, MAX_DEPTH, type Type } from "@tofukit/cty";
import { type Diagnostic, type Expression, errorDiag, hasErrors, parseExpression } from "@tofukit/hcl";
import type { ConvertDefault } from "./defaults-node.js";
import { TypeExprError } from "./errors.js";
import { readTypeConstraint } from "./type-reader.js";
import { variableType } from "./variable-type.js";

/** A parsed type constraint: the type (optional-attribute markers included) and its defaults. */
export interface TypeConstraint {
  readonly type: Type;
  /** The optional attributes' defaults, or null when no attribute anywhere has one. */
  readonly defaults: Defaults | null;
}

/**
 * Reads an already-parsed expression as a variable type constraint (or, with `getType` as the
 * reader, as hcl's TypeConstraintWithDefaults reads one); throws TypeExprError.
 */
export function typeConstraintWith(
  expr: Expression,
  convertDefault: ConvertDefault,
  read: typeof variableType = variableType,
): TypeConstraint {
  const diags: Diagnostic[] = [];
  let result: { type: Type; defaults: Defaults | null };
  try {
    result = read(expr, diags, convertDefault);
  } catch (e) {
    // cty refuses types nested deeper than it can handle safely.
    if (!(e instanceof CtyError)) throw e;
    throw new TypeExprError("TOFUKIT_TYPEEXPR_INVALID", [
      errorDiag(
        "Type too deeply nested",
        `This type constraint nests types more than ${MAX_DEPTH} levels deep.`,
        expr.range,
      ),
    ]);
  }
  const { type, defaults } = result;
  if (hasErrors(diags)) throw new TypeExprError("TOFUKIT_TYPEEXPR_INVALID", diags);
  return Object.freeze({ type, defaults });
}

/** Parses source text as a variable type constraint; throws TypeExprError. */
export function parseTypeConstraintWith(
  src: string,
  filename: string,
  convertDefault: ConvertDefault,
): TypeConstraint {
  // The common forms are read straight from the text; everything else takes the full path.
  const direct = readTypeConstraint(src, convertDefault);
  if (direct !== null) return Object.freeze({ type: direct.type, defaults: direct.defaults });
  const parsed = parseExpression(src, filename);
  if (hasErrors(parsed.diagnostics)) throw new TypeExprError("TOFUKIT_TYPEEXPR_SYNTAX", parsed.diagnostics);
  return typeConstraintWith(parsed.expr, convertDefault);
}
