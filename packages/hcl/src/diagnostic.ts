// Diagnostics as data: what went wrong, where, and what to do next (hcl.Diagnostic's shape). This
// is the one diagnostic type of every package above cty: what other packages know about a problem
// beyond its range (the module, the rule, the file) goes in `extra`.
import { plainRange, type Range } from "./pos.js";

export type Severity = "error" | "warning";

/**
 * What a package attached to a diagnostic beyond HCL's fields (hcl.Diagnostic's `Extra`, typed).
 * Every field is optional; a diagnostic with nothing to add has no `extra` at all.
 */
export interface DiagnosticExtra {
  /** The module instance the problem is about (`module.a["x"].module.b`); absent for the root module. */
  readonly module?: string;
  /** For a failed validation rule: where the rule is written. */
  readonly rule?: Range;
  /** The input variable the problem is about, by name. */
  readonly variable?: string;
  /** The file concerned, for a problem about a whole file that has no range in it (a file that could not be read). */
  readonly file?: string;
}

/**
 * One problem. `subject` is the range the problem is about; it is absent for a problem that
 * belongs to no source text (a bad command-line option, an unreadable file: tfdiags' "sourceless"
 * diagnostics).
 */
export interface Diagnostic {
  readonly severity: Severity;
  readonly summary: string;
  readonly detail: string;
  readonly subject?: Range;
  /** A wider range that gives the subject its context (for example the whole call), when known. */
  readonly context?: Range;
  /** What the producing package attached: see DiagnosticExtra. */
  readonly extra?: DiagnosticExtra;
}

function diag(
  severity: Severity,
  summary: string,
  detail: string,
  subject: Range | undefined,
  context: Range | undefined,
  extra: DiagnosticExtra | undefined,
): Diagnostic {
  // Absent fields are left out rather than set to undefined, and ranges are plain data (not the
  // syntax tree's SourceRange views), so that diagnostics compare, print, copy and travel
  // between threads as the data they are.
  const d: { -readonly [K in keyof Diagnostic]: Diagnostic[K] } = { severity, summary, detail };
  if (subject !== undefined) d.subject = plainRange(subject);
  if (context !== undefined) d.context = plainRange(context);
  if (extra !== undefined)
    d.extra = extra.rule === undefined ? extra : { ...extra, rule: plainRange(extra.rule) };
  return d;
}

/** An error about `subject` (when given), with an optional wider `context` and `extra` fields. */
export function errorDiag(
  summary: string,
  detail: string,
  subject?: Range,
  context?: Range,
  extra?: DiagnosticExtra,
): Diagnostic {
  return diag("error", summary, detail, subject, context, extra);
}

/** A warning about `subject` (when given), with an optional wider `context` and `extra` fields. */
export function warningDiag(
  summary: string,
  detail: string,
  subject?: Range,
  context?: Range,
  extra?: DiagnosticExtra,
): Diagnostic {
  return diag("warning", summary, detail, subject, context, extra);
}

/** A diagnostic that belongs to no source text (tfdiags.Sourceless): no subject, no context. */
export function sourceless(
  severity: Severity,
  summary: string,
  detail: string,
  extra?: DiagnosticExtra,
): Diagnostic {
  return diag(severity, summary, detail, undefined, undefined, extra);
}

/** True when any diagnostic in the list is an error. */
export function hasErrors(diags: readonly Pick<Diagnostic, "severity">[]): boolean {
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

/**
 * A diagnostic on one line, as hcl.Diagnostic's Error() writes it: `file:1,2-3: summary; detail`;
 * a diagnostic without a subject is `summary; detail`.
 */
export function diagnosticError(d: Diagnostic): string {
  const text = `${d.summary}; ${d.detail}`;
  return d.subject === undefined ? text : `${formatRange(d.subject)}: ${text}`;
}
