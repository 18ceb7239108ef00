// Token kinds of HCL native syntax, one per lexical element the scanner can produce.
import type { Range } from "./pos.js";

export type TokenType =
  | "{"
  | "}"
  | "["
  | "]"
  | "("
  | ")"
  | "OQuote"
  | "CQuote"
  | "OHeredoc"
  | "CHeredoc"
  | "*"
  | "/"
  | "+"
  | "-"
  | "%"
  | "="
  | "=="
  | "!="
  | "<"
  | "<="
  | ">"
  | ">="
  | "&&"
  | "||"
  | "!"
  | "."
  | ","
  | "::"
  | "..."
  | "=>"
  | "?"
  | ":"
  | "TemplateInterp"
  | "TemplateControl"
  | "TemplateSeqEnd"
  | "QuotedLit"
  | "StringLit"
  | "NumberLit"
  | "Ident"
  | "Comment"
  | "Newline"
  | "EOF"
  | "&"
  | "|"
  | "~"
  | "^"
  | "'"
  | "`"
  | ";"
  | "Invalid"
  | "BadUTF8"
  | "QuotedNewline";

export interface Token {
  readonly type: TokenType;
  /** The token's source text. */
  readonly text: string;
  readonly range: Range;
  /** String index of the token's first character (after any byte order mark). */
  readonly start: number;
  /** String index just past the token. */
  readonly end: number;
}
