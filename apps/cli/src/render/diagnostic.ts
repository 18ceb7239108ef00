// Diagnostics as OpenTofu prints them: a rule down the left, the summary, "on FILE line N:" with
// the source line and a caret under the range, then the detail.
import type { Diagnostic } from "@tofukit/hcl";
import type { Style } from "./style.js";

/** Source texts by file name, for snippets. */
export type Sources = ReadonlyMap<string, string>;

export interface CliDiagnostic {
  readonly severity: "error" | "warning";
  readonly summary: string;
  readonly detail?: string;
  readonly subject?: Diagnostic["subject"];
}

function sourceLine(source: string, line: number): string | undefined {
  let start = 0;
  for (let n = 1; n < line; n++) {
    const next = source.indexOf("\n", start);
    if (next < 0) return undefined;
    start = next + 1;
  }
  const end = source.indexOf("\n", start);
  return source.slice(start, end < 0 ? source.length : end).replace(/\r$/, "");
}

/** Source lines longer than this many characters are cut to a window around the range. */
export const MAX_SNIPPET_WIDTH = 160;
// How much of the window comes before the range's start.
const SNIPPET_LEAD = 40;

/**
 * The line to print and the caret under it. Columns are counted in characters, as HCL counts
 * them. A long line (minified JSON, a file of NUL bytes) is cut around the range and marked
 * with "…" where it was cut, so that each diagnostic prints a bounded amount.
 */
function snippet(text: string, startColumn: number, endColumn: number): { line: string; caret: string } {
  let chars = Array.from(text);
  let start = startColumn;
  let end = Math.min(endColumn, chars.length + 1);
  let prefix = "";
  let suffix = "";
  if (chars.length > MAX_SNIPPET_WIDTH) {
    const from = Math.max(0, Math.min(start - 1 - SNIPPET_LEAD, chars.length - MAX_SNIPPET_WIDTH));
    const to = Math.min(chars.length, from + MAX_SNIPPET_WIDTH);
    if (from > 0) prefix = "…";
    if (to < chars.length) suffix = "…";
    chars = chars.slice(from, to);
    start = start - from + prefix.length;
    end = Math.min(end - from + prefix.length, chars.length + 1 + prefix.length);
    chars = [...(prefix === "" ? [] : [prefix]), ...chars];
  }
  const lead = chars
    .slice(0, start - 1)
    .map((c) => (c === "\t" ? "\t" : " "))
    .join("");
  const width = Math.max(1, end - start);
  return { line: chars.join("") + suffix, caret: lead + "^".repeat(width) };
}

function wrap(text: string, width: number): string[] {
  const out: string[] = [];
  for (const paragraph of text.split("\n")) {
    if (paragraph.startsWith(" ") || paragraph.length <= width) {
      out.push(paragraph);
      continue;
    }
    let line = "";
    for (const word of paragraph.split(" ")) {
      if (line !== "" && line.length + 1 + word.length > width) {
        out.push(line);
        line = word;
      } else {
        line = line === "" ? word : `${line} ${word}`;
      }
    }
    out.push(line);
  }
  return out;
}

export function renderDiagnostic(diag: CliDiagnostic, sources: Sources, style: Style, width = 100): string {
  const color = diag.severity === "error" ? style.red : style.yellow;
  const label = diag.severity === "error" ? "Error: " : "Warning: ";
  const body: string[] = [`${style.bold(color(label))}${style.bold(diag.summary)}`, ""];
  const subject = diag.subject;
  if (subject !== undefined && subject !== null) {
    const source = sources.get(subject.filename);
    const text = source === undefined ? undefined : sourceLine(source, subject.start.line);
    body.push(`  on ${subject.filename} line ${subject.start.line}:`);
    if (text !== undefined) {
      const number = String(subject.start.line).padStart(4, " ");
      const endColumn =
        subject.end.line === subject.start.line ? subject.end.column : Array.from(text).length + 1;
      const cut = snippet(text, subject.start.column, endColumn);
      body.push(`${number}: ${cut.line}`);
      body.push(`${" ".repeat(number.length + 2)}${color(cut.caret)}`);
    }
    body.push("");
  }
  if (diag.detail !== undefined && diag.detail !== "") {
    for (const line of wrap(diag.detail, width - 3)) body.push(line);
  }
  const rule = (s: string) => color(s);
  return [
    rule("╷"),
    ...body.map((line) => (line === "" ? rule("│") : `${rule("│")} ${line}`)),
    rule("╵"),
    "",
  ].join("\n");
}
