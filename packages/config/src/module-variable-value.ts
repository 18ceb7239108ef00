// The final value of a called module's input variable, as OpenTofu's
// prepareFinalInputVariableValue makes it from the argument the call gives: the default when the
// call gives none, conversion with the type's optional-attribute defaults, and the nullable rule,
// each failure with OpenTofu's text for a value set in configuration.
import { ConversionError, formatPath } from "@tofukit/convert";
import type { Value } from "@tofukit/cty";
import { type Diagnostic, type Expression, errorDiag, formatRange } from "@tofukit/hcl";
import { convertDefault } from "./decode-variable.js";
import { rangeAtPath } from "./value-range.js";
import type { VariableDeclaration } from "./variable-declaration.js";

/**
 * The variable's final value, or undefined when it has none (reported to `diags`, except a
 * required variable the call does not set, which the call's own check reports).
 * `address` is the variable's, e.g. `module.buckets.var.buckets`.
 */
export function moduleVariableValue(
  address: string,
  decl: VariableDeclaration,
  given: { readonly value: Value; readonly expr: Expression } | undefined,
  diags: Diagnostic[],
): Value | undefined {
  if (given === undefined) return decl.defaultValue;
  let value: Value;
  try {
    value = convertDefault(given.value, decl.constraint);
  } catch (error) {
    if (!(error instanceof ConversionError)) throw error;
    const at = formatRange(given.expr.range);
    const hidden = decl.sensitive || decl.ephemeral;
    const detail = decl.ephemeral
      ? `The given value is not suitable for ${address}, which is ephemeral: ${error.message}. Invalid value defined at ${at}.`
      : decl.sensitive
        ? `The given value is not suitable for ${address}, which is sensitive: ${error.message}. Invalid value defined at ${at}.`
        : `The given value is not suitable for ${address} declared at ${formatRange(decl.declRange)}: ${error.message}.`;
    diags.push(
      errorDiag(
        "Invalid value for input variable",
        // tofukit adds where in the value the problem is, as for root variables.
        error.path.length === 0 || hidden
          ? detail
          : `${detail}\n\nThe problem is at ${address}${formatPath(error.path)}.`,
        // The part of the argument that failed; a sensitive variable's declaration instead, so that
        // no snippet shows the value.
        hidden ? decl.declRange : rangeAtPath(given.expr, error.path),
      ),
    );
    return undefined;
  }
  if (value.isNull && !decl.nullable) {
    if (decl.defaultValue !== undefined) return decl.defaultValue;
    diags.push(
      errorDiag(
        "Required variable not set",
        `The given value is not suitable for ${address} defined at ${formatRange(decl.declRange)}: required variable may not be set to null.`,
        given.expr.range,
      ),
    );
    return undefined;
  }
  return value;
}
