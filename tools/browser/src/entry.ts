// What the browser page runs: the pure packages' public APIs on conformance inputs, with
// answers in the vectors' shape. Bundled for the browser, no Node built-ins.
import { ConversionError, convertWithDefaults } from "@tofukit/convert";
import { consoleString, typeFromJSON, typeToJSON, valueFromJSON, valueToJSON } from "@tofukit/cty";
import { evaluateConstant, parseExpression } from "@tofukit/hcl";
import { displayOf, forComparison, forDisplay, HostnameError } from "@tofukit/hostname";
import { parseTypeConstraint, TypeExprError, typeString } from "@tofukit/typeexpr";

export interface HostAnswer {
  readonly ok: boolean;
  readonly comparison?: string;
  readonly display: string;
  readonly error?: string;
}

export function host(name: string): HostAnswer {
  const display = forDisplay(name);
  try {
    const h = forComparison(name);
    return { ok: true, comparison: `${h}|${displayOf(h)}`, display };
  } catch (error) {
    if (!(error instanceof HostnameError)) throw error;
    return { ok: false, error: error.message, display };
  }
}

/** A convert line: the constraint, the input (cty JSON text) → console rendering or error. */
export function convertLine(expr: string, inputType: unknown, inputValue: string): string {
  let constraint: ReturnType<typeof parseTypeConstraint>;
  try {
    constraint = parseTypeConstraint(expr);
  } catch (error) {
    if (error instanceof TypeExprError) return `type error: ${error.message}`;
    throw error;
  }
  const value = valueFromJSON(inputValue, typeFromJSON(inputType));
  try {
    const result = convertWithDefaults(value, constraint.type, constraint.defaults);
    return `${JSON.stringify(typeToJSON(result.type))}\n${valueToJSON(result)}\n${consoleString(result)}`;
  } catch (error) {
    if (error instanceof ConversionError) return `error: ${error.message}`;
    throw error;
  }
}

/** An HCL expression evaluated as a constant, rendered as tofu console does. */
export function evaluate(src: string): string {
  const { expr, diagnostics } = parseExpression(src);
  if (diagnostics.some((d) => d.severity === "error")) return "syntax error";
  return consoleString(evaluateConstant(expr));
}

export function typeOf(src: string): string {
  return typeString(parseTypeConstraint(src).type);
}
