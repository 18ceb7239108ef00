// The --json shape of a diagnostic (stable; documented in the CLI README).
import type { CheckDiagnostic } from "@tofukit/config";
import type { JSONOut } from "./json-output.js";

type Range = NonNullable<CheckDiagnostic["subject"]>;

function rangeJSON(r: Range): JSONOut {
  return {
    filename: r.filename,
    start: { line: r.start.line, column: r.start.column, byte: r.start.byte },
    end: { line: r.end.line, column: r.end.column, byte: r.end.byte },
  };
}

export function diagnosticJSON(d: CheckDiagnostic): JSONOut {
  return {
    severity: d.severity,
    summary: d.summary,
    detail: d.detail,
    range: d.subject === undefined ? null : rangeJSON(d.subject),
    // A failed validation rule: where the rule is written.
    ...(d.rule === undefined ? {} : { rule: rangeJSON(d.rule) }),
    // The module instance the problem is about, when it is not the root.
    ...(d.module === undefined ? {} : { module: d.module }),
  };
}
