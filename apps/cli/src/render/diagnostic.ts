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

/** Columns are counted in characters, as HCL counts them. */
function caretLine(text: string, startColumn: number, endColumn: number): string {
  const chars = Array.from(text);
  const lead = chars
    .slice(0, startColumn - 1)
    .map((c) => (c === "\t" ? "\t" : " "))
    .join("");
  const width = Math.max(1, Math.min(endColumn, chars.length + 1) - startColumn);
  return lead + "^".repeat(width);
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
      body.push(`${number}: ${text}`);
      body.push(`${" ".repeat(number.length + 2)}${color(caretLine(text, subject.start.column, endColumn))}`);
    }
    body.push("");
  }
  if (diag.detail !== undefined && diag.detail !== "") body.push(...wrap(diag.detail, width - 3));
  const rule = (s: string) => color(s);
  return [
    rule("╷"),
    ...body.map((line) => (line === "" ? rule("│") : `${rule("│")} ${line}`)),
    rule("╵"),
    "",
  ].join("\n");
}
