// OpenTofu's own rules around a variable's type expression (configs.decodeVariableType): the
// quoted pre-0.12 forms are errors, and bare top-level `list` / `map` mean `list(any)` / `map(any)`.
import { t } from "@tofukit/cty";
import {
  type Diagnostic,
  type Expression,
  errorDiag,
  evaluateExpression,
  exprAsKeyword,
  hasErrors,
} from "@tofukit/hcl";
import type { ConvertDefault } from "./defaults-node.js";
import { getType, type TypeResult } from "./get-type.js";

const QUOTED_SUMMARY = "Invalid quoted type constraints";
const QUOTED_DETAIL =
  "OpenTofu 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of OpenTofu.";

/** Reads a variable's `type` expression, appending diagnostics to `diags`. */
export function variableType(
  expr: Expression,
  diags: Diagnostic[],
  convertDefault: ConvertDefault,
): TypeResult {
  // A quoted string (a template, not a lone "${...}" interpolation) is the pre-0.12 form.
  if (expr.kind === "template") {
    const evaluated = evaluateExpression(expr);
    if (hasErrors(evaluated.diagnostics)) {
      diags.push(...evaluated.diagnostics);
      return { type: t.dynamic, defaults: null };
    }
    const v = evaluated.value;
    const text = v.isKnown && !v.isNull && v.type.kind === "string" ? v.asString() : null;
    let detail: string;
    let summary = QUOTED_SUMMARY;
    switch (text) {
      case "string":
        detail = `${QUOTED_DETAIL} Remove the quotes around "string".`;
        break;
      case "list":
        detail = `${QUOTED_DETAIL} Remove the quotes around "list" and write list(string) instead to explicitly indicate that the list elements are strings.`;
        break;
      case "map":
        detail = `${QUOTED_DETAIL} Remove the quotes around "map" and write map(string) instead to explicitly indicate that the map elements are strings.`;
        break;
      default:
        summary = "Invalid legacy variable type hint";
        detail =
          "To provide a full type expression, remove the surrounding quotes and give the type expression directly.";
    }
    diags.push(errorDiag(summary, detail, expr.range));
    return { type: t.dynamic, defaults: null };
  }

  switch (exprAsKeyword(expr)) {
    case "list":
      return { type: t.list(t.dynamic), defaults: null };
    case "map":
      return { type: t.map(t.dynamic), defaults: null };
    default:
      return getType(expr, diags, convertDefault);
  }
}
