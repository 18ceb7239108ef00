// The playground's first mode: a type constraint and a value (HCL), handled as OpenTofu handles a
// variable's value: the constraint's optional-attribute defaults, then conversion to its type.
// Everything comes from the packages' public functions; this module only arranges their answers.
import { ConversionError, convertWithDefaults, formatPath, type PathStep } from "@tofukit/convert";
import { consoleString, typeToJSON, type Value, valueToJSON } from "@tofukit/cty";
import {
  type Diagnostic,
  type Expression,
  errorDiag,
  evaluateExpression,
  hasErrors,
  parseExpression,
} from "@tofukit/hcl";
import { parseTypeConstraint, TypeExprError, typeString } from "@tofukit/typeexpr";
import { defaultsLines } from "./defaults-lines.js";

/** The two editors' file names, as diagnostics name them. */
export const TYPE_FILE = "type.tf";
export const VALUE_FILE = "value.tfvars";

export interface ValueCheck {
  /** The constraint's canonical type string, when the constraint is valid. */
  readonly typeString?: string;
  /** One `path = value` line per optional-attribute default of the constraint. */
  readonly defaults?: readonly string[];
  /** The converted value as `tofu console` renders it, when the value fits. */
  readonly console?: string;
  /** The converted value and its type as cty JSON, when the value fits. */
  readonly json?: { readonly value: string; readonly type: string };
  /** Errors and warnings, each naming its file in its subject; a problem of no file has none. */
  readonly diagnostics: readonly Diagnostic[];
}

/** Where a conversion error is: the part of the value expression at the error's path, if written literally. */
function expressionAt(expr: Expression, path: readonly PathStep[]): Expression {
  let at = expr;
  for (const step of path) {
    const next = childAt(at, step);
    if (next === undefined) break;
    at = next;
  }
  return at;
}

function childAt(expr: Expression, step: PathStep): Expression | undefined {
  while (expr.kind === "parentheses") expr = expr.expr;
  if (expr.kind === "tuple" && step.kind === "index" && typeof step.key === "number")
    return expr.exprs[step.key];
  if (expr.kind !== "object") return undefined;
  const name = step.kind === "attribute" ? step.name : String(step.key);
  // The last of several equal keys is the one whose value counts.
  for (let i = expr.items.length - 1; i >= 0; i--) {
    const item = expr.items[i]!;
    if (keyName(item.key.wrapped) === name) return item.value;
  }
  return undefined;
}

function keyName(expr: Expression): string | undefined {
  if (expr.kind === "scopeTraversal" && expr.traversal.length === 1) {
    const root = expr.traversal[0]!;
    return root.kind === "root" ? root.name : undefined;
  }
  const { value, diagnostics } = evaluateExpression(expr);
  if (hasErrors(diagnostics) || !value.isKnown || value.isNull || value.type.kind !== "string")
    return undefined;
  return value.asString();
}

export function checkValue(typeText: string, valueText: string): ValueCheck {
  let constraint: ReturnType<typeof parseTypeConstraint>;
  try {
    constraint = parseTypeConstraint(typeText, TYPE_FILE);
  } catch (error) {
    if (!(error instanceof TypeExprError)) throw error;
    return { diagnostics: error.diagnostics };
  }
  const described = {
    typeString: typeString(constraint.type),
    defaults: constraint.defaults === null ? [] : defaultsLines(constraint.defaults),
  };
  const parsed = parseExpression(valueText, VALUE_FILE);
  if (hasErrors(parsed.diagnostics)) return { ...described, diagnostics: parsed.diagnostics };
  const evaluated = evaluateExpression(parsed.expr);
  if (hasErrors(evaluated.diagnostics)) return { ...described, diagnostics: evaluated.diagnostics };
  let result: Value;
  try {
    result = convertWithDefaults(evaluated.value, constraint.type, constraint.defaults);
  } catch (error) {
    if (!(error instanceof ConversionError)) throw error;
    return { ...described, diagnostics: [conversionDiagnostic(error, parsed.expr)] };
  }
  return {
    ...described,
    console: consoleString(result),
    json: { value: valueToJSON(result), type: JSON.stringify(typeToJSON(result.type)) },
    diagnostics: evaluated.diagnostics,
  };
}

/** As `tofukit convert` reports it: OpenTofu's message, the path where it names one. */
function conversionDiagnostic(error: ConversionError, expr: Expression): Diagnostic {
  const where =
    error.path.length === 0 ? "" : `\n\nThe problem is at ${formatPath(error.path).replace(/^\./, "")}.`;
  return errorDiag(
    "Unsuitable value for type constraint",
    `The given value is not suitable for the type constraint: ${error.message}.${where}`,
    expressionAt(expr, error.path).range,
  );
}
