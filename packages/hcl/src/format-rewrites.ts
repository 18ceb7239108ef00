// OpenTofu's own rewrites in `tofu fmt` (internal/command/fmt.go), applied before hclwrite's
// formatting, to the attributes and blocks of every body (nested blocks included):
// - every attribute: an interpolation-only string `"${foo}"` becomes `foo` (wrapped in
//   parentheses when it spans lines), unless the string holds anything else;
// - `type` of a top-level `variable` block: legacy quoted types `"string"`, `"list"`, `"map"`
//   become `string`, `list(string)`, `map(string)`; bare `list`, `map`, `set` gain `(any)`;
// - every block's labels are written quoted (`resource aws_instance x` → `resource
//   "aws_instance" "x"`), escapes normalized, and comments between labels dropped, as hclwrite's
//   SetLabels does.
// The input is known to parse, so body structure can be read from the tokens alone. The result
// is the source text with the rewritten tokens replaced (hclwrite re-spaces them anyway).
import type { TokenType } from "./token.js";
import type { TokenStream } from "./token-stream.js";

/** Token kinds and texts of a source. */
interface View {
  readonly src: string;
  readonly stream: TokenStream;
}

/** A replacement of the source text in [start, end). */
interface Edit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The source with OpenTofu's rewrites applied, or null when none applies. */
export function rewrite(src: string, stream: TokenStream): string | null {
  const v: View = { src, stream };
  const edits: Edit[] = [];
  /** Block types of the bodies we are in, outermost first. */
  const blocks: string[] = [];
  const n = stream.length;
  let i = 0;
  while (i < n) {
    const type = stream.type(i);
    if (type === "}") blocks.pop();
    if (type !== "Ident") {
      i++;
      continue;
    }
    const j = skipComments(v, i + 1);
    if (stream.type(j) === "=") {
      i = attribute(
        v,
        j + 1,
        edits,
        text(v, i) === "type" && blocks.length === 1 && blocks[0] === "variable",
      );
      continue;
    }
    blocks.push(text(v, i));
    i = labels(v, i + 1, edits) + 1;
  }
  if (edits.length === 0) return null;
  let out = "";
  let at = 0;
  for (const e of edits) {
    out += src.slice(at, e.start) + e.text;
    at = e.end;
  }
  return out + src.slice(at);
}

function text(v: View, i: number): string {
  return v.src.slice(v.stream.start(i), v.stream.end(i));
}

function isLineComment(v: View, i: number): boolean {
  return v.stream.type(i) === "Comment" && v.src.charCodeAt(v.stream.end(i) - 1) === 10;
}

function skipComments(v: View, i: number): number {
  while (v.stream.type(i) === "Comment" && !isLineComment(v, i)) i++;
  return i;
}

/** How a token changes the bracket depth: +1 for an opening one, -1 for a closing one. */
export function bracketChange(type: TokenType | "Nil"): number {
  switch (type) {
    case "{":
    case "[":
    case "(":
    case "TemplateControl":
    case "TemplateInterp":
      return 1;
    case "}":
    case "]":
    case ")":
    case "TemplateSeqEnd":
      return -1;
    default:
      return 0;
  }
}

/**
 * Rewrites a block's labels, from `i` (after its type) to its `{`, whose index it returns:
 * every label quoted, and what stood between labels (comments) dropped.
 */
function labels(v: View, i: number, edits: Edit[]): number {
  const { stream } = v;
  const values: string[] = [];
  let first = -1;
  let lastEnd = -1;
  let j = i;
  for (; stream.type(j) !== "{"; j++) {
    const type = stream.type(j);
    let value: string;
    const start = j;
    if (type === "Ident") value = text(v, j);
    else if (type === "OQuote") {
      while (stream.type(j) !== "CQuote") j++;
      value = j - start === 2 ? labelValue(text(v, start + 1)) : "";
    } else continue;
    if (first < 0) first = stream.start(start);
    lastEnd = stream.end(j);
    values.push(value);
  }
  if (first >= 0) {
    const written = values.map((l) => `"${quotedLiteral(l)}"`).join(" ");
    if (written !== v.src.slice(first, lastEnd)) edits.push({ start: first, end: lastEnd, text: written });
  }
  return j;
}

/**
 * Rewrites an attribute's expression, starting at `i`; returns the index of the token that
 * ends it (a newline, a line comment, the `}` of a one-line block, or EOF).
 */
function attribute(v: View, i: number, edits: Edit[], isVariableType: boolean): number {
  const { stream } = v;
  let depth = 0;
  let end = i;
  for (; end < stream.length; end++) {
    const type = stream.type(end);
    if (depth === 0 && (type === "Newline" || type === "EOF" || type === "}" || isLineComment(v, end))) break;
    depth += bracketChange(type);
  }
  // Comments around the expression are not part of it.
  let start = i;
  while (start < end && stream.type(start) === "Comment") start++;
  let last = end;
  while (last > start && stream.type(last - 1) === "Comment") last--;
  if (last === start) return end;
  const written = isVariableType ? typeExpression(v, start, last) : valueExpression(v, start, last);
  if (written !== null) edits.push({ start: stream.start(start), end: stream.end(last - 1), text: written });
  return end;
}

