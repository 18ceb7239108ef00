// The scanner: HCL native syntax source text to tokens, with ranges (as hclsyntax's scanTokens).
//
// It is a small state machine over three modes: normal expression/config text, the inside of a
// quoted template ("..."), and the inside of a heredoc template. Template sequences (`${`, `%{`)
// switch back to normal mode until the brace that closes them. It never recurses, so input of
// any nesting depth scans in constant stack space.
import { SourceIndex } from "./source-index.js";
import { T, type TokenCode, TokenStream } from "./token-stream.js";

const IDENT = /[\p{ID_Start}_][\p{ID_Continue}-]*/uy;

/** ASCII letters, digits, `_` and `-`: the identifier characters that need no Unicode tables. */
function isAsciiIdentPart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}
const HEREDOC_INTRO = /<<(-?)([\p{ID_Start}_][\p{ID_Continue}-]*)\r?\n/uy;

type Mode = "normal" | "string" | "heredoc";

interface HeredocInProgress {
  /** Null for a bare template (scanned as a heredoc that never closes). */
  readonly marker: string | null;
  startOfLine: boolean;
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

/**
 * Splits `src` into tokens. The last token is always EOF. `template` scans the whole source as
 * the inside of a template (hclsyntax's scanTemplate, for ParseTemplate).
 */
export function scanTokens(source: string, filename: string, template = false): TokenStream {
  const scanner = new Scanner(source, filename);
  if (template) scanner.startTemplate();
  return scanner.run();
}

class Scanner {
  private readonly src: string;
  private readonly n: number;
  private readonly tokens: TokenStream;
  private i = 0;

  private readonly index: SourceIndex;

  private readonly modes: Mode[] = ["normal"];
  private readonly heredocs: HeredocInProgress[] = [];
  private readonly retBraces: number[] = [];
  private braces = 0;
  /** Whether a token of a kind that invalidTokenDiagnostics reports has been emitted. */
  private sawInvalid = false;

  constructor(source: string, filename: string) {
    let src = source;
    let startByte = 0;
    if (src.charCodeAt(0) === 0xfeff) {
      src = src.slice(1);
      startByte = 3;
    }
    this.src = src;
    this.n = src.length;
    this.index = new SourceIndex(src, filename, startByte);
    this.tokens = new TokenStream(this.index);
  }

  /** Starts inside a template that only the end of the input closes. */
  startTemplate(): void {
    this.modes[0] = "heredoc";
    this.heredocs.push({ marker: null, startOfLine: true });
  }

  private emit(type: TokenCode, start: number, end: number): void {
    this.tokens.push(type, start, end);
  }

  /** Length in UTF-16 units of the code point at `j`. */
  private cpLen(j: number): number {
    const c = this.src.charCodeAt(j);
    return c >= 0xd800 && c <= 0xdbff && j + 1 < this.n && (this.src.charCodeAt(j + 1) & 0xfc00) === 0xdc00
      ? 2
      : 1;
  }

  private beginSequence(type: typeof T.TemplateInterp | typeof T.TemplateControl): true {
    const i = this.i;
    const len = this.src.charCodeAt(i + 2) === 126 /* ~ */ ? 3 : 2;
    this.emit(type, i, i + len);
    this.i = i + len;
    this.braces++;
    this.retBraces.push(this.braces);
    const top = this.heredocs[this.heredocs.length - 1];
    if (top !== undefined) top.startOfLine = false;
    this.modes.push("normal");
    return true;
  }

  run(): TokenStream {
    const n = this.n;
    while (this.i < n) {
      const mode = this.modes[this.modes.length - 1];
      if (mode === "normal") this.scanNormal();
      else if (mode === "string") this.scanString();
      else this.scanHeredoc();
    }
    this.emit(T.EOF, n, n);
    this.tokens.mayHaveInvalidTokens = this.sawInvalid;
    return this.tokens;
  }

  /** Scans one token (or a run of skipped spaces). */
  private scanString(): true {
    const src = this.src;
    const n = this.n;
    const i = this.i;
    const c = src.charCodeAt(i);
    const next = src.charCodeAt(i + 1);
    if (c === 36 /* $ */ && next === 123) return this.beginSequence(T.TemplateInterp);
    if (c === 37 /* % */ && next === 123) return this.beginSequence(T.TemplateControl);
    if (c === 34 /* " */) {
      this.emit(T.CQuote, i, i + 1);
      this.i = i + 1;
      this.modes.pop();
      return true;
    }
    if (c === 10 || c === 13) {
      let j = i + 1;
      while (j < n && (src.charCodeAt(j) === 10 || src.charCodeAt(j) === 13)) j++;
      this.sawInvalid = true;
      this.emit(T.QuotedNewline, i, j);
      this.i = j;
      return true;
    }
    let j = i;
    while (j < n) {
      const d = src.charCodeAt(j);
      if (d === 34 || d === 10 || d === 13) break;
      if (d === 92 /* \ */) {
        const e = src.charCodeAt(j + 1);
        if (j + 1 >= n || e === 10 || e === 13) break;
        j += 1 + this.cpLen(j + 1);
        continue;
      }
      if (d === 36 || d === 37) {
        const e = src.charCodeAt(j + 1);
        if (e === 123) break;
        // `$${` and `%%{` are escapes, part of the literal.
        j += e === d && src.charCodeAt(j + 2) === 123 ? 3 : 1;
        continue;
      }
      j++;
    }
    if (j === i) {
      // A lone backslash before a newline or the end of input.
      this.sawInvalid = true;
      this.emit(T.Invalid, i, i + 1);
      this.i = i + 1;
    } else {
      this.emit(T.QuotedLit, i, j);
      this.i = j;
    }
    return true;
  }

