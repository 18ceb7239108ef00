// A direct reader for the most common kind of variable definitions file: attributes whose values
// are literals (strings without template sequences, numbers, bools, null, and tuples and objects of
// those). It builds the values straight from the source text, with no tokens and no syntax tree,
// which makes a multi-megabyte .tfvars file several times cheaper to read than parseConfig and
// evaluateExpression together.
//
// It accepts only input on which the full parser and evaluator would report nothing, and gives up
// (returns null) on anything else, from a comment style it does not handle to a syntax error: the
// caller then takes the full path, which produces the values or the diagnostics. Where it returns
// values, they equal what the full path gives.
import {
  boolVal,
  nullVal,
  numberVal,
  stringVal,
  type TupleType,
  t,
  tupleVal,
  type Value,
} from "@tofukit/cty";
import type { Diagnostic } from "./diagnostic.js";
import { DirectReader, GIVE_UP, isIdentStart } from "./direct-reader.js";
import { ObjectValues, sortAttributes } from "./object-values.js";
import type { Range } from "./pos.js";
import { SourceIndex } from "./source-index.js";
import { unescapeLiteral } from "./string-literal.js";

/** One attribute of a literal-only file, with string indexes of its name and value in the source. */
export interface LiteralAttribute {
  readonly name: string;
  readonly value: Value;
  readonly nameStart: number;
  readonly nameEnd: number;
  readonly valueStart: number;
  readonly valueEnd: number;
}

/** A literal-only file's name, and source ranges in it. */
export interface LiteralFile {
  readonly filename: string;
  /** The source range between two string indexes (as the full parser would report it). */
  range(start: number, end: number): Range;
}

/** The attributes of a literal-only file, in source order. */
export interface LiteralAttributes extends LiteralFile {
  readonly attributes: readonly LiteralAttribute[];
}

/** How deeply tuples and objects may nest before the reader leaves the input to the full parser. */
const MAX_DEPTH = 64;

/** How many distinct number literals a read remembers. */
const MAX_CACHED_NUMBERS = 4096;

const LF = 10;
const CR = 13;

/** Ranges for escape diagnostics, which make the reader give up before anything reads them. */
const NO_RANGE: Range = {
  filename: "",
  start: { line: 1, column: 1, byte: 0 },
  end: { line: 1, column: 1, byte: 0 },
};

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

class LiteralReader extends DirectReader {
  private depth = 0;
  private readonly objects = new ObjectValues();
  private tupleType: TupleType | undefined;
  /** Elements and attributes of the tuples and objects being read, innermost last. */
  private readonly valueStack: Value[] = [];
  private readonly keyStack: string[] = [];
  // The stacks' tops: they are used up to these indexes, and keep their length (shortening an
  // array is a call into the runtime, once per object otherwise).
  private valueTop = 0;
  private keyTop = 0;
  /** Values of the number literals read so far: files repeat the same small numbers. */
  private numbers: Map<string, Value> | undefined;

  constructor(src: string) {
    super(src);
  }

  /** One value starting at `start`, and the index just past it. */
  readValueAt(start: number): { value: Value; end: number } {
    this.i = start;
    const value = this.value();
    return { value, end: this.i };
  }

  /**
   * The body: attributes, one per line, with blank lines and line comments between them. With
   * `each`, every attribute goes to it as soon as it is read, and none is kept.
   */
  readBody(each?: (attribute: LiteralAttribute) => void): LiteralAttribute[] {
    const src = this.src;
    const out: LiteralAttribute[] = [];
    const seen = new Set<string>();
    this.noByteOrderMark();
    for (;;) {
      this.skipLines();
      if (this.i >= this.n) return out;
      const nameStart = this.i;
      const name = this.ident();
      const nameEnd = this.i;
      // A repeated attribute is an error for the full parser.
      if (seen.has(name)) throw GIVE_UP;
      seen.add(name);
      // Attributes take `=` only; separator() takes `:` too.
      this.skipSpaces();
      if (src.charCodeAt(this.i) !== 61 /* = */) throw GIVE_UP;
      this.separator();
      const valueStart = this.i;
      const value = this.value();
      const valueEnd = this.i;
      const attribute = { name, value, nameStart, nameEnd, valueStart, valueEnd };
      if (each === undefined) out.push(attribute);
      else each(attribute);
      this.skipSpaces();
      if (this.i < this.n && !this.lineEnd()) throw GIVE_UP;
    }
  }

