// cty values as YAML text, byte for byte as go-cty-yaml's yamlencode writes them through its
// libyaml emitter: block mappings and sequences (a sequence under a mapping key not indented),
// empty collections as {} and [], keys and strings double-quoted (a string with a line feed as a
// literal block where the emitter allows one), long double-quoted strings folded at spaces past
// column 80, numbers and booleans plain, and "..." after a document that ends open.
import { FunctionError, type Value } from "@tofukit/cty";
import { utf8Bytes } from "../utf8.js";

const BEST_INDENT = 2;
const BEST_WIDTH = 80;
const SIMPLE_KEY_MAX = 128;

function isBreak(c: number): boolean {
  return c === 0x0a || c === 0x0d || c === 0x85 || c === 0x2028 || c === 0x2029;
}

function isPrintable(c: number): boolean {
  return (
    c === 0x0a ||
    (c >= 0x20 && c <= 0x7e) ||
    c === 0x85 ||
    (c >= 0xa0 && c <= 0xd7ff) ||
    (c >= 0xe000 && c <= 0xfffd && c !== 0xfeff) ||
    (c >= 0x10000 && c <= 0x10ffff)
  );
}

/**
 * Whether the emitter may write the string as a literal block (libyaml's block_allowed): no
 * character it cannot print, no trailing space, no space right before a line break.
 */
function blockAllowed(chars: readonly number[]): boolean {
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i]!;
    if (!isPrintable(c)) return false;
    if (c === 0x20 && (i === chars.length - 1 || isBreak(chars[i + 1]!))) return false;
  }
  return chars.length > 0;
}

const ESCAPES: Record<number, string> = {
  0: "0",
  7: "a",
  8: "b",
  9: "t",
  10: "n",
  11: "v",
  12: "f",
  13: "r",
  27: "e",
  34: '"',
  92: "\\",
  133: "N",
  160: "_",
  8232: "L",
  8233: "P",
};

function codePoints(s: string): number[] {
  return Array.from(s, (ch) => ch.codePointAt(0)!);
}

/** The emitter's state: the text, the column, the indentation and libyaml's flags. */
class Emitter {
  out = "";
  column = 0;
  indent = -1;
  whitespace = true;
  indention = true;
  openEnded = false;

  put(s: string): void {
    this.out += s;
    this.column += codePoints(s).length;
  }

  newline(): void {
    this.out += "\n";
    this.column = 0;
  }

  writeIndent(): void {
    const indent = Math.max(this.indent, 0);
    if (!this.indention || this.column > indent || (this.column === indent && !this.whitespace))
      this.newline();
    while (this.column < indent) this.put(" ");
    this.whitespace = true;
    this.indention = true;
  }

  indicator(text: string, needWhitespace: boolean, isWhitespace: boolean, isIndention: boolean): void {
    if (needWhitespace && !this.whitespace) this.put(" ");
    this.put(text);
    this.whitespace = isWhitespace;
    this.indention = this.indention && isIndention;
    this.openEnded = false;
  }

  /** Runs `body` one indentation level in (libyaml's increase_indent). */
  nested(flow: boolean, indentless: boolean, body: () => void): void {
    const saved = this.indent;
    if (this.indent < 0) this.indent = flow ? BEST_INDENT : 0;
    else if (!indentless) this.indent += BEST_INDENT;
    body();
    this.indent = saved;
  }

  doubleQuoted(s: string, allowBreaks: boolean): void {
    this.indicator('"', true, false, false);
    const chars = codePoints(s);
    let spaces = false;
    for (let i = 0; i < chars.length; i++) {
      const c = chars[i]!;
      if (!isPrintable(c) || c === 0xfeff || isBreak(c) || c === 0x22 || c === 0x5c) {
        const short = ESCAPES[c];
        const hex = c.toString(16).toUpperCase();
        this.put(
          `\\${short ?? (c <= 0xff ? `x${hex.padStart(2, "0")}` : c <= 0xffff ? `u${hex.padStart(4, "0")}` : `U${hex.padStart(8, "0")}`)}`,
        );
        spaces = false;
      } else if (c === 0x20) {
        if (allowBreaks && !spaces && this.column > BEST_WIDTH && i > 0 && i < chars.length - 1) {
          this.writeIndent();
          if (chars[i + 1] === 0x20) this.put("\\");
        } else this.put(" ");
        spaces = true;
      } else {
        this.put(String.fromCodePoint(c));
        spaces = false;
      }
    }
    this.indicator('"', false, false, false);
    this.whitespace = false;
    this.indention = false;
  }

