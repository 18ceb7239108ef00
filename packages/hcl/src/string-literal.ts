// Escape sequences in string literals: `\n`, `\uXXXX`, `$${`... (as hclsyntax's ParseStringLiteralToken).
import { goQuote } from "@tofukit/gostd";
import { type Diagnostic, errorDiag } from "./diagnostic.js";
import type { Pos, Range } from "./pos.js";

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** Byte width of one code point in UTF-8. */
function utf8Width(cp: number): number {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/**
 * Ranges of slices of a single-line token that starts at `start`. Diagnostics come in source
 * order, so the cursor only moves forward: each character is counted once, however many
 * diagnostics the token has.
 */
class SubRanges {
  private index = 0;
  private pos: Pos;

  constructor(
    private readonly filename: string,
    start: Pos,
    private readonly text: string,
  ) {
    this.pos = start;
  }

  private advance(p: Pos, from: number, to: number): Pos {
    let column = p.column;
    let byte = p.byte;
    for (let k = from; k < to; k++) {
      const cp = this.text.codePointAt(k) as number;
      if (cp > 0xffff) k++;
      column++;
      byte += utf8Width(cp);
    }
    return { line: p.line, column, byte };
  }

  of(from: number, to: number): Range {
    this.pos = this.advance(this.pos, this.index, from);
    this.index = from;
    return { filename: this.filename, start: this.pos, end: this.advance(this.pos, from, to) };
  }
}

/** Whether a literal token's text has anything for unescapeLiteral to resolve. */
export function hasEscapes(text: string): boolean {
  return text.includes("\\") || text.includes("${") || text.includes("%{");
}

/**
 * Resolves the escapes of one literal token. `quoted` is true for quoted strings, where backslash
 * escapes apply; heredocs only know the `$${` and `%%{` template escapes.
 */
export function unescapeLiteral(text: string, quoted: boolean, range: Range, diags: Diagnostic[]): string {
  if (!hasEscapes(text)) return text;
  const ranges = new SubRanges(range.filename, range.start, text);
  // Pieces joined once at the end: a long string of many escapes would otherwise build a
  // deep chain of concatenations.
  const out: string[] = [];
  let i = 0;
  const n = text.length;
  while (i < n) {
    const c = text.charCodeAt(i);
    if (c === 92 && quoted) {
      if (i + 1 >= n) {
        diags.push(
          errorDiag(
            "Invalid escape sequence",
            "Backslash must be followed by an escape sequence selector character.",
            ranges.of(i, i + 1),
          ),
        );
        out.push("\\");
        i++;
        continue;
      }
      const sel = text[i + 1] as string;
      switch (sel) {
        case "n":
          out.push("\n");
          i += 2;
          continue;
        case "r":
          out.push("\r");
          i += 2;
          continue;
        case "t":
          out.push("\t");
          i += 2;
          continue;
        case '"':
          out.push('"');
          i += 2;
          continue;
        case "\\":
          out.push("\\");
          i += 2;
          continue;
        case "u":
        case "U": {
          const want = sel === "u" ? 4 : 8;
          let j = i + 2;
          while (j < n && j - (i + 2) < want && isHex(text.charCodeAt(j))) j++;
          const digits = text.slice(i + 2, j);
          if (digits.length !== want) {
            diags.push(
              errorDiag(
                "Invalid escape sequence",
                sel === "u"
                  ? "The \\u escape sequence must be followed by four hexadecimal digits."
                  : "The \\U escape sequence must be followed by eight hexadecimal digits.",
                ranges.of(i, j),
              ),
            );
            out.push(text.slice(i, j));
            i = j;
            continue;
          }
          const cp = Number.parseInt(digits, 16);
          if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
            diags.push(
              errorDiag(
                "Invalid escape sequence",
                `Cannot encode character U+${cp.toString(16).padStart(4, "0")} in UTF-8.`,
                ranges.of(i, j),
              ),
            );
            out.push(text.slice(i, j));
            i = j;
            continue;
          }
          out.push(String.fromCodePoint(cp));
          i = j;
          continue;
        }
        default: {
          const cp = text.codePointAt(i + 1) as number;
          const selector = String.fromCodePoint(cp);
          diags.push(
            errorDiag(
              "Invalid escape sequence",
              `The symbol ${goQuote(selector)} is not a valid escape sequence selector.`,
              ranges.of(i, i + 1 + selector.length),
            ),
          );
          out.push(selector);
          i += 1 + selector.length;
          continue;
        }
      }
    }
    if ((c === 36 || c === 37) && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === 123) {
      out.push(`${text[i]}{`);
      i += 3;
      continue;
    }
    // Plain text up to the next character that may start an escape is copied as one slice.
    let j = i + 1;
    while (j < n) {
      const d = text.charCodeAt(j);
      if ((d === 92 && quoted) || d === 36 || d === 37) break;
      j++;
    }
    out.push(text.slice(i, j));
    i = j;
  }
  return out.join("");
}
