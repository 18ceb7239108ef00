// JSON values as HCL reads `.tfvars.json`: objects to objects, arrays to tuples, numbers exact,
// strings literal (no templates: HCL evaluates JSON variable values without a context).
import {
  boolVal,
  CtyError,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  t,
  tupleVal,
  type Value,
} from "@tofukit/cty";
import { type Diagnostic, errorDiag, formatRange, hasErrors } from "./diagnostic.js";
import { HCLError } from "./errors.js";
import { MAX_NESTING_DEPTH } from "./parser.js";
import type { Pos, Range } from "./pos.js";

export interface JSONValueParse {
  /** The value; null where the text is not valid JSON. */
  readonly value: Value | null;
  readonly diagnostics: readonly Diagnostic[];
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;

class JSONReader {
  private i = 0;
  private line = 1;
  private column = 1;
  private byte = 0;
  private depth = 0;
  readonly diags: Diagnostic[] = [];

  constructor(
    private readonly src: string,
    private readonly filename: string,
  ) {
    if (src.charCodeAt(0) === 0xfeff) {
      this.i = 1;
      this.byte = 3;
    }
  }

  private pos(): Pos {
    return { line: this.line, column: this.column, byte: this.byte };
  }

  /** Moves forward to index `to`, keeping line, column and byte in step. */
  private advance(to: number): void {
    const src = this.src;
    while (this.i < to) {
      const c = src.charCodeAt(this.i);
      if (c === 10) {
        this.line++;
        this.column = 1;
        this.byte++;
        this.i++;
        continue;
      }
      this.column++;
      if (c < 0x80) this.byte++;
      else if (c < 0x800) this.byte += 2;
      else if (c >= 0xd800 && c <= 0xdbff && (src.charCodeAt(this.i + 1) & 0xfc00) === 0xdc00) {
        this.byte += 4;
        this.i++;
      } else this.byte += 3;
      this.i++;
    }
  }

  private skipSpace(): void {
    let j = this.i;
    const src = this.src;
    for (;;) {
      const c = src.charCodeAt(j);
      if (c === 32 || c === 9 || c === 10 || c === 13) j++;
      else break;
    }
    this.advance(j);
  }

  private rangeFrom(start: Pos): Range {
    return { filename: this.filename, start, end: this.pos() };
  }

  private fail(summary: string, detail: string, start?: Pos): null {
    const s = start ?? this.pos();
    const end = start === undefined ? { ...s, column: s.column + 1, byte: s.byte + 1 } : this.pos();
    this.diags.push(errorDiag(summary, detail, { filename: this.filename, start: s, end }));
    return null;
  }

  parseDocument(): Value | null {
    this.skipSpace();
    const v = this.parseValue();
    if (v === null) return null;
    this.skipSpace();
    if (this.i < this.src.length) {
      return this.fail("Extraneous data after value", "Extra characters appear after the JSON value.");
    }
    return v;
  }

  private parseValue(): Value | null {
    const c = this.src.charCodeAt(this.i);
    switch (c) {
      case 123:
        return this.nested(() => this.parseObject());
      case 91:
        return this.nested(() => this.parseArray());
      case 34: {
        const s = this.parseString();
        return s === null ? null : stringVal(s);
      }
      default:
        break;
    }
    if (c === 45 || (c >= 48 && c <= 57)) {
      NUMBER.lastIndex = this.i;
      const m = NUMBER.exec(this.src);
      if (m === null)
        return this.fail("Invalid JSON number", "There is a syntax error in the given JSON number.");
      const start = this.pos();
      this.advance(this.i + m[0].length);
      try {
        return numberVal(m[0]);
      } catch {
        return this.fail("Invalid JSON number", "There is a syntax error in the given JSON number.", start);
      }
    }
    const word = /[A-Za-z_][A-Za-z0-9_]*/y;
    word.lastIndex = this.i;
    const m = word.exec(this.src);
    if (m !== null) {
      const start = this.pos();
      this.advance(this.i + m[0].length);
      switch (m[0]) {
        case "true":
          return boolVal(true);
        case "false":
          return boolVal(false);
        case "null":
          return nullVal(t.dynamic);
        default:
          return this.fail(
            "Invalid JSON keyword",
            `The keyword ${JSON.stringify(m[0])} is not valid. Only "true", "false" and "null" are allowed as JSON keywords.`,
            start,
          );
      }
    }
    if (this.i >= this.src.length) {
      return this.fail(
        "Missing JSON value",
        "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
      );
    }
    return this.fail("Syntax error", "This character is not valid at the start of a JSON value.");
  }

  private nested(parse: () => Value | null): Value | null {
    if (++this.depth > MAX_NESTING_DEPTH) {
      this.fail(
        "Value too deeply nested",
        `JSON values may not be nested more than ${MAX_NESTING_DEPTH} levels deep.`,
      );
      this.i = this.src.length;
      return null;
    }
    const v = parse();
    this.depth--;
    return v;
  }

