// HCL's JSON syntax as its parser reads it: tokens, then values with the range of every token,
// and hcl's own diagnostics for malformed JSON (same summaries, details and subjects, typos
// included). `.tf.json` bodies are read from these nodes, and `.tfvars.json` values take their
// syntax errors from here, so one malformed text reads alike in either file.
import { goQuote } from "@tofukit/gostd";
import { type Diagnostic, errorDiag } from "./diagnostic.js";
import { nameSuggestion } from "./name-suggestion.js";
import { MAX_NESTING_DEPTH } from "./parser.js";
import type { Range } from "./pos.js";
import { SourceIndex } from "./source-index.js";

/** A JSON value with where it is written. */
export type JSONNode =
  | {
      readonly kind: "object";
      readonly properties: readonly JSONProperty[];
      readonly range: Range;
      readonly openRange: Range;
      readonly closeRange: Range;
    }
  | {
      readonly kind: "array";
      readonly values: readonly JSONNode[];
      readonly range: Range;
      readonly openRange: Range;
    }
  | { readonly kind: "string"; readonly value: string; readonly range: Range }
  | { readonly kind: "number"; readonly text: string; readonly range: Range }
  | { readonly kind: "bool"; readonly value: boolean; readonly range: Range }
  | { readonly kind: "null"; readonly range: Range }
  /** What a malformed value is read as (the parse then has errors). */
  | { readonly kind: "invalid"; readonly range: Range };

/** One `"name": value` of an object, repeated names kept (a body may repeat a block type). */
export interface JSONProperty {
  readonly name: string;
  readonly nameRange: Range;
  readonly value: JSONNode;
}

export interface JSONNodeParse {
  readonly node: JSONNode;
  readonly diagnostics: readonly Diagnostic[];
}

/** Where a node starts, as hcl/json's StartRange: an object's or array's opening delimiter. */
export function jsonNodeStartRange(node: JSONNode): Range {
  return node.kind === "object" || node.kind === "array" ? node.openRange : node.range;
}

type TokenType =
  | "{"
  | "}"
  | "["
  | "]"
  | ","
  | ":"
  | "="
  | "string"
  | "number"
  | "keyword"
  | "invalid"
  | "eof";

interface Token {
  readonly type: TokenType;
  readonly start: number;
  readonly end: number;
}

const PUNCTUATION = new Set(["{", "}", "[", "]", ",", ":", "="]);
const NUMBER_CHAR = /[-+.eE0-9]/y;
const GO_JSON_NUMBER = /^-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?$/;

function isAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** hcl/json's scanner: after an invalid character it stops, with end of file next. */
function scan(src: string, from: number): Token[] {
  const tokens: Token[] = [];
  let i = from;
  for (;;) {
    for (;;) {
      const c = src.charCodeAt(i);
      if (c === 32 || c === 10 || c === 13 || c === 9) i++;
      else break;
    }
    if (i >= src.length) {
      tokens.push({ type: "eof", start: i, end: i });
      return tokens;
    }
    const start = i;
    const ch = src[i] as string;
    const c = src.charCodeAt(i);
    if (PUNCTUATION.has(ch)) {
      tokens.push({ type: ch as TokenType, start, end: ++i });
    } else if (c === 34) {
      i++;
      let escaping = false;
      while (i < src.length) {
        const b = src.charCodeAt(i);
        if (b === 92) {
          escaping = !escaping;
          i++;
        } else if (b === 34) {
          i++;
          if (!escaping) break;
          escaping = false;
        } else if (b < 32) break;
        else {
          i++;
          escaping = false;
        }
      }
      tokens.push({ type: "string", start, end: i });
    } else if (c === 45 || c === 43 || c === 46 || (c >= 48 && c <= 57)) {
      for (NUMBER_CHAR.lastIndex = i; NUMBER_CHAR.test(src); NUMBER_CHAR.lastIndex = i) i++;
      tokens.push({ type: "number", start, end: i });
    } else if (isAlpha(c)) {
      while (i < src.length && (isAlpha(src.charCodeAt(i)) || src.charCodeAt(i) === 95)) i++;
      tokens.push({ type: "keyword", start, end: i });
    } else {
      const width = c >= 0xd800 && c < 0xdc00 && i + 1 < src.length ? 2 : 1;
      tokens.push({ type: "invalid", start, end: i + width });
      tokens.push({ type: "eof", start: i + width, end: i + width });
      return tokens;
    }
  }
}

/** Go's encoding/json reading a string token: the string, or the offset its error is reported at. */
function unquote(text: string): string | { offset: number } {
  // The scanner ends a token at a control character, so only escapes and the end can be wrong.
  let j = 1;
  while (j < text.length) {
    const c = text.charCodeAt(j);
    if (c === 34) break;
    if (c === 92) {
      const e = text[j + 1];
      if (e === undefined) return { offset: utf8Length(text) };
      if (e === "u") {
        for (let k = 2; k < 6; k++) {
          const h = text[j + k];
          if (h === undefined) return { offset: utf8Length(text) };
          if (!/[0-9a-fA-F]/.test(h)) return { offset: utf8Length(text.slice(0, j + k + 1)) };
        }
        j += 6;
        continue;
      }
      if (!'"\\/bfnrt'.includes(e)) return { offset: utf8Length(text.slice(0, j + 2)) };
      j += 2;
      continue;
    }
    j++;
  }
  if (j >= text.length) return { offset: utf8Length(text) };
  const parsed = JSON.parse(text) as string;
  // Go decodes a lone surrogate escape as the replacement character.
  return parsed.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, "\ufffd");
}

