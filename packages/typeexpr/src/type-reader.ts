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
import { DirectReader, GIVE_UP, readLiteralValue } from "@tofukit/hcl";
import {
  type ConvertDefault,
  collectionDefaults,
  type DefaultsNode,
  structuredDefaults,
} from "./defaults-node.js";
import { keywordType, type TypeResult } from "./get-type.js";

/** Nesting beyond this is left to the full path, which bounds and reports it. */
const MAX_DEPTH = 32;

class TypeReader extends DirectReader {
  private depth = 0;
  private readonly convertDefault: ConvertDefault;

  constructor(src: string, convertDefault: ConvertDefault) {
    super(src);
    this.convertDefault = convertDefault;
  }

  /** The whole source as one type constraint. */
  readConstraint(): TypeResult {
    this.noByteOrderMark();
    this.skipLines();
    const result = this.type();
    this.skipLines();
    if (this.i < this.n) throw GIVE_UP;
    return result;
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
    this.skipLines();
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
    this.skipLines();
    this.expect(41 /* ) */);
    this.depth--;
    return result;
  }

  /** `[T, ...]`, the argument of tuple(). */
  private tupleType(): TypeResult {
    this.expect(91 /* [ */);
    this.skipLines();
    const types: Type[] = [];
    let children: Map<string, DefaultsNode> | null = null;
    while (this.src.charCodeAt(this.i) !== 93 /* ] */) {
      const r = this.type();
      if (r.defaults !== null) {
        children ??= new Map();
        children.set(String(types.length), r.defaults);
      }
      types.push(r.type);
      this.skipLines();
      const c = this.src.charCodeAt(this.i);
      if (c === 44 /* , */) {
        this.i++;
        this.skipLines();
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
    this.skipLines();
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
        this.skipLines();
        attr = this.type();
        this.skipLines();
        if (src.charCodeAt(this.i) === 44) {
          this.i++;
          this.skipLines();
          defaultValue = this.defaultValue();
          this.skipLines();
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
    if (!this.atIdent() || this.ident() !== "optional") {
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

  /** After an object item: a comma or a line ending (and any blank lines), or the closing brace. */
  private itemEnd(): void {
    this.skipSpaces();
    const c = this.src.charCodeAt(this.i);
    if (c === 125) return;
    if (c === 44) this.i++;
    else if (!this.lineEnd()) throw GIVE_UP;
    this.skipLines();
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
  return DirectReader.attempt(() => new TypeReader(src, convertDefault).readConstraint());
}
