// hclwrite's formatting passes over a token sequence: indentation by bracket nesting, spaces
// between tokens, and vertical alignment of `=` and of trailing comments across consecutive
// lines (hclwrite/format.go). Only the spaces before tokens change: the result is the source's
// tokens, each after the number of spaces the passes give it.
import { bracketChange } from "./format-rewrites.js";
import type { TokenType } from "./token.js";
import type { TokenStream } from "./token-stream.js";

/** A kind of token, or "Nil": the placeholder before the first token of a line (hclwrite's TokenNil). */
type FormatTokenType = TokenType | "Nil";

/** The tokens of one source, with the spaces before each. */
interface Tokens {
  readonly src: string;
  readonly stream: TokenStream;
  /** Spaces written before each token; the passes set them (EOF keeps the source's). */
  readonly spaces: Int32Array;
  /** Whether the source is ASCII without CRLF line ends: one column per character. */
  readonly plain: boolean;
}

/**
 * One line split into hclwrite's three cells, as token index ranges: `lead` always; `assign`
 * from an attribute's `=` to the end of the line when the rest of the line is a whole
 * expression; `comment` a trailing line comment after other tokens.
 */
interface Line {
  leadStart: number;
  leadEnd: number;
  /** -1 when the line has no assign cell. */
  assignStart: number;
  assignEnd: number;
  /** -1 when the line has no comment cell. */
  comment: number;
}

const NIL = -1;

/** The source formatted (`src` without any byte order mark; `stream` its tokens, the last EOF). */
export function layout(src: string, stream: TokenStream): string {
  const n = stream.length;
  const spaces = new Int32Array(n);
  let last = 0;
  for (let i = 0; i < n; i++) {
    spaces[i] = stream.start(i) - last;
    last = stream.end(i);
  }
  const tokens: Tokens = { src, stream, spaces, plain: ASCII.test(src) && !src.includes("\r\n") };
  const lines = linesOf(tokens);
  indent(tokens, lines);
  space(tokens, lines);
  align(tokens, lines);
  // Runs of tokens whose spaces did not change are copied from the source in one piece.
  let out = "";
  let copied = 0;
  for (let i = 0; i < n; i++) {
    const start = stream.start(i);
    const s = spaces[i]!;
    const gapStart = i === 0 ? 0 : stream.end(i - 1);
    if (start - gapStart === s && onlySpaces(src, gapStart, start)) continue;
    out += src.slice(copied, gapStart);
    if (s > 0) out += s === 1 ? " " : " ".repeat(s);
    copied = start;
  }
  return out + src.slice(copied);
}

function onlySpaces(src: string, from: number, to: number): boolean {
  for (let i = from; i < to; i++) if (src.charCodeAt(i) !== 32) return false;
  return true;
}

function typeAt(t: Tokens, i: number): FormatTokenType {
  return i === NIL ? "Nil" : t.stream.type(i);
}

/** Newlines, and line comments, which take their newline with them. */
function endsLine(t: Tokens, i: number): boolean {
  const type = t.stream.type(i);
  return type === "Newline" || (type === "Comment" && t.src.charCodeAt(t.stream.end(i) - 1) === 10);
}

function linesOf(tokens: Tokens): Line[] {
  const lines: Line[] = [];
  let start = 0;
  const last = tokens.stream.length - 1; // EOF belongs to no line
  for (let i = 0; i < last; i++) {
    if (endsLine(tokens, i)) {
      lines.push(splitCells(tokens, start, i + 1));
      start = i + 1;
    }
  }
  lines.push(splitCells(tokens, start, last));
  return lines;
}

function splitCells(tokens: Tokens, start: number, end: number): Line {
  const stream = tokens.stream;
  const line: Line = { leadStart: start, leadEnd: end, assignStart: -1, assignEnd: -1, comment: -1 };
  if (end - start > 1 && stream.type(end - 1) === "Comment") {
    line.comment = end - 1;
    line.leadEnd = end - 1;
  }
  for (let i = start + 1; i < line.leadEnd; i++) {
    if (stream.type(i) !== "=") continue;
    // Only a whole expression moves to the assign cell: an opening bracket left open starts a
    // multi-line expression, which is not aligned.
    let net = 0;
    for (let j = i; j < line.leadEnd; j++) net += bracketChange(stream.type(j));
    if (net === 0) {
      line.assignStart = i;
      line.assignEnd = line.leadEnd;
      line.leadEnd = i;
    }
    break;
  }
  return line;
}

function indent(tokens: Tokens, lines: readonly Line[]): void {
  const { stream, spaces } = tokens;
  // Each line with more openers than closers pushes its surplus; closers pop what they match,
  // so unbalanced lines do not push later lines too far either way.
  const indents: number[] = [];
  for (const line of lines) {
    if (line.leadEnd === line.leadStart) continue;
    const first = line.leadStart;
    if (stream.type(first) === "Newline") {
      spaces[first] = 0;
      continue;
    }
    let net = 0;
    for (let i = line.leadStart; i < line.leadEnd; i++) {
      const type = stream.type(i);
      net += bracketChange(type);
      if (type === "OHeredoc") break;
    }
    for (let i = line.assignStart; i >= 0 && i < line.assignEnd; i++) net += bracketChange(stream.type(i));
    if (net > 0) {
      spaces[first] = 2 * indents.length;
      indents.push(net);
      continue;
    }
    let closed = -net;
    while (closed > 0 && indents.length > 0) {
      const top = indents[indents.length - 1]!;
      if (closed > top) {
        closed -= top;
        indents.pop();
      } else if (closed < top) {
        indents[indents.length - 1] = top - closed;
        closed = 0;
      } else {
        indents.pop();
        closed = 0;
      }
    }
    spaces[first] = 2 * indents.length;
  }
}