function utf8Length(s: string): number {
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    // A surrogate pair is four bytes, two per half.
    n += c < 0x80 ? 1 : c < 0x800 || (c >= 0xd800 && c < 0xe000) ? 2 : 3;
  }
  return n;
}

class NodeParser {
  private p = 0;
  private depth = 0;
  private readonly tokens: Token[];
  private readonly index: SourceIndex;
  readonly diags: Diagnostic[] = [];

  constructor(
    private readonly src: string,
    private readonly filename: string,
  ) {
    // A byte order mark is three bytes of UTF-8 before the first column.
    const skip = src.charCodeAt(0) === 0xfeff ? 1 : 0;
    this.skip = skip;
    this.tokens = scan(src, skip);
    this.index = new SourceIndex(skip === 1 ? src.slice(1) : src, filename, skip * 3);
  }

  private readonly skip: number;

  private span(start: number, end: number): Range {
    return this.index.range(start - this.skip, end - this.skip);
  }

  private peek(): Token {
    return this.tokens[this.p] as Token;
  }

  private read(): Token {
    const tok = this.tokens[this.p] as Token;
    if (tok.type !== "eof") this.p++;
    return tok;
  }

  range(tok: { start: number; end: number }): Range {
    return this.span(tok.start, tok.end);
  }

  private fail(summary: string, detail: string, subject: Range, context?: Range): null {
    this.diags.push(errorDiag(summary, detail, subject, context));
    return null;
  }

  parseDocument(): JSONNode {
    const first = this.peek();
    const node = this.parseValue();
    if (this.diags.length === 0 && this.peek().type !== "eof") {
      this.fail(
        "Extraneous data after value",
        "Extra characters appear after the JSON value.",
        this.range(this.peek()),
      );
    }
    return node ?? { kind: "invalid", range: this.range(first) };
  }

  private parseValue(): JSONNode | null {
    const tok = this.peek();
    const at = this.range(tok);
    let node: JSONNode | null;
    switch (tok.type) {
      case "{":
      case "[":
        if (this.depth >= MAX_NESTING_DEPTH) {
          this.p = this.tokens.length - 1;
          return this.fail(
            "Value too deeply nested",
            `JSON values may not be nested more than ${MAX_NESTING_DEPTH} levels deep.`,
            at,
          );
        }
        this.depth++;
        node = tok.type === "{" ? this.parseObject() : this.parseArray();
        this.depth--;
        return node;
      case "number":
        return this.parseNumber();
      case "string":
        return this.parseString();
      case "keyword":
        return this.parseKeyword();
      case "}":
        return this.fail(
          "Missing JSON value",
          "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
          at,
        );
      case "]":
        return this.fail(
          "Missing array element value",
          "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
          at,
        );
      case "eof":
        return this.fail("Missing value", "The JSON data ends prematurely.", at);
      default:
        return this.fail(
          "Invalid start of value",
          "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
          at,
        );
    }
  }

  /** Skips to what seems the end of the current object or array, as hcl/json recovers. */
  private recover(tok: Token, open: TokenType, close: TokenType): void {
    let depth = 1;
    for (;;) {
      if (tok.type === open) depth++;
      else if (tok.type === close) {
        depth--;
        if (depth <= 1) return;
      } else if (tok.type === "eof") return;
      tok = this.read();
    }
  }

  private parseObject(): JSONNode | null {
    const open = this.read();
    const properties: JSONProperty[] = [];
    for (;;) {
      if (this.peek().type === "}") break;
      const key = this.parseValue();
      if (key === null) return null;
      if (key.kind !== "string") {
        return this.fail(
          "Invalid object property name",
          "A JSON object property name must be a string",
          jsonNodeStartRange(key),
        );
      }
      const colon = this.read();
      if (colon.type !== ":") {
        this.recover(colon, "{", "}");
        if (colon.type === "}" || colon.type === ",") {
          return this.fail(
            "Missing object value",
            "A JSON object attribute must have a value, introduced by a colon.",
            this.range(colon),
          );
        }
        if (colon.type === "=") {
          return this.fail(
            "Missing property value colon",
            "JSON uses a colon as its name/value delimiter, not an equals sign.",
            this.range(colon),
          );
        }
        return this.fail(
          "Missing property value colon",
          "A colon must appear between an object property's name and its value.",
          this.range(colon),
        );
      }
      const value = this.parseValue();
      if (value === null) return null;
      properties.push({ name: key.value, nameRange: key.range, value });
      const next = this.peek();
      if (next.type === ",") {
        const comma = this.read();
        if (this.peek().type === "}") {
          return this.fail(
            "Trailing comma in object",
            "JSON does not permit a trailing comma after the final property in an object.",
            this.range(comma),
          );
        }
        continue;
      }
      if (next.type === "eof") {
        return this.fail(
          "Unclosed object",
          "No closing brace was found for this JSON object.",
          this.range(open),
        );
      }
      if (next.type === "]") {
        this.read();
        return this.fail(
          "Mismatched braces",
          "A JSON object must be closed with a brace, not a bracket.",
          this.range(this.peek()),
        );
      }
      if (next.type === "}") break;
      this.recover(this.read(), "{", "}");
      return this.fail(
        "Missing attribute seperator comma",
        "A comma must appear between each property definition in an object.",
        this.range(this.peek()),
      );
    }
    const close = this.read();
    return {
      kind: "object",
      properties,
      range: this.span(open.start, close.end),
      openRange: this.range(open),
      closeRange: this.range(close),
    };
  }

