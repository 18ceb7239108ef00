// can and try, as hcl's ext/tryfunc: their arguments arrive unevaluated and are evaluated here,
// so an expression's errors become a value (can) or a fallback (try) instead of diagnostics.
import {
  boolVal,
  type ClosureDiagnostic,
  CtyFunction,
  dynamicVal,
  type ExpressionClosure,
  FunctionError,
  t,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** hcl.Range's String(): `file:line,col-col`, or `file:line,col-line,col` across lines. */
function rangeText(subject: NonNullable<ClosureDiagnostic["subject"]>): string {
  const { filename, start, end } = subject;
  if (start.line === end.line) return `${filename}:${start.line},${start.column}-${end.column}`;
  return `${filename}:${start.line},${start.column}-${end.line},${end.column}`;
}

function tryClosures(closures: readonly ExpressionClosure[]): Value {
  if (closures.length === 0) throw new FunctionError("at least one argument is required");
  const diags: ClosureDiagnostic[] = [];
  for (const closure of closures) {
    const { value, errors } = closure.evaluate();
    if (errors.length > 0) {
      for (const item of errors) diags.push(item);
      continue;
    }
    // Any diagnostics gathered so far are dropped once an expression succeeds.
    return value.isWhollyKnown() ? value : dynamicVal;
  }
  let text = "no expression succeeded:\n";
  for (const d of diags) {
    text +=
      d.subject !== undefined
        ? `- ${d.summary} (at ${rangeText(d.subject)})\n  ${d.detail}\n`
        : `- ${d.summary}\n  ${d.detail}\n`;
  }
  text += "\nAt least one expression must produce a successful result";
  throw new FunctionError(text);
}

function canClosure(closure: ExpressionClosure): Value {
  const { value, errors } = closure.evaluate();
  if (errors.length > 0) return boolVal(false);
  return value.isWhollyKnown() ? boolVal(true) : unknownVal(t.bool);
}

/** can and try by name. */
export function tryFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {
    can: new CtyFunction({
      kind: "closures",
      params: [{ name: "expression", type: t.dynamic }],
      call: ([closure]) => canClosure(closure!),
    }),
    try: new CtyFunction({
      kind: "closures",
      params: [],
      varParam: { name: "expressions", type: t.dynamic },
      call: tryClosures,
    }),
  };
}
