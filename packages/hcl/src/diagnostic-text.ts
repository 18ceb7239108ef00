// Diagnostics as text for a terminal: summary, location, the source line with the subject
// underlined, then the detail (the layout of hcl's diagnostic text writer, plus a caret line).
import type { Diagnostic } from "./diagnostic.js";

/**
 * Renders a diagnostic. `source` is the text the diagnostic's subject points into; without it
 * only the summary, the location and the detail are printed.
 */
export function formatDiagnostic(diag: Diagnostic, source?: string): string {
  const { subject } = diag;
  const lines = [`${diag.severity === "error" ? "Error" : "Warning"}: ${diag.summary}`, ""];
  const where =
    subject.filename === "" ? `line ${subject.start.line}` : `${subject.filename} line ${subject.start.line}`;
  lines.push(`  on ${where}:`);
  if (source !== undefined) {
    const text = source.replace(/^\uFEFF/, "").split(/\r?\n/)[subject.start.line - 1];
    if (text !== undefined) {
      const number = String(subject.start.line);
      lines.push(`  ${number}: ${text}`);
      const chars = [...text];
      const start = Math.min(subject.start.column - 1, chars.length);
      const end =
        subject.end.line === subject.start.line ? Math.max(subject.end.column - 1, start + 1) : chars.length;
      // Keep tabs so that the caret lines up under the same characters.
      const pad = chars
        .slice(0, start)
        .map((c) => (c === "\t" ? "\t" : " "))
        .join("");
      lines.push(`  ${" ".repeat(number.length)}  ${pad}${"^".repeat(Math.max(1, end - start))}`);
    }
  }
  lines.push("");
  if (diag.detail !== "") lines.push(diag.detail);
  return lines.join("\n");
}