  private parseArray(): JSONNode | null {
    const open = this.read();
    const values: JSONNode[] = [];
    for (;;) {
      if (this.peek().type === "]") break;
      const value = this.parseValue();
      if (value === null) return null;
      values.push(value);
      const next = this.peek();
      if (next.type === ",") {
        const comma = this.read();
        if (this.peek().type === "]") {
          return this.fail(
            "Trailing comma in array",
            "JSON does not permit a trailing comma after the final value in an array.",
            this.range(comma),
          );
        }
        continue;
      }
      if (next.type === "]") break;
      if (next.type === "eof") {
        // hcl/json gives an unclosed array the summary of an unclosed object.
        return this.fail(
          "Unclosed object",
          "No closing bracket was found for this JSON array.",
          this.range(open),
        );
      }
      this.recover(this.read(), "[", "]");
      if (next.type === ":") {
        return this.fail(
          "Invalid array value",
          "A colon is not used to introduce values in a JSON array.",
          this.range(this.peek()),
        );
      }
      if (next.type === "}") {
        return this.fail(
          "Mismatched brackets",
          "A JSON array must be closed with a bracket, not a brace.",
          this.range(this.peek()),
        );
      }
      return this.fail(
        "Missing attribute seperator comma",
        "A comma must appear between each value in an array.",
        this.range(this.peek()),
      );
    }
    const close = this.read();
    return {
      kind: "array",
      values,
      range: this.span(open.start, close.end),
      openRange: this.range(open),
    };
  }

  private parseNumber(): JSONNode | null {
    const tok = this.read();
    const text = this.src.slice(tok.start, tok.end);
    if (!GO_JSON_NUMBER.test(text)) {
      return this.fail(
        "Invalid JSON number",
        "There is a syntax error in the given JSON number.",
        this.range(tok),
      );
    }
    return { kind: "number", text, range: this.range(tok) };
  }

  private parseString(): JSONNode | null {
    const tok = this.read();
    const range = this.range(tok);
    const value = unquote(this.src.slice(tok.start, tok.end));
    if (typeof value !== "string") {
      // As hcl/json: one byte and column past where Go's decoder stopped, counted from the token.
      const start = {
        line: range.start.line,
        column: range.start.column + value.offset,
        byte: range.start.byte + value.offset,
      };
      const subject: Range = {
        filename: this.filename,
        start,
        end: { line: start.line, column: start.column + 1, byte: start.byte + 1 },
      };
      const same =
        subject.start.byte === range.start.byte &&
        subject.end.byte === range.end.byte &&
        subject.end.column === range.end.column;
      return this.fail(
        "Invalid JSON string",
        "There is a syntax error in the given JSON string.",
        subject,
        same ? undefined : range,
      );
    }
    return { kind: "string", value, range };
  }

  private parseKeyword(): JSONNode | null {
    const tok = this.read();
    const range = this.range(tok);
    const s = this.src.slice(tok.start, tok.end);
    switch (s) {
      case "true":
        return { kind: "bool", value: true, range };
      case "false":
        return { kind: "bool", value: false, range };
      case "null":
        return { kind: "null", range };
      case "undefined":
      case "NaN":
      case "Infinity":
        return this.fail(
          "Invalid JSON keyword",
          `The JavaScript identifier ${goQuote(s)} cannot be used in JSON.`,
          range,
        );
      default: {
        const suggestion = nameSuggestion(s, ["false", "null", "true"]);
        return this.fail(
          "Invalid JSON keyword",
          `${goQuote(s)} is not a valid JSON keyword.${suggestion === "" ? "" : ` Did you mean ${goQuote(suggestion)}?`}`,
          range,
        );
      }
    }
  }
}

/**
 * Parses JSON text as HCL's JSON syntax does, into a node with the range of every value. On a
 * syntax error the node is (or holds) `invalid`, and the diagnostics are hcl/json's.
 */
export function parseJSONNode(src: string, filename = "<json>"): JSONNodeParse {
  const parser = new NodeParser(src, filename);
  const node = parser.parseDocument();
  return { node, diagnostics: parser.diags };
}
