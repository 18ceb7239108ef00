// A fast syntax check for the usual `.tfvars`: attributes whose values are literals (numbers,
// strings without templates or escapes, identifiers, tuples and objects of those). It answers
// true only for text that hclsyntax parses without errors; anything else — or anything it is
// unsure of — is left to the parser, which also gives the diagnostics.
import type { TokenStream } from "./token-stream.js";

const NUMBER = /^[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

class Check {
  i = 0;
  constructor(
    private readonly src: string,
    private readonly t: TokenStream,
  ) {}

  private text(i: number): string {
    return this.src.slice(this.t.start(i), this.t.end(i));
  }

  private isLineComment(i: number): boolean {
    return this.t.type(i) === "Comment" && this.src.charCodeAt(this.t.end(i) - 1) === 10;
  }

  /** Skips block comments (which may stand anywhere); with `lines`, newlines and line comments too. */
  private skip(lines: boolean): void {
    for (;;) {
      const type = this.t.type(this.i);
      if (type === "Comment" && (lines || !this.isLineComment(this.i))) this.i++;
      else if (lines && type === "Newline") this.i++;
      else return;
    }
  }

  /** Whether the token at i ends a line (a newline, a line comment, or the end of input). */
  private atLineEnd(): boolean {
    const type = this.t.type(this.i);
    return type === "Newline" || type === "EOF" || this.isLineComment(this.i);
  }

  body(): boolean {
    const names = new Set<string>();
    for (;;) {
      this.skip(true);
      if (this.t.type(this.i) === "EOF") return true;
      if (this.t.type(this.i) !== "Ident") return false;
      const name = this.text(this.i);
      // A name set twice is an error the parser words.
      if (names.has(name)) return false;
      names.add(name);
      this.i++;
      this.skip(false);
      if (this.t.type(this.i) !== "=") return false;
      this.i++;
      this.skip(false);
      if (!this.value()) return false;
      this.skip(false);
      if (!this.atLineEnd()) return false;
    }
  }

  private quoted(): boolean {
    // A string of plain text: escapes and templates are the parser's to check.
    this.i++;
    if (this.t.type(this.i) === "QuotedLit") {
      if (this.text(this.i).includes("\\")) return false;
      this.i++;
    }
    if (this.t.type(this.i) !== "CQuote") return false;
    this.i++;
    return true;
  }

  private value(): boolean {
    const type = this.t.type(this.i);
    switch (type) {
      case "NumberLit":
        if (!NUMBER.test(this.text(this.i))) return false;
        this.i++;
        return true;
      case "-":
        this.i++;
        return this.t.type(this.i) === "NumberLit" && this.value();
      case "Ident":
        this.i++;
        return true;
      case "OQuote":
        return this.quoted();
      case "[":
        return this.tuple();
      case "{":
        return this.object();
      default:
        return false;
    }
  }

  private tuple(): boolean {
    // Newlines mean nothing inside brackets.
    this.i++;
    for (;;) {
      this.skip(true);
      if (this.t.type(this.i) === "]") {
        this.i++;
        return true;
      }
      if (!this.value()) return false;
      this.skip(true);
      const next = this.t.type(this.i);
      if (next === ",") this.i++;
      else if (next !== "]") return false;
    }
  }

  private object(): boolean {
    // Items are separated by commas or newlines; a newline may not split an item.
    this.i++;
    for (;;) {
      this.skip(true);
      const type = this.t.type(this.i);
      if (type === "}") {
        this.i++;
        return true;
      }
      if (type === "Ident") this.i++;
      else if (type !== "OQuote" || !this.quoted()) return false;
      this.skip(false);
      const sep = this.t.type(this.i);
      if (sep !== "=" && sep !== ":") return false;
      this.i++;
      this.skip(false);
      if (!this.value()) return false;
      this.skip(false);
      const next = this.t.type(this.i);
      if (next === ",") this.i++;
      else if (next !== "}" && !(next === "Newline" || this.isLineComment(this.i))) return false;
    }
  }
}

/** Whether the tokens are a body of literal attributes that certainly parses. */
export function literalBodyParses(src: string, tokens: TokenStream): boolean {
  if (tokens.mayHaveInvalidTokens) return false;
  return new Check(src, tokens).body();
}