  private value(): Value {
    const src = this.src;
    const c = src.charCodeAt(this.i);
    if (c === 34 /* " */) return stringVal(this.quoted());
    if (isDigit(c)) return this.numberValue(false);
    if (c === 45 /* - */) {
      this.i++;
      if (!isDigit(src.charCodeAt(this.i))) throw GIVE_UP;
      return this.numberValue(true);
    }
    if (c === 91 /* [ */) return this.tuple();
    if (c === 123 /* { */) return this.object();
    if (isIdentStart(c)) {
      // Of the names, only the keywords are constants; others are variable references.
      switch (this.repeatedIdent()) {
        case "true":
          return boolVal(true);
        case "false":
          return boolVal(false);
        case "null":
          return nullVal(t.dynamic);
        default:
          throw GIVE_UP;
      }
    }
    throw GIVE_UP;
  }

  /** A number literal, negated for a leading minus as the evaluator applies unary minus. */
  private numberValue(negative: boolean): Value {
    const text = this.number();
    // Made on first use: a single value (an optional attribute's default) needs no cache.
    this.numbers ??= new Map();
    const cache = this.numbers;
    const key = negative ? `-${text}` : text;
    let value = cache.get(key);
    if (value === undefined) {
      value = numberVal(text);
      if (negative) value = numberVal(value.asNumber().neg());
      if (cache.size < MAX_CACHED_NUMBERS) cache.set(key, value);
    }
    return value;
  }

  /** A number literal's text: digits, an optional fraction and an optional exponent. */
  private number(): string {
    const src = this.src;
    const start = this.i;
    let j = start;
    while (isDigit(src.charCodeAt(j))) j++;
    if (src.charCodeAt(j) === 46 /* . */) {
      if (!isDigit(src.charCodeAt(j + 1))) throw GIVE_UP;
      j++;
      while (isDigit(src.charCodeAt(j))) j++;
    }
    const e = src.charCodeAt(j);
    if (e === 101 || e === 69) {
      let k = j + 1;
      const sign = src.charCodeAt(k);
      if (sign === 43 || sign === 45) k++;
      const digitsStart = k;
      while (isDigit(src.charCodeAt(k))) k++;
      // No exponent digits: the "e" starts a name. Very long exponents get a diagnostic.
      if (k === digitsStart || k - digitsStart > 9) throw GIVE_UP;
      j = k;
    }
    this.i = j;
    return src.slice(start, j);
  }

  /** A quoted string without template sequences, its escapes resolved. */
  private quoted(): string {
    const src = this.src;
    const start = this.i + 1;
    let j = start;
    let escapes = false;
    for (;;) {
      if (j >= this.n) throw GIVE_UP;
      const c = src.charCodeAt(j);
      if (c === 34) break;
      if (c === LF || c === CR) throw GIVE_UP;
      if (c === 92 /* \ */) {
        const e = src.charCodeAt(j + 1);
        if (j + 1 >= this.n || e === LF || e === CR) throw GIVE_UP;
        escapes = true;
        j += 2;
        continue;
      }
      // Template sequences, and the `$${` and `%%{` escapes of their introducers.
      if ((c === 36 || c === 37) && src.charCodeAt(j + 1) === 123) throw GIVE_UP;
      j++;
    }
    this.i = j + 1;
    const text = src.slice(start, j);
    if (!escapes) return text;
    const diags: Diagnostic[] = [];
    const value = unescapeLiteral(text, true, NO_RANGE, diags);
    if (diags.length > 0) throw GIVE_UP;
    return value;
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw GIVE_UP;
  }

  /** `[a, b, ...]`: newlines and line comments may appear anywhere between the brackets. */
  private tuple(): Value {
    this.enter();
    const src = this.src;
    this.i++;
    const stack = this.valueStack;
    const base = this.valueTop;
    this.skipLines();
    if (src.charCodeAt(this.i) !== 93 /* ] */) {
      for (;;) {
        const value = this.value();
        stack[this.valueTop++] = value;
        this.skipLines();
        const c = src.charCodeAt(this.i);
        if (c === 93) break;
        if (c !== 44 /* , */) throw GIVE_UP;
        this.i++;
        this.skipLines();
        if (src.charCodeAt(this.i) === 93) break;
      }
    }
    this.i++;
    this.depth--;
    const value = tupleVal(stack.slice(base, this.valueTop), this.tupleType);
    this.valueTop = base;
    this.tupleType = value.type as TupleType;
    return value;
  }

