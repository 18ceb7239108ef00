// The --json shape of a diagnostic (stable; documented in the CLI README).
import type { CheckDiagnostic } from "../module/check-variables.js";
import type { JSONOut } from "./json-output.js";

export function diagnosticJSON(d: CheckDiagnostic): JSONOut {
  return {
    severity: d.severity,
    summary: d.summary,
    detail: d.detail,
    range:
      d.subject === undefined
        ? null
        : {
            filename: d.subject.filename,
            start: { line: d.subject.start.line, column: d.subject.start.column, byte: d.subject.start.byte },
            end: { line: d.subject.end.line, column: d.subject.end.column, byte: d.subject.end.byte },
          },
  };
}
