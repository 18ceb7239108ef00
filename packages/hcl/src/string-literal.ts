// Escape sequences in string literals: `\n`, `\uXXXX`, `$${`... (as hclsyntax's ParseStringLiteralToken).
import { type Diagnostic, errorDiag } from "./diagnostic.js";
import type { Pos, Range } from "./pos.js";

function isHex(c: number): boolean {
  return (c >= 48 && c <= 57) || (c >= 65 && c <= 70) || (c >= 97 && c <= 102);
}

/** Range of `text.slice(from, to)` inside a single-line token that starts at `start`. */
function subRange(filename: string, start: Pos, text: string, from: number, to: number): Range {
  const advance = (p: Pos, s: string): Pos => {
    let column = p.column;
    let byte = p.byte;
    for (const ch of s) {
      const cp = ch.codePointAt(0) as number;
      column++;
      byte += cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
    }
    return { line: p.line, column, byte };
  };
  const s = advance(start, text.slice(0, from));
  return { filename, start: s, end: advance(s, text.slice(from, to)) };
}

/**
 * Resolves the escapes of one literal token. `quoted` is true for quoted strings, where backslash
 * escapes apply; heredocs only know the `$${` and `%%{` template escapes.
 */
export function unescapeLiteral(text: string, quoted: boolean, range: Range, diags: Diagnostic[]): string {
  if (!text.includes("\\") && !text.includes("${") && !text.includes("%{")) return text;
  let out = "";
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
            subRange(range.filename, range.start, text, i, i + 1),
          ),
        );
        out += "\\";
        i++;
        continue;
      }
      const sel = text[i + 1] as string;
      switch (sel) {
        case "n":
          out += "\n";
          i += 2;
          continue;
        case "r":
          out += "\r";
          i += 2;
          continue;
        case "t":
          out += "\t";
          i += 2;
          continue;
        case '"':
          out += '"';
          i += 2;
          continue;
        case "\\":
          out += "\\";
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
                subRange(range.filename, range.start, text, i, j),
              ),
            );
            out += text.slice(i, j);
            i = j;
            continue;
          }
          const cp = Number.parseInt(digits, 16);
          if (cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff)) {
            diags.push(
              errorDiag(
                "Invalid escape sequence",
                `Cannot encode character U+${cp.toString(16).padStart(4, "0")} in UTF-8.`,
                subRange(range.filename, range.start, text, i, j),
              ),
            );
            out += text.slice(i, j);
            i = j;
            continue;
          }
          out += String.fromCodePoint(cp);
          i = j;
          continue;
        }
        default: {
          const cp = text.codePointAt(i + 1) as number;
          const selector = String.fromCodePoint(cp);
          diags.push(
            errorDiag(
              "Invalid escape sequence",
              `The symbol ${JSON.stringify(selector)} is not a valid escape sequence selector.`,
              subRange(range.filename, range.start, text, i, i + 1 + selector.length),
            ),
          );
          out += selector;
          i += 1 + selector.length;
          continue;
        }
      }
    }
    if ((c === 36 || c === 37) && text.charCodeAt(i + 1) === c && text.charCodeAt(i + 2) === 123) {
      out += `${text[i]}{`;
      i += 3;
      continue;
    }
    out += text[i];
    i++;
  }
  return out;
}