  /**
   * `{key = value, ...}`: items are separated by commas or line endings; keys are names or
   * quoted strings, followed by `=` or `:` on the same line.
   */
  private object(): Value {
    this.enter();
    const src = this.src;
    this.i++;
    // Items collect on the shared stacks and leave them as arrays of exactly their size.
    const keys = this.keyStack;
    const values = this.valueStack;
    const keysBase = this.keyTop;
    const valuesBase = this.valueTop;
    this.skipLines();
    while (src.charCodeAt(this.i) !== 125 /* } */) {
      const c = src.charCodeAt(this.i);
      let key: string;
      if (isIdentStart(c)) {
        key = this.repeatedIdent();
        // `{for ...` is a for expression, not an object with a key "for".
        if (key === "for" && this.keyTop === keysBase) throw GIVE_UP;
      } else if (c === 34) key = this.quoted().normalize("NFC");
      else throw GIVE_UP;
      this.separator();
      // The value first: nested tuples and objects use the stacks above this object's items.
      const value = this.value();
      keys[this.keyTop++] = key;
      values[this.valueTop++] = value;
      this.skipSpaces();
      const after = src.charCodeAt(this.i);
      if (after === 125) break;
      if (after === 44) this.i++;
      else if (!this.lineEnd()) throw GIVE_UP;
      this.skipLines();
    }
    this.i++;
    this.depth--;
    const value = this.objectValue(
      keys.slice(keysBase, this.keyTop),
      values.slice(valuesBase, this.valueTop),
    );
    this.keyTop = keysBase;
    this.valueTop = valuesBase;
    return value;
  }

  private objectValue(keys: string[], values: Value[]): Value {
    sortAttributes(keys, values);
    // The evaluator lets a repeated key's last value win; leave that rare case to it.
    for (let i = 1; i < keys.length; i++) if (keys[i] === keys[i - 1]) throw GIVE_UP;
    return this.objects.build(keys, values);
  }
}

/**
 * The attributes of a configuration body written only with literal values — the usual shape of a
 * `.tfvars` file — read directly, without building a syntax tree. Returns null when the source
 * holds anything else (blocks, references, operators, templates, heredocs,
 * repeated names, syntax errors, ...): use parseConfig and evaluateExpression for those, which
 * give the same values where this function gives any, and the diagnostics where it gives none.
 */
export function readLiteralAttributes(src: string, filename = "<config>"): LiteralAttributes | null {
  const attributes = DirectReader.attempt(() => new LiteralReader(src).readBody());
  return attributes === null ? null : { attributes, ...literalFile(src, filename) };
}

/**
 * readLiteralAttributes, handing each attribute to `each` as soon as it is read instead of
 * returning them all: a caller that turns every value into something else at once (a converted
 * value, say) lets each read value become garbage before the next one is read. Null when
 * readLiteralAttributes returns null; `each` may have been given some attributes by then, and
 * everything made from them must be disregarded.
 */
export function forEachLiteralAttribute(
  src: string,
  filename: string,
  each: (attribute: LiteralAttribute) => void,
): LiteralFile | null {
  const read = DirectReader.attempt(() => new LiteralReader(src).readBody(each));
  return read === null ? null : literalFile(src, filename);
}

function literalFile(src: string, filename: string): LiteralFile {
  let index: SourceIndex | undefined;
  return {
    filename,
    range(start: number, end: number): Range {
      index ??= new SourceIndex(src, filename, 0);
      return index.range(start, end);
    },
  };
}

/**
 * One literal value, as readLiteralAttributes reads attribute values, starting at string index
 * `start` of `src`: the value and the index just past it. Null when the text there is not such a
 * literal, or not one this reader handles (then parseExpression and evaluateExpression decide).
 * What follows the value is not looked at: the caller checks that it may end there.
 */
export function readLiteralValue(src: string, start = 0): { value: Value; end: number } | null {
  return DirectReader.attempt(() => new LiteralReader(src).readValueAt(start));
}
