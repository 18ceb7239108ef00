// Diagnostics as text for a terminal, as OpenTofu prints them: a rule down the left, the summary,
// "on FILE line N:" with the source line and a caret under the range, then the detail wrapped to
// the width. Colour is a plain option (ANSI escapes or none): deciding whether a stream is a
// terminal is the caller's business, so this stays free of Node's built-ins.
import type { Diagnostic } from "./diagnostic.js";

/**
 * The source texts a diagnostic may point into: by file name, or the one text the subject is in.
 * Without the text of its file a diagnostic is printed without the source line.
 */
export type DiagnosticSources = ReadonlyMap<string, string> | string;

export interface FormatDiagnosticOptions {
  /** The width the detail is wrapped to, rule included (default 100, as the CLI prints). */
  readonly width?: number;
  /** Colour with ANSI escapes: red errors, yellow warnings, a bold summary (default false). */
  readonly color?: boolean;
}

type Paint = (s: string) => string;
const plain: Paint = (s) => s;
const sgr =
  (open: number, close: number): Paint =>
  (s) =>
    `\x1b[${open}m${s}\x1b[${close}m`;
const bold = sgr(1, 22);
const red = sgr(31, 39);
const yellow = sgr(33, 39);

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
const MAX_SNIPPET_WIDTH = 160;
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

/** Words joined into lines of at most `width` characters; indented paragraphs are kept as written. */
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

/**
 * A diagnostic as text, ending in a newline: the summary, where the problem is with the source
 * line and a caret under the subject (when the subject's text is in `sources`), then the detail.
 */
export function formatDiagnostic(
  diag: Diagnostic,
  sources?: DiagnosticSources,
  options: FormatDiagnosticOptions = {},
): string {
  const width = options.width ?? 100;
  const color = options.color === true;
  const strong = color ? bold : plain;
  const paint = color ? (diag.severity === "error" ? red : yellow) : plain;
  const label = diag.severity === "error" ? "Error: " : "Warning: ";
  const body: string[] = [`${strong(paint(label))}${strong(diag.summary)}`, ""];
  const subject = diag.subject;
  if (subject !== undefined) {
    const source = typeof sources === "string" ? sources : sources?.get(subject.filename);
    const text = source === undefined ? undefined : sourceLine(source, subject.start.line);
    body.push(`  on ${subject.filename} line ${subject.start.line}:`);
    if (text !== undefined) {
      const number = String(subject.start.line).padStart(4, " ");
      const endColumn =
        subject.end.line === subject.start.line ? subject.end.column : Array.from(text).length + 1;
      const cut = snippet(text, subject.start.column, endColumn);
      body.push(`${number}: ${cut.line}`);
      body.push(`${" ".repeat(number.length + 2)}${paint(cut.caret)}`);
    }
    body.push("");
  }
  if (diag.detail !== "") {
    for (const line of wrap(diag.detail, width - 3)) body.push(line);
  }
  return [
    paint("╷"),
    ...body.map((line) => (line === "" ? paint("│") : `${paint("│")} ${line}`)),
    paint("╵"),
    "",
  ].join("\n");
}