/** `"${foo}"` → `foo`, when the string is one interpolation and nothing else. */
function valueExpression(v: View, start: number, end: number): string | null {
  const { stream } = v;
  if (end - start < 5) return null;
  if (
    stream.type(start) !== "OQuote" ||
    stream.type(start + 1) !== "TemplateInterp" ||
    stream.type(end - 2) !== "TemplateSeqEnd" ||
    stream.type(end - 1) !== "CQuote"
  )
    return null;
  let quotes = 0;
  for (let k = start + 2; k < end - 2; k++) {
    const type = stream.type(k);
    if (type === "OQuote") quotes++;
    else if (type === "CQuote") quotes--;
    // Sequences inside nested strings belong to a nested expression: "${foo("${bar}")}".
    else if (quotes > 0) continue;
    // "${foo}${bar}", or literal text beside the interpolation: not unwrappable.
    else if (type === "TemplateInterp" || type === "TemplateSeqEnd" || type === "QuotedLit") return null;
  }
  let a = start + 2;
  let b = end - 2;
  while (a < b && stream.type(a) === "Newline") a++;
  while (b > a && stream.type(b - 1) === "Newline") b--;
  if (a === b) return "";
  let multiLine = false;
  for (let k = a; k < b; k++) if (stream.type(k) === "Newline") multiLine = true;
  const inner = v.src.slice(stream.start(a), stream.end(b - 1));
  // A multi-line expression (a conditional, say) only parses unwrapped inside parentheses.
  if (multiLine && !(stream.type(a) === "(" && stream.type(b - 1) === ")")) return `(${inner})`;
  return inner;
}

/** Legacy quoted types and bare collection keywords of a variable's `type`. */
function typeExpression(v: View, start: number, end: number): string | null {
  const { stream } = v;
  if (end - start === 1) {
    const kw = text(v, start);
    if (stream.type(start) === "Ident" && (kw === "list" || kw === "map" || kw === "set"))
      return `${kw}(any)`;
    return null;
  }
  if (
    end - start === 3 &&
    stream.type(start) === "OQuote" &&
    stream.type(start + 1) === "QuotedLit" &&
    stream.type(start + 2) === "CQuote"
  ) {
    // Pre-0.12 types had no `any`; string elements keep the old auto-conversion to string.
    switch (text(v, start + 1)) {
      case "string":
        return "string";
      case "list":
        return "list(string)";
      case "map":
        return "map(string)";
    }
  }
  return null;
}

/** The value of a quoted literal that is known to be valid (hclsyntax's ParseStringLiteralToken). */
function labelValue(text: string): string {
  if (!text.includes("\\") && !text.includes("$${") && !text.includes("%%{")) return text;
  return text.replace(/\\(?:u([0-9A-Fa-f]{4})|U([0-9A-Fa-f]{8})|(.))|([$%])\4\{/gsu, (_m, u4, u8, c, t) => {
    if (t !== undefined) return `${t}{`;
    if (u4 !== undefined || u8 !== undefined) return String.fromCodePoint(Number.parseInt(u4 ?? u8, 16));
    switch (c) {
      case "n":
        return "\n";
      case "r":
        return "\r";
      case "t":
        return "\t";
      default:
        return c;
    }
  });
}

/** Go's unicode.IsPrint: letters, marks, numbers, punctuation, symbols and the ASCII space. */
const PRINTABLE = /[\p{L}\p{M}\p{N}\p{P}\p{S} ]/u;

/** A string as hclwrite writes it in quotes (escapeQuotedStringLit). */
function quotedLiteral(s: string): string {
  let out = "";
  for (let i = 0; i < s.length; ) {
    const cp = s.codePointAt(i)!;
    const ch = String.fromCodePoint(cp);
    i += ch.length;
    switch (ch) {
      case "\n":
        out += "\\n";
        continue;
      case "\r":
        out += "\\r";
        continue;
      case "\t":
        out += "\\t";
        continue;
      case '"':
        out += '\\"';
        continue;
      case "\\":
        out += "\\\\";
        continue;
      case "$":
      case "%":
        out += s[i] === "{" ? ch + ch : ch;
        continue;
    }
    if (PRINTABLE.test(ch)) out += ch;
    else
      out +=
        cp < 0x10000 ? `\\u${cp.toString(16).padStart(4, "0")}` : `\\U${cp.toString(16).padStart(8, "0")}`;
  }
  return out;
}
