// JSON values as HCL reads `.tfvars.json`: objects to objects, arrays to tuples, numbers exact,
// strings literal (no templates: HCL evaluates JSON variable values without a context).

import {
  boolVal,
  CtyError,
  nullVal,
  numberVal,
  stringVal,
  type TupleType,
  t,
  tupleVal,
  type Value,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { type Diagnostic, errorDiag, formatRange, hasErrors } from "./diagnostic.js";
import { HCLError } from "./errors.js";
import { parseJSONNode } from "./json-node.js";
import { ObjectValues, sortAttributes } from "./object-values.js";
import { MAX_NESTING_DEPTH } from "./parser.js";
import type { Pos, Range } from "./pos.js";
import { SourceIndex } from "./source-index.js";

export interface JSONValueOptions {
  /**
   * Called with each property of a root object as soon as the property is read; the root object
   * is built from what it returns instead. A caller that takes what it needs of each value (its
   * conversion, say) and returns a small stand-in lets every read value become garbage before
   * the next one is read. It is called for no other value, and not for a repeated property. When
   * the parse fails it may have been called for some properties, whose results then do not count.
   * `range` gives where the property's value is written (computed only when called).
   */
  readonly rootProperty?: (name: string, value: Value, range: () => Range) => Value;
}

export interface JSONValueParse {
  /** The value; null where the text is not valid JSON. */
  readonly value: Value | null;
  readonly diagnostics: readonly Diagnostic[];
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const KEYWORD = /[A-Za-z_][A-Za-z0-9_]*/y;

/** How many distinct number texts a parse remembers the values of. */
const MAX_CACHED_NUMBERS = 4096;
/** Up to this many properties, duplicates are found by scanning the object's keys. */
const SCAN_KEYS = 8;

/**
 * The reader moves by string index only; line, column and byte offset are looked up from a line
 * index, built the first time a diagnostic needs a position.
 */
class JSONReader {
  private i = 0;
  private depth = 0;
  readonly diags: Diagnostic[] = [];
  private readonly src: string;
  private readonly filename: string;
  /** 1 when the text starts with a byte order mark, which positions do not count as a column. */
  private readonly skip: number;
  private index: SourceIndex | undefined;
  /** Keys, their start indexes and values of the objects and arrays being read, innermost last. */
  private readonly keyStack: string[] = [];
  // The stacks' tops (the key stacks share one): the arrays keep their length, since
  // shortening an array is a call into the runtime, once per object otherwise.
  private keyTop = 0;
  private valueTop = 0;
  private readonly keyStartStack: number[] = [];
  private readonly valueStack: Value[] = [];
  private readonly objects = new ObjectValues();
  private tupleType: TupleType | undefined;
  private readonly numbers = new Map<string, Value>();

  private readonly rootProperty: JSONValueOptions["rootProperty"];

  constructor(src: string, filename: string, options: JSONValueOptions) {
    this.src = src;
    this.filename = filename;
    this.rootProperty = options.rootProperty;
    this.skip = src.charCodeAt(0) === 0xfeff ? 1 : 0;
    this.i = this.skip;
  }

  /** The position of string index `at` (the current index by default). */
  private pos(at = this.i): Pos {
    if (this.index === undefined) {
      // A byte order mark is three bytes of UTF-8 before the first column.
      this.index =
        this.skip === 1
          ? new SourceIndex(this.src.slice(1), this.filename, 3)
          : new SourceIndex(this.src, this.filename, 0);
    }
    return this.index.pos(at - this.skip);
  }

  private skipSpace(): void {
    let j = this.i;
    const src = this.src;
    for (;;) {
      const c = src.charCodeAt(j);
      if (c === 32 || c === 9 || c === 10 || c === 13) j++;
      else break;
    }
    this.i = j;
  }

  private rangeBetween(start: number, end: number): Range {
    return { filename: this.filename, start: this.pos(start), end: this.pos(end) };
  }

  /** An error one character wide at the current index, or from `start` to it. */
  private fail(summary: string, detail: string, start?: number): null {
    let range: Range;
    if (start === undefined) {
      const s = this.pos();
      range = { filename: this.filename, start: s, end: { ...s, column: s.column + 1, byte: s.byte + 1 } };
    } else range = this.rangeBetween(start, this.i);
    this.diags.push(errorDiag(summary, detail, range));
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
    const src = this.src;
    const c = src.charCodeAt(this.i);
    switch (c) {
      case 123:
        return this.nested(true);
      case 91:
        return this.nested(false);
      case 34: {
        const s = this.parseString();
        return s === null ? null : stringVal(s);
      }
      default:
        break;
    }
    if (c === 45 || (c >= 48 && c <= 57)) {
      NUMBER.lastIndex = this.i;
      const m = NUMBER.exec(src);
      if (m === null)
        return this.fail("Invalid JSON number", "There is a syntax error in the given JSON number.");
      const start = this.i;
      const text = m[0];
      this.i += text.length;
      let value = this.numbers.get(text);
      if (value === undefined) {
        try {
          value = numberVal(text);
        } catch {
          return this.fail("Invalid JSON number", "There is a syntax error in the given JSON number.", start);
        }
        if (this.numbers.size < MAX_CACHED_NUMBERS) this.numbers.set(text, value);
      }
      return value;
    }
    KEYWORD.lastIndex = this.i;
    const m = KEYWORD.exec(src);
    if (m !== null) {
      const start = this.i;
      this.i += m[0].length;
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
            `The keyword ${goQuote(m[0])} is not valid. Only "true", "false" and "null" are allowed as JSON keywords.`,
            start,
          );
      }
    }
    if (this.i >= src.length) {
      return this.fail(
        "Missing JSON value",
        "A JSON value must start with a brace, a bracket, a number, a string, or a keyword.",
      );
    }
    return this.fail("Syntax error", "This character is not valid at the start of a JSON value.");
  }

  private nested(object: boolean): Value | null {
    if (++this.depth > MAX_NESTING_DEPTH) {
      this.fail(
        "Value too deeply nested",
        `JSON values may not be nested more than ${MAX_NESTING_DEPTH} levels deep.`,
      );
      this.i = this.src.length;
      return null;
    }
    const v = object ? this.parseObject() : this.parseArray();
    this.depth--;
    return v;
  }

  private parseObject(): Value | null {
    const keys = this.keyStack;
    const values = this.valueStack;
    const keysBase = this.keyTop;
    const valuesBase = this.valueTop;
    const v = this.parseObjectItems(keysBase);
    const value = v
      ? this.objectValue(keys.slice(keysBase, this.keyTop), values.slice(valuesBase, this.valueTop))
      : null;
    this.keyTop = keysBase;
    this.valueTop = valuesBase;
    return value;
  }

  /** Reads the properties onto the stacks above `base`; false after a syntax error. */
  private parseObjectItems(base: number): boolean {
    const src = this.src;
    const open = this.i;
    this.i++;
    this.skipSpace();
    if (src.charCodeAt(this.i) === 125) {
      this.i++;
      return true;
    }
    // Properties by name, once an object has too many to scan.
    let seen: Map<string, number> | undefined;
    for (;;) {
      this.skipSpace();
      if (src.charCodeAt(this.i) !== 34) {
        if (this.i >= src.length) return this.unclosed("object", open) ?? false;
        return (
          this.fail("Invalid object property name", "A JSON object property name must be a string.") ?? false
        );
      }
      const keyStart = this.i;
      const key = this.parseString();
      if (key === null) return false;
      const keyEnd = this.i;
      this.skipSpace();
      if (src.charCodeAt(this.i) !== 58) {
        return (
          this.fail(
            "Missing property value colon",
            "JSON uses a colon as its name/value delimiter, not an equals sign.",
          ) ?? false
        );
      }
      this.i++;
      this.skipSpace();
      // The value goes on the stacks before this property's key, above any nested ones.
      const valueStart = this.i;
      const v = this.parseValue();
      const valueEnd = this.i;
      if (v === null) return false;
      const keys = this.keyStack;
      const top = this.keyTop;
      let prev = -1;
      if (seen === undefined) {
        for (let k = base; k < top; k++) {
          if (keys[k] === key) {
            prev = k;
            break;
          }
        }
        if (top - base >= SCAN_KEYS) {
          seen = new Map();
          for (let k = base; k < top; k++) if (!seen.has(keys[k] as string)) seen.set(keys[k] as string, k);
        }
      } else prev = seen.get(key) ?? -1;
      if (prev >= 0) {
        const first = this.keyStartStack[prev] as number;
        const firstEnd = first + this.stringLength(first);
        this.diags.push(
          errorDiag(
            "Duplicate object attribute",
            `An attribute named ${goQuote(key)} was already defined at ${formatRange(this.rangeBetween(first, firstEnd))}.`,
            this.rangeBetween(keyStart, keyEnd),
          ),
        );
      } else {
        seen?.set(key, top);
        keys[top] = key;
        this.keyStartStack[top] = keyStart;
        this.keyTop = top + 1;
        // Depth 1 is the root object's own properties.
        this.valueStack[this.valueTop++] =
          this.depth === 1 && this.rootProperty !== undefined
            ? this.rootProperty(key, v, () => this.rangeBetween(valueStart, valueEnd))
            : v;
      }
      this.skipSpace();
      const c = src.charCodeAt(this.i);
      if (c === 44) {
        this.i++;
        this.skipSpace();
        if (src.charCodeAt(this.i) === 125) {
          return (
            this.fail(
              "Trailing comma in object",
              "JSON does not permit a trailing comma after the final property in an object.",
            ) ?? false
          );
        }
        continue;
      }
      if (c === 125) {
        this.i++;
        return true;
      }
      if (this.i >= src.length) return this.unclosed("object", open) ?? false;
      return (
        this.fail(
          "Missing attribute seperator comma",
          "A comma must appear between each property definition in an object.",
        ) ?? false
      );
    }
  }

  /** Length of the string literal starting at `start` (its closing quote included). */
  private stringLength(start: number): number {
    const src = this.src;
    let j = start + 1;
    for (;;) {
      const c = src.charCodeAt(j);
      if (c === 34) return j + 1 - start;
      j += c === 92 ? 2 : 1;
    }
  }

  /** An object value from properties in source order, sorted into cty's attribute order. */
  private objectValue(keys: string[], values: Value[]): Value {
    sortAttributes(keys, values);
    return this.objects.build(keys, values);
  }

  private parseArray(): Value | null {
    const stack = this.valueStack;
    const base = this.valueTop;
    const ok = this.parseArrayItems();
    let value: Value | null = null;
    if (ok) {
      value = tupleVal(stack.slice(base, this.valueTop), this.tupleType);
      this.tupleType = value.type as TupleType;
    }
    this.valueTop = base;
    return value;
  }

  private parseArrayItems(): boolean {
    const src = this.src;
    const open = this.i;
    this.i++;
    this.skipSpace();
    if (src.charCodeAt(this.i) === 93) {
      this.i++;
      return true;
    }
    for (;;) {
      this.skipSpace();
      if (this.i >= src.length) return this.unclosed("array", open) ?? false;
      const v = this.parseValue();
      if (v === null) return false;
      this.valueStack[this.valueTop++] = v;
      this.skipSpace();
      const c = src.charCodeAt(this.i);
      if (c === 44) {
        this.i++;
        this.skipSpace();
        if (src.charCodeAt(this.i) === 93) {
          return (
            this.fail(
              "Trailing comma in array",
              "JSON does not permit a trailing comma after the final value in an array.",
            ) ?? false
          );
        }
        continue;
      }
      if (c === 93) {
        this.i++;
        return true;
      }
      if (this.i >= src.length) return this.unclosed("array", open) ?? false;
      return (
        this.fail(
          "Missing array element separator comma",
          "A comma must appear between each value in an array.",
        ) ?? false
      );
    }
  }

  private unclosed(what: "object" | "array", openAt: number): null {
    const open = this.pos(openAt);
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
    const start = this.i;
    const src = this.src;
    let j = this.i + 1;
    let escapes = false;
    for (;;) {
      if (j >= src.length) {
        this.i = j;
        return this.fail(
          "Unterminated string literal",
          "Unable to find the closing quote mark before the end of the file.",
          start,
        );
      }
      const c = src.charCodeAt(j);
      if (c === 34) break;
      if (c === 92) {
        escapes = true;
        j += 2;
      } else if (c < 0x20) {
        this.i = j;
        return this.fail("Invalid JSON string", "Control characters must be escaped in JSON strings.");
      } else j++;
    }
    this.i = j + 1;
    // Without escapes the text between the quotes is the string itself.
    if (!escapes) return src.slice(start + 1, j);
    try {
      return JSON.parse(src.slice(start, j + 1)) as string;
    } catch {
      return this.fail("Invalid JSON string", "There is a syntax error in the given JSON string.", start);
    }
  }
}

/** Parses a JSON document into a cty value the way HCL reads a `.tfvars.json` file. */
export function parseJSONValue(
  src: string,
  filename = "<json>",
  options: JSONValueOptions = {},
): JSONValueParse {
  const reader = new JSONReader(src, filename, options);
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
  if (value === null && hasErrors(reader.diags)) {
    // The texts and places of syntax errors are those of HCL's JSON parser, as for `.tf.json`.
    const syntax = parseJSONNode(src, filename).diagnostics;
    if (hasErrors(syntax)) return { value: null, diagnostics: syntax };
  }
  return { value: hasErrors(reader.diags) ? null : value, diagnostics: reader.diags };
}

/** Like parseJSONValue, but throws HCLError (TOFUKIT_HCL_SYNTAX) when the text is not valid JSON. */
export function jsonValue(src: string, filename = "<json>"): Value {
  const { value, diagnostics } = parseJSONValue(src, filename);
  if (value === null) throw new HCLError("TOFUKIT_HCL_SYNTAX", diagnostics);
  return value;
}
