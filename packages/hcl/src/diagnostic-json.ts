// Diagnostics as JSON data, with the library's field names: what `--json` output prints.
import type { Diagnostic } from "./diagnostic.js";
import type { Range } from "./pos.js";

/** A position as JSON: `{ line, column, byte }`. */
export type PosJSON = { readonly line: number; readonly column: number; readonly byte: number };

/** A range as JSON: `{ filename, start, end }`. */
export type RangeJSON = { readonly filename: string; readonly start: PosJSON; readonly end: PosJSON };

/** DiagnosticExtra as JSON: ranges as RangeJSON, only the fields that are set. */
export type DiagnosticExtraJSON = {
  readonly module?: string;
  readonly rule?: RangeJSON;
  readonly variable?: string;
  readonly file?: string;
};

/**
 * A diagnostic as JSON: `subject` is `null` for a diagnostic about no source text; `context` and
 * `extra` are present only when the diagnostic has them.
 */
export type DiagnosticJSON = {
  readonly severity: "error" | "warning";
  readonly summary: string;
  readonly detail: string;
  readonly subject: RangeJSON | null;
  readonly context?: RangeJSON;
  readonly extra?: DiagnosticExtraJSON;
};

function rangeJSON(r: Range): RangeJSON {
  return {
    filename: r.filename,
    start: { line: r.start.line, column: r.start.column, byte: r.start.byte },
    end: { line: r.end.line, column: r.end.column, byte: r.end.byte },
  };
}

/** The JSON form of a diagnostic, field for field (see DiagnosticJSON); `JSON.stringify` it as it is. */
export function diagnosticToJSON(d: Diagnostic): DiagnosticJSON {
  const out: { -readonly [K in keyof DiagnosticJSON]: DiagnosticJSON[K] } = {
    severity: d.severity,
    summary: d.summary,
    detail: d.detail,
    subject: d.subject === undefined ? null : rangeJSON(d.subject),
  };
  if (d.context !== undefined) out.context = rangeJSON(d.context);
  const x = d.extra;
  if (x !== undefined) {
    const extra: { -readonly [K in keyof DiagnosticExtraJSON]: DiagnosticExtraJSON[K] } = {};
    if (x.module !== undefined) extra.module = x.module;
    if (x.rule !== undefined) extra.rule = rangeJSON(x.rule);
    if (x.variable !== undefined) extra.variable = x.variable;
    if (x.file !== undefined) extra.file = x.file;
    if (Object.keys(extra).length > 0) out.extra = extra;
  }
  return out;
}
