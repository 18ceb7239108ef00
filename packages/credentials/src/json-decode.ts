// JSON as Go's encoding/json reads it: exact numbers, last duplicate key wins, Go's error texts
// (the scanner of @tofukit/gostd explains a failure).
import { type GoJsonKind, goJsonSyntaxError, toGoString } from "@tofukit/gostd";
// The credentials file keeps unrelated numbers digit for digit (Go decodes with UseNumber), and a
// helper's malformed output is reported with the message OpenTofu prints.

/** A JSON number kept as its source text, so that no digit is lost on a rewrite. */
export class JsonNumber {
  constructor(readonly text: string) {}
}

/** A decoded JSON value; objects are Maps (no prototype keys), numbers exact. */
export type JsonValue = null | boolean | string | JsonNumber | JsonValue[] | JsonObject;
export type JsonObject = Map<string, JsonValue>;

/** A syntax error with Go's text (`invalid character 'x' looking for beginning of value`). */
export class JsonSyntaxError extends Error {
  override name = "JsonSyntaxError";
}

/**
 * How much of the text is read. `"whole"` is `json.Unmarshal`: anything after the value is an error.
 * `"first"` is `json.Decoder.Decode`: the first value is read and the rest ignored, as OpenTofu does
 * when it rewrites credentials.tfrc.json (trailing garbage is silently dropped).
 */
type JsonDecodeMode = "whole" | "first";

// Deeper than this the recursive parser would run out of stack; Go allows GO_JSON_MAX_DEPTH.
const maxDepth = 1000;

/** Decodes JSON text; throws {@link JsonSyntaxError} with Go's message. */
export function decodeJson(text: string, mode: JsonDecodeMode = "whole"): JsonValue {
  const parser = new Parser(text, mode);
  parser.skipSpace();
  if (parser.pos >= text.length) parser.fail();
  const value = parser.value(0);
  if (mode === "whole") {
    parser.skipSpace();
    if (parser.pos < text.length) parser.fail();
  }
  return value;
}

/** Go's `cannot unmarshal` kind name for a decoded value. */
export function goKindOf(value: JsonValue): GoJsonKind {
  if (value === null) return "null";
  if (typeof value === "boolean") return "bool";
  if (typeof value === "string") return "string";
  if (value instanceof JsonNumber) return "number";
  if (Array.isArray(value)) return "array";
  return "object";
}

class Parser {
  pos = 0;

  constructor(
    readonly text: string,
    readonly mode: JsonDecodeMode,
  ) {}

  skipSpace(): void {
    const { text } = this;
    while (this.pos < text.length) {
      const c = text.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.pos++;
    }
  }

  /** Throws Go's error for the text; the parser only finds that it fails, the scanner says why. */
  fail(): never {
    throw new JsonSyntaxError(
      goJsonSyntaxError(this.text, this.mode === "whole" ? "unmarshal" : "decoder") ??
        `nested more than ${maxDepth} deep`,
    );
  }

  value(depth: number): JsonValue {
    if (depth > maxDepth) this.fail();
    this.skipSpace();
    const c = this.text[this.pos];
    switch (c) {
      case "{":
        return this.object(depth);
      case "[":
        return this.array(depth);
      case '"':
        return this.string();
      case "t":
        return this.literal("true", true);
      case "f":
        return this.literal("false", false);
      case "n":
        return this.literal("null", null);
      default:
        if (c === "-" || (c !== undefined && c >= "0" && c <= "9")) return this.number();
        return this.fail();
    }
  }

  object(depth: number): JsonObject {
    const result: JsonObject = new Map();
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === "}") {
      this.pos++;
      return result;
    }
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] !== '"') this.fail();
      const key = this.string();
      this.skipSpace();
      if (this.text[this.pos] !== ":") this.fail();
      this.pos++;
      result.set(key, this.value(depth + 1));
      this.skipSpace();
      const next = this.text[this.pos];
      this.pos++;
      if (next === "}") return result;
      if (next !== ",") {
        this.pos--;
        this.fail();
      }
    }
  }

  array(depth: number): JsonValue[] {
    const result: JsonValue[] = [];
    this.pos++;
    this.skipSpace();
    if (this.text[this.pos] === "]") {
      this.pos++;
      return result;
    }
    for (;;) {
      result.push(this.value(depth + 1));
      this.skipSpace();
      const next = this.text[this.pos];
      this.pos++;
      if (next === "]") return result;
      if (next !== ",") {
        this.pos--;
        this.fail();
      }
    }
  }

  string(): string {
    const { text } = this;
    this.pos++;
    let out = "";
    let start = this.pos;
    for (;;) {
      if (this.pos >= text.length) this.fail();
      const c = text.charCodeAt(this.pos);
      if (c === 0x22) {
        out += text.slice(start, this.pos);
        this.pos++;
        return toGoString(out);
      }
      if (c < 0x20) this.fail();
      if (c !== 0x5c) {
        this.pos++;
        continue;
      }
      out += text.slice(start, this.pos);
      this.pos++;
      const e = text[this.pos];
      const simple = e === undefined ? undefined : simpleEscapes[e];
      if (simple !== undefined) {
        out += simple;
        this.pos++;
      } else if (e === "u") {
        this.pos++;
        for (let i = 0; i < 4; i++) {
          if (!isHex(text.charCodeAt(this.pos + i))) {
            this.pos += i;
            this.fail();
          }
        }
        out += String.fromCharCode(Number.parseInt(text.slice(this.pos, this.pos + 4), 16));
        this.pos += 4;
      } else {
        this.fail();
      }
      start = this.pos;
    }
  }

  number(): JsonNumber {
    const { text } = this;
    const start = this.pos;
    if (text[this.pos] === "-") this.pos++;
    if (text[this.pos] === "0") this.pos++;
    else if (isDigit(text.charCodeAt(this.pos)) && text[this.pos] !== "0") this.digits();
    else this.fail();
    if (text[this.pos] === ".") {
      this.pos++;
      if (!isDigit(text.charCodeAt(this.pos))) this.fail();
      this.digits();
    }
    if (text[this.pos] === "e" || text[this.pos] === "E") {
      this.pos++;
      if (text[this.pos] === "+" || text[this.pos] === "-") this.pos++;
      if (!isDigit(text.charCodeAt(this.pos))) this.fail();
      this.digits();
    }
    return new JsonNumber(text.slice(start, this.pos));
  }

  digits(): void {
    while (isDigit(this.text.charCodeAt(this.pos))) this.pos++;
  }

  literal<T>(word: string, value: T): T {
    for (let i = 1; i < word.length; i++) {
      this.pos++;
      if (this.text[this.pos] !== word[i]) this.fail();
    }
    this.pos++;
    return value;
  }
}

const simpleEscapes: Readonly<Record<string, string>> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39;
}

function isHex(c: number): boolean {
  return isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66);
}