  /** Scans one token (or a run of skipped spaces). */
  private scanHeredoc(): true {
    const src = this.src;
    const n = this.n;
    const i = this.i;
    const top = this.heredocs[this.heredocs.length - 1] as HeredocInProgress;
    const c = src.charCodeAt(i);
    const next = src.charCodeAt(i + 1);
    if (c === 36 && next === 123) return this.beginSequence(T.TemplateInterp);
    if (c === 37 && next === 123) return this.beginSequence(T.TemplateControl);
    let j = i;
    // A bare template has no closing marker to look for: its literal text runs across lines
    // up to the next template sequence, in one token, as hclsyntax's scanTemplate gives it.
    const wholeLines = top.marker !== null;
    while (j < n) {
      const d = src.charCodeAt(j);
      if (wholeLines && (d === 10 || (d === 13 && src.charCodeAt(j + 1) === 10))) break;
      if (d === 36 || d === 37) {
        const e = src.charCodeAt(j + 1);
        if (e === 123) break;
        if (e === d && src.charCodeAt(j + 2) === 123) {
          j += 3;
          continue;
        }
      }
      j++;
    }
    // The loop stops at a newline, at a template sequence, or at the end of the input.
    const atNewline = j < n && (src.charCodeAt(j) === 10 || src.charCodeAt(j) === 13);
    if (atNewline) {
      const nlEnd = src.charCodeAt(j) === 13 ? j + 2 : j + 1;
      if (top.startOfLine && top.marker !== null && src.slice(i, j).trim() === top.marker) {
        // The closing marker and the newline after it are separate tokens, so that the
        // newline still ends an attribute definition.
        this.emit(T.CHeredoc, i, j);
        this.emit(T.Newline, j, nlEnd);
        this.i = nlEnd;
        this.heredocs.pop();
        this.modes.pop();
        return true;
      }
      top.startOfLine = true;
      this.emit(T.StringLit, i, nlEnd);
      this.i = nlEnd;
      return true;
    }
    if (j >= n && top.startOfLine && top.marker !== null && src.slice(i, j).trim() === top.marker) {
      // A closing marker on the last line without a newline after it.
      this.emit(T.CHeredoc, i, j);
      this.i = j;
      this.heredocs.pop();
      this.modes.pop();
      return true;
    }
    top.startOfLine = false;
    this.emit(T.StringLit, i, j);
    this.i = j;
    return true;
  }

