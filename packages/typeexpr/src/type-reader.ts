// A direct reader for type constraints written the usual way: keywords, `list(...)`, `set(...)`,
// `map(...)`, `object({...})` with `optional(T)` and `optional(T, default)` attributes whose
// defaults are literals, and `tuple([...])`. It reads the source text straight into the type
// and its defaults, without tokens, a syntax tree or source ranges.
//
// It accepts only input that the full path (the HCL parser, then the type rules) reads without a
// diagnostic, and gives up (returns null) on anything else — a comment style it does not handle,
// a bare `list`, a quoted type, any mistake — so that the full path produces the result or the
// diagnostics. Where it returns a result, it is the full path's.
import { type Type, t, type Value } from "@tofukit/cty";
import { readLiteralValue } from "@tofukit/hcl";
import {
  type ConvertDefault,
  collectionDefaults,
  type DefaultsNode,
  structuredDefaults,
} from "./defaults-node.js";
import { keywordType, type TypeResult } from "./get-type.js";

const GIVE_UP = Symbol("give up");

/** Nesting beyond this is left to the full path, which bounds and reports it. */
const MAX_DEPTH = 32;

const SPACE = 32;
const TAB = 9;
const LF = 10;
const CR = 13;

function isIdentStart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || c === 95;
}

function isIdentPart(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90) || (c >= 48 && c <= 57) || c === 95 || c === 45;
}

class TypeReader {
  private readonly src: string;
  private readonly n: number;
  private i = 0;
  private depth = 0;
  private readonly convertDefault: ConvertDefault;

  constructor(src: string, convertDefault: ConvertDefault) {
    this.src = src;
    this.n = src.length;
    this.convertDefault = convertDefault;
  }

  /** The whole source as one type constraint. */
  readConstraint(): TypeResult {
    if (this.src.charCodeAt(0) === 0xfeff) throw GIVE_UP;
    this.skipAll();
    const result = this.type();
    this.skipAll();
    if (this.i < this.n) throw GIVE_UP;
    return result;
  }

  private skipSpaces(): void {
    const src = this.src;
    let j = this.i;
    for (;;) {
      const c = src.charCodeAt(j);
      if (c !== SPACE && c !== TAB) break;
      j++;
    }
    this.i = j;
  }

  /** Consumes a newline or a line comment (which ends its line); false when there is none. */
  private lineEnd(): boolean {
    const src = this.src;
    const c = src.charCodeAt(this.i);
    if (c === LF) {
      this.i++;
      return true;
    }
    if (c === CR) {
      if (src.charCodeAt(this.i + 1) !== LF) throw GIVE_UP;
      this.i += 2;
      return true;
    }
    if (c === 35 /* # */ || (c === 47 /* / */ && src.charCodeAt(this.i + 1) === 47)) {
      const nl = src.indexOf("\n", this.i);
      this.i = nl < 0 ? this.n : nl + 1;
      return true;
    }
    // Block comments may hide or hold line breaks: the full path decides what they mean.
    if (c === 47) throw GIVE_UP;
    return false;
  }

  /** Spaces, line endings and line comments: where newlines do not matter. */
  private skipAll(): void {
    for (;;) {
      this.skipSpaces();
      if (this.i >= this.n || !this.lineEnd()) return;
    }
  }

  private ident(): string {
    const src = this.src;
    const start = this.i;
    if (!isIdentStart(src.charCodeAt(start))) throw GIVE_UP;
    let j = start + 1;
    while (j < this.n && isIdentPart(src.charCodeAt(j))) j++;
    // Identifiers may continue with letters beyond ASCII, which this reader does not classify.
    if (j < this.n && src.charCodeAt(j) >= 0x80) throw GIVE_UP;
    this.i = j;
    return src.slice(start, j);
  }

  private expect(c: number): void {
    if (this.src.charCodeAt(this.i) !== c) throw GIVE_UP;
    this.i++;
  }

  private enter(): void {
    if (++this.depth > MAX_DEPTH) throw GIVE_UP;
  }

  /** A type: a primitive keyword or a constructor call with its one argument. */
  private type(): TypeResult {
    const name = this.ident();
    this.skipSpaces();
    if (this.src.charCodeAt(this.i) !== 40 /* ( */) {
      const primitive = keywordType(name);
      if (primitive === undefined) throw GIVE_UP;
      return primitive;
    }
    this.i++;
    this.enter();
    this.skipAll();
    let result: TypeResult;
    switch (name) {
      case "list":
      case "set":
      case "map": {
        const elem = this.type();
        const type =
          name === "list" ? t.list(elem.type) : name === "set" ? t.set(elem.type) : t.map(elem.type);
        result = { type, defaults: collectionDefaults(type, elem.defaults) };
        break;
      }
      case "object":
        result = this.objectType();
        break;
      case "tuple":
        result = this.tupleType();
        break;
      default:
        throw GIVE_UP;
    }
    this.skipAll();
    this.expect(41 /* ) */);
    this.depth--;
    return result;
  }

