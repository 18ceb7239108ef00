// The parser's token navigation: peeking past comments and (where they do not matter) newlines,
// reading, ranges between tokens, and recovery after an error: skipping to a closing bracket or
// the end of a body item so that follow-on errors are not reported.

import type { Expression } from "./ast.js";
import { errorDiag } from "./diagnostic.js";
import { placeholder, type Result } from "./parse-result.js";
import type { Range } from "./pos.js";
import type { Token, TokenType } from "./token.js";
import type { TokenStream } from "./token-stream.js";

/** How deeply expressions may nest before the parser gives up with a diagnostic. */
export const MAX_NESTING_DEPTH = 1100;

const CLOSER: Partial<Record<TokenType, TokenType>> = {
  "{": "}",
  "[": "]",
  "(": ")",
  OQuote: "CQuote",
  OHeredoc: "CHeredoc",
  "}": "{",
  "]": "[",
  ")": "(",
  CQuote: "OQuote",
  CHeredoc: "OHeredoc",
  TemplateControl: "TemplateSeqEnd",
  TemplateInterp: "TemplateSeqEnd",
  TemplateSeqEnd: "TemplateInterp",
};

export abstract class TokenCursor {
  protected readonly tokens: TokenStream;
  protected next = 0;
  /** Whether newlines are significant here; pushNewlines saves the previous value in `newlines`. */
  protected includeNewlines = true;
  protected readonly newlines: boolean[] = [];
  protected depth = 0;
  recovery = false;

  constructor(tokens: TokenStream) {
    this.tokens = tokens;
  }

  // ---- token access ---------------------------------------------------------------------------

  /** Index just past the token the last scan() found. */
  protected scanned = 0;
  // The last scan's starting index and newline mode, and what it found: the parser peeks at a
  // token several times before reading it, and each of those would otherwise walk the token
  // stream again. The token object is made only when asked for: most separators are only
  // ever looked at for their type.
  protected scanFrom = -1;
  protected scanNewlines = false;
  /** Index of the token found (a line comment standing in for a newline is its own index). */
  protected scanIndex = 0;
  /** The found token's type: "Newline" for a line comment that ends a line where newlines matter. */
  protected scanType: TokenType = "EOF";
  protected scanToken: Token | null = null;

  /** Whether the last scan started where the next one would, in the same newline mode. */
  protected scanIsCurrent(): boolean {
    return this.next === this.scanFrom && this.includeNewlines === this.scanNewlines;
  }

  /** Finds the next significant token (scanIndex, scanType) and sets `scanned` to the index after it. */
  protected scan(): void {
    const includeNewlines = this.includeNewlines;
    this.scanFrom = this.next;
    this.scanNewlines = includeNewlines;
    this.scanToken = null;
    const toks = this.tokens;
    const n = toks.length;
    for (let i = this.next; i < n; i++) {
      const type = toks.type(i);
      if (type === "Comment") {
        // A line comment ends its line: where newlines matter it counts as one.
        if (includeNewlines && toks.source.src.charCodeAt(toks.end(i) - 1) === 10) {
          this.scanned = i + 1;
          this.scanIndex = i;
          this.scanType = "Newline";
          return;
        }
        continue;
      }
      if (type === "Newline" && !includeNewlines) continue;
      this.scanned = i + 1;
      this.scanIndex = i;
      this.scanType = type;
      return;
    }
    this.scanned = n;
    this.scanIndex = n - 1;
    this.scanType = toks.type(n - 1);
  }

  /** The type of the next significant token, without making a token object. */
  peekType(): TokenType {
    if (!this.scanIsCurrent()) this.scan();
    return this.scanType;
  }

  peek(): Token {
    if (!this.scanIsCurrent()) this.scan();
    return this.scanToken ?? this.makeScanToken();
  }

  protected makeScanToken(): Token {
    const tok = this.tokens.token(this.scanIndex);
    this.scanToken =
      tok.type === "Comment"
        ? { type: "Newline", text: "\n", range: tok.range, start: tok.start, end: tok.end }
        : tok;
    return this.scanToken;
  }

  /** Whether the next significant token is the identifier `kw`. */
  protected peekKeyword(kw: string): boolean {
    if (this.peekType() !== "Ident") return false;
    // Compared in the source: no token object or text slice for the many names that are not `kw`.
    const toks = this.tokens;
    const i = this.scanIndex;
    const start = toks.start(i);
    return toks.end(i) - start === kw.length && toks.source.src.startsWith(kw, start);
  }