  private parseObject(): Value | null {
    const open = this.pos();
    this.advance(this.i + 1);
    const attrs = new Map<string, Value>();
    const ranges = new Map<string, Range>();
    this.skipSpace();
    if (this.src.charCodeAt(this.i) === 125) {
      this.advance(this.i + 1);
      return objectVal(attrs);
    }
    for (;;) {
      this.skipSpace();
      if (this.src.charCodeAt(this.i) !== 34) {
        if (this.i >= this.src.length) return this.unclosed("object", open);
        return this.fail("Invalid object property name", "A JSON object property name must be a string.");
      }
      const keyStart = this.pos();
      const key = this.parseString();
      if (key === null) return null;
      const keyRange = this.rangeFrom(keyStart);
      this.skipSpace();
      if (this.src.charCodeAt(this.i) !== 58) {
        return this.fail(
          "Missing property value colon",
          "JSON uses a colon as its name/value delimiter, not an equals sign.",
        );
      }
      this.advance(this.i + 1);
      this.skipSpace();
      const v = this.parseValue();
      if (v === null) return null;
      const prev = ranges.get(key);
      if (prev !== undefined) {
        this.diags.push(
          errorDiag(
            "Duplicate object attribute",
            `An attribute named ${JSON.stringify(key)} was already defined at ${formatRange(prev)}.`,
            keyRange,
          ),
        );
      } else {
        ranges.set(key, keyRange);
        attrs.set(key, v);
      }
      this.skipSpace();
      const c = this.src.charCodeAt(this.i);
      if (c === 44) {
        this.advance(this.i + 1);
        this.skipSpace();
        if (this.src.charCodeAt(this.i) === 125) {
          return this.fail(
            "Trailing comma in object",
            "JSON does not permit a trailing comma after the final property in an object.",
          );
        }
        continue;
      }
      if (c === 125) {
        this.advance(this.i + 1);
        return objectVal(attrs);
      }
      if (this.i >= this.src.length) return this.unclosed("object", open);
      return this.fail(
        "Missing attribute seperator comma",
        "A comma must appear between each property definition in an object.",
      );
    }
  }

  private parseArray(): Value | null {
    const open = this.pos();
    this.advance(this.i + 1);
    const elems: Value[] = [];
    this.skipSpace();
    if (this.src.charCodeAt(this.i) === 93) {
      this.advance(this.i + 1);
      return tupleVal(elems);
    }
    for (;;) {
      this.skipSpace();
      if (this.i >= this.src.length) return this.unclosed("array", open);
      const v = this.parseValue();
      if (v === null) return null;
      elems.push(v);
      this.skipSpace();
      const c = this.src.charCodeAt(this.i);
      if (c === 44) {
        this.advance(this.i + 1);
        this.skipSpace();
        if (this.src.charCodeAt(this.i) === 93) {
          return this.fail(
            "Trailing comma in array",
            "JSON does not permit a trailing comma after the final value in an array.",
          );
        }
        continue;
      }
      if (c === 93) {
        this.advance(this.i + 1);
        return tupleVal(elems);
      }
      if (this.i >= this.src.length) return this.unclosed("array", open);
      return this.fail(
        "Missing array element separator comma",
        "A comma must appear between each value in an array.",
      );
    }
  }

  private unclosed(what: "object" | "array", open: Pos): null {
    this.diags.push(
      errorDiag(
        `Unclosed JSON ${what}`,
        `No closing ${what === "object" ? "brace" : "bracket"} was found for this JSON ${what}.`,
        {
          filename: this.filename,
          start: open,
          end: { ...open, column: open.column + 1, byte: open.byte + 1 },
        },
      ),
    );
    return null;
  }

  private parseString(): string | null {
    const start = this.pos();
    const src = this.src;
    let j = this.i + 1;
    for (;;) {
      if (j >= src.length) {
        this.advance(j);
        return this.fail(
          "Unterminated string literal",
          "Unable to find the closing quote mark before the end of the file.",
          start,
        );
      }
      const c = src.charCodeAt(j);
      if (c === 34) break;
      if (c === 92) j += 2;
      else if (c < 0x20) {
        this.advance(j);
        return this.fail("Invalid JSON string", "Control characters must be escaped in JSON strings.");
      } else j++;
    }
    const text = src.slice(this.i, j + 1);
    this.advance(j + 1);
    try {
      return JSON.parse(text) as string;
    } catch {
      return this.fail("Invalid JSON string", "There is a syntax error in the given JSON string.", start);
    }
  }
}

/** Parses a JSON document into a cty value the way HCL reads a `.tfvars.json` file. */
export function parseJSONValue(src: string, filename = "<json>"): JSONValueParse {
  const reader = new JSONReader(src, filename);
  let value: Value | null;
  try {
    value = reader.parseDocument();
  } catch (e) {
    // cty refuses values nested deeper than its limit.
    if (!(e instanceof CtyError)) throw e;
    const at = { line: 1, column: 1, byte: 0 };
    reader.diags.push(
      errorDiag("Value too deeply nested", `This value cannot be represented: ${e.message}.`, {
        filename,
        start: at,
        end: at,
      }),
    );
    value = null;
  }
  return { value: hasErrors(reader.diags) ? null : value, diagnostics: reader.diags };
}

/** Like parseJSONValue, but throws HCLError (TOFUKIT_HCL_SYNTAX) when the text is not valid JSON. */
export function jsonValue(src: string, filename = "<json>"): Value {
  const { value, diagnostics } = parseJSONValue(src, filename);
  if (value === null) throw new HCLError("TOFUKIT_HCL_SYNTAX", diagnostics);
  return value;
}
