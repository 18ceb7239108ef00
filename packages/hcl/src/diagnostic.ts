// Diagnostics as data: what went wrong, where, and what to do next (hcl.Diagnostic's shape).
import type { Range } from "./pos.js";

export type Severity = "error" | "warning";

/** One problem found in a source file. `subject` is the range the problem is about. */
export interface Diagnostic {
  readonly severity: Severity;
  readonly summary: string;
  readonly detail: string;
  readonly subject: Range;
  /** A wider range that gives the subject its context (for example the whole call), when known. */
  readonly context?: Range;
}

export function errorDiag(summary: string, detail: string, subject: Range, context?: Range): Diagnostic {
  return context === undefined
    ? { severity: "error", summary, detail, subject }
    : { severity: "error", summary, detail, subject, context };
}

/** True when any diagnostic in the list is an error. */
export function hasErrors(diags: readonly Diagnostic[]): boolean {
  return diags.some((d) => d.severity === "error");
}

/** `file:line,column-column` (or `...-line,column` across lines), the way HCL prints a range. */
export function formatRange(r: Range): string {
  const file = r.filename === "" ? "" : r.filename;
  if (r.start.line === r.end.line) {
    return `${file}:${r.start.line},${r.start.column}-${r.end.column}`;
  }
  return `${file}:${r.start.line},${r.start.column}-${r.end.line},${r.end.column}`;
}