  /** Scans one token and any spaces before it (or only the spaces, at the end of the input). */
  private scanNormal(): true {
    const src = this.src;
    let i = this.i;
    let c = src.charCodeAt(i);
    if (c === 32 || c === 9) {
      // Spaces are skipped here and the token after them scanned in the same call.
      i++;
      while (src.charCodeAt(i) === 32 || src.charCodeAt(i) === 9) i++;
      this.i = i;
      if (i >= this.n) return true;
      c = src.charCodeAt(i);
    }
    if (c >= 48 && c <= 57) {
      let j = i + 1;
      for (;;) {
        const d = src.charCodeAt(j);
        if ((d >= 48 && d <= 57) || d === 46) {
          j++;
        } else if (d === 101 || d === 69) {
          const e = src.charCodeAt(j + 1);
          if (isDigit(e)) j += 2;
          else if ((e === 43 || e === 45) && isDigit(src.charCodeAt(j + 2))) j += 3;
          else break;
        } else {
          break;
        }
      }
      // A number literal never ends with a dot: `1.` is the number 1 and then a dot.
      while (src.charCodeAt(j - 1) === 46) j--;
      this.token(T.NumberLit, j);
      return true;
    }
    if ((c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) {
      let j = i + 1;
      while (isAsciiIdentPart(src.charCodeAt(j))) j++;
      if (src.charCodeAt(j) < 0x80 || j >= this.n) {
        this.token(T.Ident, j);
        return true;
      }
    }
    if (c >= 0x80 || (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95) {
      IDENT.lastIndex = i;
      if (IDENT.test(src)) {
        this.token(T.Ident, IDENT.lastIndex);
        return true;
      }
    }
    const next = src.charCodeAt(i + 1);
    switch (c) {
      case 10:
        return this.token(T.Newline, i + 1);
      case 13:
        if (next === 10) return this.token(T.Newline, i + 2);
        break;
      case 35 /* # */:
        return this.lineComment();
      case 47 /* / */:
        if (next === 47) return this.lineComment();
        if (next === 42) {
          const close = src.indexOf("*/", i + 2);
          if (close >= 0) return this.token(T.Comment, close + 2);
        }
        return this.token(T["/"], i + 1);
      case 61 /* = */:
        if (next === 61) return this.token(T["=="], i + 2);
        if (next === 62) return this.token(T["=>"], i + 2);
        return this.token(T["="], i + 1);
      case 33 /* ! */:
        return next === 61 ? this.token(T["!="], i + 2) : this.token(T["!"], i + 1);
      case 62 /* > */:
        return next === 61 ? this.token(T[">="], i + 2) : this.token(T[">"], i + 1);
      case 60 /* < */:
        if (next === 61) return this.token(T["<="], i + 2);
        if (next === 60) {
          HEREDOC_INTRO.lastIndex = i;
          const m = HEREDOC_INTRO.exec(src);
          if (m !== null) {
            this.token(T.OHeredoc, HEREDOC_INTRO.lastIndex);
            this.heredocs.push({ marker: m[2] as string, startOfLine: true });
            this.modes.push("heredoc");
            return true;
          }
        }
        return this.token(T["<"], i + 1);
      case 38 /* & */:
        return next === 38 ? this.token(T["&&"], i + 2) : this.invalidToken(T["&"], i + 1);
      case 124 /* | */:
        return next === 124 ? this.token(T["||"], i + 2) : this.invalidToken(T["|"], i + 1);
      case 58 /* : */:
        return next === 58 ? this.token(T["::"], i + 2) : this.token(T[":"], i + 1);
      case 46 /* . */:
        return next === 46 && src.charCodeAt(i + 2) === 46
          ? this.token(T["..."], i + 3)
          : this.token(T["."], i + 1);
      case 123 /* { */:
        this.braces++;
        return this.token(T["{"], i + 1);
      case 125 /* } */:
        if (this.retBraces.length > 0 && this.retBraces[this.retBraces.length - 1] === this.braces) {
          this.token(T.TemplateSeqEnd, i + 1);
          this.retBraces.pop();
          this.modes.pop();
        } else {
          this.token(T["}"], i + 1);
        }
        this.braces--;
        return true;
      case 126 /* ~ */:
        if (next === 125) {
          // `~}` always ends a template sequence; a mismatch is left for the parser to report.
          this.token(T.TemplateSeqEnd, i + 2);
          if (this.retBraces.length > 0 && this.retBraces[this.retBraces.length - 1] === this.braces) {
            this.retBraces.pop();
            this.modes.pop();
          }
          this.braces--;
          return true;
        }
        return this.invalidToken(T["~"], i + 1);
      case 34 /* " */:
        this.token(T.OQuote, i + 1);
        this.modes.push("string");
        return true;
      case 91:
        return this.token(T["["], i + 1);
      case 93:
        return this.token(T["]"], i + 1);
      case 40:
        return this.token(T["("], i + 1);
      case 41:
        return this.token(T[")"], i + 1);
      case 44:
        return this.token(T[","], i + 1);
      case 42:
        return this.token(T["*"], i + 1);
      case 37:
        return this.token(T["%"], i + 1);
      case 43:
        return this.token(T["+"], i + 1);
      case 45:
        return this.token(T["-"], i + 1);
      case 63:
        return this.token(T["?"], i + 1);
      case 94:
        return this.invalidToken(T["^"], i + 1);
      case 59:
        return this.invalidToken(T[";"], i + 1);
      case 96:
        return this.invalidToken(T["`"], i + 1);
      case 39:
        return this.invalidToken(T["'"], i + 1);
      default:
        break;
    }
    const len = this.cpLen(i);
    const isLoneSurrogate = len === 1 && c >= 0xd800 && c <= 0xdfff;
    return this.invalidToken(isLoneSurrogate ? T.BadUTF8 : T.Invalid, i + len);
  }

  /** Emits a token from the current index to `end` and moves past it. */
  private token(type: TokenCode, end: number): true {
    this.emit(type, this.i, end);
    this.i = end;
    return true;
  }

  /** As token(), for a kind that invalidTokenDiagnostics reports. */
  private invalidToken(type: TokenCode, end: number): true {
    this.sawInvalid = true;
    return this.token(type, end);
  }

  private lineComment(): true {
    const nl = this.src.indexOf("\n", this.i);
    return this.token(T.Comment, nl < 0 ? this.n : nl + 1);
  }
}