  read(): Token {
    const tok = this.peek();
    this.next = this.scanned;
    return tok;
  }

  /**
   * Moves past the next significant token, as read() does, and gives its index in the stream:
   * for a token whose type and text are all the parser needs, and perhaps its range (see
   * rangeAt), no object is made.
   */
  protected readIndex(): number {
    if (!this.scanIsCurrent()) this.scan();
    this.next = this.scanned;
    return this.scanIndex;
  }

  /** The range of the stream's token `i` (the token object's range, without the object). */
  protected rangeAt(i: number): Range {
    const toks = this.tokens;
    return toks.source.range(toks.start(i), toks.end(i));
  }

  /** The source text of the stream's token `i`. */
  protected textAt(i: number): string {
    const toks = this.tokens;
    return toks.source.src.slice(toks.start(i), toks.end(i));
  }

  /** Moves past the next significant token, as read() does, without making it an object. */
  protected skip(): void {
    if (!this.scanIsCurrent()) this.scan();
    this.next = this.scanned;
  }

  /** Where the token before the next one ends (prevRange()'s end, without a token or range object). */
  protected prevEnd(): number {
    if (this.next === 0) return this.peek().end;
    return this.tokens.end(this.next - 1);
  }

  protected prevRange(): Range {
    if (this.next === 0) return this.peek().range;
    return this.tokens.token(this.next - 1).range;
  }

  pushNewlines(include: boolean): void {
    this.newlines.push(this.includeNewlines);
    this.includeNewlines = include;
  }

  popNewlines(): void {
    this.includeNewlines = this.newlines.pop() as boolean;
  }

  /** Skips forward past the token `end`, counting nested bracket pairs; returns that token (or EOF). */
  protected recover(end: TokenType): Token {
    const start = CLOSER[end];
    this.recovery = true;
    let nest = 0;
    for (;;) {
      const tok = this.read();
      let ty = tok.type;
      if (end === "TemplateSeqEnd" && ty === "TemplateControl") ty = "TemplateInterp";
      if (ty === start) {
        nest++;
      } else if (ty === end) {
        if (nest < 1) return tok;
        nest--;
      } else if (ty === "EOF") {
        return tok;
      }
    }
  }

  /** As recover(), giving the index of the token it stopped at: no object unless it must make one. */
  protected recoverAt(end: TokenType): number {
    this.recover(end);
    return this.next - 1;
  }

  /** Finds the next bracket `start`, then skips past its matching closer. */
  protected recoverOver(start: TokenType): void {
    for (;;) {
      const tok = this.read();
      if (tok.type === start || tok.type === "EOF") break;
    }
    this.recover(CLOSER[start] as TokenType);
  }

  /** Skips to the end of the current body item: the next newline outside any brackets. */
  protected recoverAfterBodyItem(): void {
    this.recovery = true;
    const open: TokenType[] = [];
    for (;;) {
      const tok = this.read();
      switch (tok.type) {
        case "Newline":
          if (open.length === 0) return;
          break;
        case "EOF":
          return;
        case "{":
        case "[":
        case "(":
        case "OQuote":
        case "OHeredoc":
        case "TemplateInterp":
        case "TemplateControl":
          open.push(tok.type);
          break;
        case "}":
        case "]":
        case ")":
        case "CQuote":
        case "CHeredoc": {
          const opener = CLOSER[tok.type];
          while (open.length > 0 && open[open.length - 1] !== opener) open.pop();
          open.pop();
          break;
        }
        case "TemplateSeqEnd":
          while (
            open.length > 0 &&
            open[open.length - 1] !== "TemplateInterp" &&
            open[open.length - 1] !== "TemplateControl"
          ) {
            open.pop();
          }
          open.pop();
          break;
        default:
          break;
      }
    }
  }

  /** Gives up on input nested too deeply: one diagnostic, then skip to the end. */
  protected tooDeep(): Result<Expression> {
    const tok = this.peek();
    const diags = this.recovery
      ? []
      : [
          errorDiag(
            "Expression too deeply nested",
            `This expression is nested more than ${MAX_NESTING_DEPTH} levels deep. Split it into smaller expressions.`,
            tok.range,
          ),
        ];
    this.recovery = true;
    this.next = this.tokens.length - 1;
    return { node: placeholder(tok.range), diags };
  }
}