  literal(s: string): void {
    this.indicator("|", true, false, false);
    const chars = codePoints(s);
    if (chars[0] === 0x20 || isBreak(chars[0] ?? 0)) this.indicator(String(BEST_INDENT), false, false, false);
    this.openEnded = false;
    const last = chars.length - 1;
    if (chars.length === 0 || !isBreak(chars[last]!)) this.indicator("-", false, false, false);
    else if (last === 0 || isBreak(chars[last - 1]!)) {
      this.indicator("+", false, false, false);
      this.openEnded = true;
    }
    this.newline();
    this.indention = true;
    this.whitespace = true;
    let breaks = true;
    for (const c of chars) {
      if (isBreak(c)) {
        // A line feed is written as one; the other breaks (NEL, LS, PS) as themselves.
        if (c === 0x0a) this.newline();
        else {
          this.out += String.fromCodePoint(c);
          this.column = 0;
        }
        this.indention = true;
        breaks = true;
      } else {
        if (breaks) {
          this.writeIndent();
          breaks = false;
        }
        this.put(String.fromCodePoint(c));
        this.indention = false;
      }
    }
  }

  plain(text: string, root: boolean): void {
    this.indicator(text, true, false, false);
    this.whitespace = false;
    this.indention = false;
    if (root) this.openEnded = true;
  }
}

interface Context {
  readonly root: boolean;
  readonly mapping: boolean;
  readonly simpleKey: boolean;
}

function emitString(e: Emitter, s: string, ctx: Context): void {
  const literal = s.includes("\n") && !ctx.simpleKey && blockAllowed(codePoints(s));
  e.nested(true, false, () => {
    if (literal) e.literal(s);
    else e.doubleQuoted(s, !ctx.simpleKey);
  });
}

function emitScalar(e: Emitter, text: string, ctx: Context): void {
  e.nested(true, false, () => e.plain(text, ctx.root));
}

function isSimpleKey(key: string): boolean {
  return utf8Bytes(key).length <= SIMPLE_KEY_MAX && !codePoints(key).some(isBreak);
}

function emit(e: Emitter, v: Value, ctx: Context): void {
  if (v.isNull) {
    emitScalar(e, "null", ctx);
    return;
  }
  if (!v.isKnown) throw new FunctionError("cannot serialize unknown value as YAML");
  switch (v.type.kind) {
    case "string":
      emitString(e, v.asString(), ctx);
      return;
    case "number": {
      const n = v.asNumber();
      emitScalar(e, n.infinite ? (n.negative ? "-Inf" : "+Inf") : n.toString(), ctx);
      return;
    }
    case "bool":
      emitScalar(e, v.asBool() ? "true" : "false", ctx);
      return;
    case "list":
    case "set":
    case "tuple": {
      const elems = v.elements();
      if (elems.length === 0) {
        emitEmpty(e, "[]");
        return;
      }
      e.nested(false, ctx.mapping && !e.indention, () => {
        for (const el of elems) {
          e.writeIndent();
          e.indicator("-", true, false, true);
          emit(e, el, { root: false, mapping: false, simpleKey: false });
        }
      });
      return;
    }
    case "map":
    case "object": {
      const keys = v.entryKeys();
      const values = v.entryValues();
      if (keys.length === 0) {
        emitEmpty(e, "{}");
        return;
      }
      e.nested(false, false, () => {
        for (let i = 0; i < keys.length; i++) {
          e.writeIndent();
          if (isSimpleKey(keys[i]!)) {
            emitString(e, keys[i]!, { root: false, mapping: true, simpleKey: true });
            e.indicator(":", false, false, false);
          } else {
            e.indicator("?", true, false, true);
            emitString(e, keys[i]!, { root: false, mapping: true, simpleKey: false });
            e.writeIndent();
            e.indicator(":", true, false, true);
          }
          emit(e, values[i]!, { root: false, mapping: true, simpleKey: false });
        }
      });
      return;
    }
    default:
      throw new FunctionError(`can't marshal ${v.type.kind} as YAML`);
  }
}

function emitEmpty(e: Emitter, brackets: string): void {
  e.indicator(brackets[0]!, true, true, false);
  e.nested(true, false, () => undefined);
  e.indicator(brackets[1]!, false, false, false);
}

/** yamlencode's text for a wholly known value. */
export function yamlEncode(v: Value): string {
  const e = new Emitter();
  emit(e, v, { root: true, mapping: false, simpleKey: false });
  // The implicit document end, then the stream end's "..." when the document ended open.
  e.writeIndent();
  if (e.openEnded) {
    e.indicator("...", true, false, false);
    e.writeIndent();
  }
  return e.out;
}