  /** `[T, ...]`, the argument of tuple(). */
  private tupleType(): TypeResult {
    this.expect(91 /* [ */);
    this.skipAll();
    const types: Type[] = [];
    let children: Map<string, DefaultsNode> | null = null;
    while (this.src.charCodeAt(this.i) !== 93 /* ] */) {
      const r = this.type();
      if (r.defaults !== null) {
        children ??= new Map();
        children.set(String(types.length), r.defaults);
      }
      types.push(r.type);
      this.skipAll();
      const c = this.src.charCodeAt(this.i);
      if (c === 44 /* , */) {
        this.i++;
        this.skipAll();
      } else if (c !== 93) throw GIVE_UP;
    }
    this.i++;
    const type = t.tuple(types);
    return { type, defaults: structuredDefaults(type, null, children) };
  }

  /** `{name = T, ...}`, the argument of object(): items end at commas or line endings. */
  private objectType(): TypeResult {
    const src = this.src;
    this.expect(123 /* { */);
    this.skipAll();
    const attrTypes = new Map<string, Type>();
    const optional: string[] = [];
    let defaultValues: Map<string, Value> | null = null;
    let children: Map<string, DefaultsNode> | null = null;
    while (src.charCodeAt(this.i) !== 125 /* } */) {
      const name = this.ident();
      // A repeated name is an error; `{for ...` is a for expression, not an object.
      if (attrTypes.has(name) || (name === "for" && attrTypes.size === 0)) throw GIVE_UP;
      this.separator();
      let attr: TypeResult;
      let defaultValue: Value | null = null;
      if (this.optionalModifier()) {
        this.skipAll();
        attr = this.type();
        this.skipAll();
        if (src.charCodeAt(this.i) === 44) {
          this.i++;
          this.skipAll();
          defaultValue = this.defaultValue();
          this.skipAll();
        }
        this.expect(41 /* ) */);
        optional.push(name);
      } else {
        attr = this.type();
      }
      if (defaultValue !== null) {
        const converted = this.convertDefault(defaultValue, attr.type);
        if (!converted.ok) throw GIVE_UP;
        defaultValues ??= new Map();
        defaultValues.set(name, converted.value);
      }
      attrTypes.set(name, attr.type);
      if (attr.defaults !== null) {
        children ??= new Map();
        children.set(name, attr.defaults);
      }
      this.itemEnd();
    }
    this.i++;
    const type = t.object(attrTypes, optional);
    return { type, defaults: structuredDefaults(type, defaultValues, children) };
  }

  /** Consumes `optional(` where an attribute's value starts with it; false, consuming nothing, otherwise. */
  private optionalModifier(): boolean {
    const start = this.i;
    if (!isIdentStart(this.src.charCodeAt(start)) || this.ident() !== "optional") {
      this.i = start;
      return false;
    }
    this.skipSpaces();
    if (this.src.charCodeAt(this.i) !== 40 /* ( */) {
      this.i = start;
      return false;
    }
    this.i++;
    return true;
  }

  /** `=` or `:` between a key and its value, on the key's line. */
  private separator(): void {
    this.skipSpaces();
    const c = this.src.charCodeAt(this.i);
    if (c !== 61 /* = */ && c !== 58 /* : */) throw GIVE_UP;
    this.i++;
    // `==`, `=>` and `::` are other tokens.
    const next = this.src.charCodeAt(this.i);
    if (next === 61 || next === 62 || next === 58) throw GIVE_UP;
    this.skipSpaces();
  }

  /** After an object item: a comma or a line ending (and any blank lines), or the closing brace. */
  private itemEnd(): void {
    this.skipSpaces();
    const c = this.src.charCodeAt(this.i);
    if (c === 125) return;
    if (c === 44) this.i++;
    else if (!this.lineEnd()) throw GIVE_UP;
    this.skipAll();
  }

  /** An optional attribute's default: a literal, valued as the evaluator values it. */
  private defaultValue(): Value {
    const read = readLiteralValue(this.src, this.i);
    if (read === null) throw GIVE_UP;
    this.i = read.end;
    return read.value;
  }
}

/**
 * The type and defaults of a type constraint in the common forms, read directly from source; null
 * for anything else (including every input with a diagnostic), which the full path must read.
 */
export function readTypeConstraint(src: string, convertDefault: ConvertDefault): TypeResult | null {
  try {
    return new TypeReader(src, convertDefault).readConstraint();
  } catch (e) {
    if (e === GIVE_UP) return null;
    throw e;
  }
}