function space(tokens: Tokens, lines: readonly Line[]): void {
  for (const line of lines) {
    spaceCell(tokens, line.leadStart, line.leadEnd);
    if (line.assignStart >= 0) {
      // One space separates the `=` from what it assigns to; alignment adjusts it later.
      tokens.spaces[line.assignStart] = 1;
      spaceCell(tokens, line.assignStart, line.assignEnd);
    }
  }
}

function spaceCell(tokens: Tokens, start: number, end: number): void {
  for (let i = start; i < end - 1; i++)
    tokens.spaces[i + 1] = spaceAfter(tokens, i, i > start ? i - 1 : NIL, i + 1) ? 1 : 0;
}

function isTemplateText(type: FormatTokenType): boolean {
  return type === "QuotedLit" || type === "StringLit";
}

/** Whether `subject` gets a space after it, between `before` and `after` (hclwrite's spaceAfterToken). */
function spaceAfter(tokens: Tokens, subject: number, before: number, after: number): boolean {
  const s = typeAt(tokens, subject);
  const a = typeAt(tokens, after);
  if (a === "Newline" || a === "Nil") return false;
  if (s === "Ident" && a === "(") return false;
  if ((s === "Ident" && a === "::") || (s === "::" && a === "Ident")) return false;
  if (s === "." || a === ".") return false;
  if (a === "," || a === "...") return false;
  if (s === ",") return true;
  if (isTemplateText(s) || s === "OQuote" || s === "OHeredoc") return false;
  if (isTemplateText(a) || a === "CQuote" || a === "CHeredoc") return false;
  // `in` of a for expression before a tuple: `[for x in [foo]: x]`, not `in[foo]`.
  if (s === "Ident" && typeAt(tokens, before) === "Ident" && isIn(tokens, subject)) return true;
  if (a === "[" && (s === "Ident" || s === "NumberLit" || bracketChange(s) < 0)) return false;
  if (s === "!") return false;
  if (s === "-") return !negationFollows(typeAt(tokens, before));
  if (s === "{" || a === "}") return !(s === "{" && a === "}");
  if ((s === "TemplateInterp" || s === "TemplateControl") && a === "{") return true;
  if (s === "}" && a === "TemplateSeqEnd") return true;
  if (s === "TemplateSeqEnd" && (a === "TemplateInterp" || a === "TemplateControl")) return false;
  if (bracketChange(s) > 0) return false;
  if (bracketChange(a) < 0) return false;
  return true;
}

function isIn(tokens: Tokens, i: number): boolean {
  const start = tokens.stream.start(i);
  return tokens.stream.end(i) - start === 2 && tokens.src.startsWith("in", start);
}

/** Whether a minus after a token of this kind is a negation (no space after it), as hclwrite guesses. */
function negationFollows(before: FormatTokenType): boolean {
  switch (before) {
    case "Nil":
    case "(":
    case "{":
    case "[":
    case "=":
    case ":":
    case ",":
    case "?":
    case "+":
    case "*":
    case "/":
    case "%":
    case "-":
    case "==":
    case "!=":
    case ">":
    case ">=":
    case "<":
    case "<=":
    case "&&":
    case "||":
    case "!":
      return true;
    default:
      return false;
  }
}

function align(tokens: Tokens, lines: readonly Line[]): void {
  const spaces = tokens.spaces;
  // `=` first: moving it moves the comment after it too.
  alignChains(
    lines,
    (l) => l.assignStart >= 0,
    (l) => columns(tokens, l.leadStart, l.leadEnd),
    (l, n) => {
      spaces[l.assignStart] = n;
    },
  );
  alignChains(
    lines,
    (l) => l.comment >= 0,
    (l) => columns(tokens, l.leadStart, l.leadEnd) + columns(tokens, l.assignStart, l.assignEnd),
    (l, n) => {
      spaces[l.comment] = n;
    },
  );
}

/** Runs of consecutive lines that have the cell: each gets one space past the widest text before it. */
function alignChains(
  lines: readonly Line[],
  has: (l: Line) => boolean,
  width: (l: Line) => number,
  set: (l: Line, spaces: number) => void,
): void {
  let i = 0;
  while (i < lines.length) {
    if (!has(lines[i]!)) {
      i++;
      continue;
    }
    let j = i;
    let max = 0;
    const widths: number[] = [];
    while (j < lines.length && has(lines[j]!)) {
      const w = width(lines[j]!);
      widths.push(w);
      if (w > max) max = w;
      j++;
    }
    for (let k = i; k < j; k++) set(lines[k]!, max - widths[k - i]! + 1);
    i = j;
  }
}

const ASCII = /^[\x00-\x7f]*$/;
let segmenter: Intl.Segmenter | undefined;

/** Columns of the tokens in [start, end): spaces plus grapheme clusters (hclwrite's Tokens.Columns). */
function columns(tokens: Tokens, start: number, end: number): number {
  const { stream, spaces, src } = tokens;
  let n = 0;
  for (let i = start; i >= 0 && i < end; i++) {
    n += spaces[i]!;
    const from = stream.start(i);
    const to = stream.end(i);
    // In plain ASCII without CRLF (one grapheme cluster of two characters) a character is a column.
    n += tokens.plain ? to - from : graphemes(src.slice(from, to));
  }
  return n;
}

function graphemes(text: string): number {
  if (ASCII.test(text)) return text.length - (text.split("\r\n").length - 1);
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "grapheme" });
  let n = 0;
  for (const _ of segmenter.segment(text)) n++;
  return n;
}
