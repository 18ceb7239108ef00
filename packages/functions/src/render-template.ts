// OpenTofu's renderTemplate, shared by templatestring and templatefile: a parsed template
// evaluated with a map or object of variables and the function table, with OpenTofu's checks
// and messages.
import { type CtyFunction, FunctionError, type Value } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import {
  type Diagnostic,
  diagnosticError,
  type Expression,
  evaluate,
  formatRange,
  hasErrors,
} from "@tofukit/hcl";
import { templateVariables } from "./template-variables.js";

const IDENTIFIER = /^[\p{L}\p{Nl}_][\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}-]*$/u;

/** hcl.Diagnostics' Error(): the first diagnostic, and how many others there were. */
export function diagnosticsText(diags: readonly Diagnostic[]): string {
  const errors = diags.filter((d) => d.severity === "error");
  const first = errors[0]!;
  const text = diagnosticError(first);
  return errors.length === 1 ? text : `${text}, and ${errors.length - 1} other diagnostic(s)`;
}

/**
 * Renders a parsed template with `vars` (argument 1 of the calling function) and `functions`.
 * `showPositions` adds where each missing variable is referenced (templatefile does, templatestring does not).
 */
export function renderTemplate(
  expr: Expression,
  vars: Value,
  functions: Readonly<Record<string, CtyFunction>>,
  showPositions: boolean,
): Value {
  if (vars.type.kind !== "map" && vars.type.kind !== "object") {
    throw new FunctionError("invalid vars value: must be a map", 1);
  }
  const names = vars.entryKeys();
  const values = vars.entryValues();
  const variables: Record<string, Value> = {};
  for (let i = 0; i < names.length; i++) {
    const n = names[i]!;
    if (!IDENTIFIER.test(n)) {
      throw new FunctionError(
        `invalid template variable name ${goQuote(n)}: must start with a letter, followed by zero or more letters, digits, and underscores`,
        1,
      );
    }
    variables[n] = values[i]!;
  }
  for (const ref of templateVariables(expr)) {
    if (!Object.hasOwn(variables, ref.name)) {
      const where = showPositions
        ? `${goQuote(ref.name)}, referenced at ${formatRange(ref.range)}`
        : goQuote(ref.name);
      throw new FunctionError(`vars map does not contain key ${where}`, 1);
    }
  }
  const { value, diagnostics } = evaluate(expr, { variables, functions });
  if (hasErrors(diagnostics)) throw new FunctionError(diagnosticsText(diagnostics));
  return value;
}
