// JSON text to cty values as jsondecode does (cty/json ImpliedType then Unmarshal): objects
// become objects, arrays tuples, null a null of unknown type; numbers exact. Syntax errors read
// as Go's encoding/json Decoder reports them, since cty reads the text through its Token API: the
// reader below only finds where the text stops being JSON, @tofukit/gostd's scanner says why.
import {
  boolVal,
  CtyNumber,
  emptyObjectVal,
  emptyTupleVal,
  FunctionError,
  MAX_DEPTH,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  t,
  tupleVal,
  typeEquals,
  type Value,
} from "@tofukit/cty";
import { goJsonSyntaxError, goQuote, toGoString } from "@tofukit/gostd";

/** Thrown where the text stops being JSON; the message comes from the scanner. */
class NotJson {}

class Reader {
  i = 0;
  constructor(readonly s: string) {}

  skipSpace(): void {
    const s = this.s;
    let i = this.i;
    for (; i < s.length; i++) {
      const c = s.charCodeAt(i);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
    }
    this.i = i;
  }

  char(): string | undefined {
    const c = this.s.charCodeAt(this.i);
    if (Number.isNaN(c)) return undefined;
    // A surrogate pair is one character in messages, as Go names a rune.
    if (c >= 0xd800 && c <= 0xdbff) return String.fromCodePoint(this.s.codePointAt(this.i)!);
    return this.s[this.i];
  }

  fail(): never {
    throw new NotJson();
  }
}

function readLiteral(r: Reader, word: string): void {
  for (let k = 0; k < word.length; k++) {
    if (r.char() !== word[k]) r.fail();
    r.i++;
  }
}

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= "0" && c <= "9";
}

function readNumber(r: Reader): string {
  const start = r.i;
  if (r.char() === "-") {
    r.i++;
    if (!isDigit(r.char())) r.fail();
  }
  if (r.char() === "0") r.i++;
  else while (isDigit(r.char())) r.i++;
  if (r.char() === ".") {
    r.i++;
    if (!isDigit(r.char())) r.fail();
    while (isDigit(r.char())) r.i++;
  }
  if (r.char() === "e" || r.char() === "E") {
    r.i++;
    if (r.char() === "+" || r.char() === "-") r.i++;
    if (!isDigit(r.char())) r.fail();
    while (isDigit(r.char())) r.i++;
  }
  return r.s.slice(start, r.i);
}

const ESCAPES: Record<string, string> = {
  '"': '"',
  "\\": "\\",
  "/": "/",
  b: "\b",
  f: "\f",
  n: "\n",
  r: "\r",
  t: "\t",
};

function readString(r: Reader): string {
  const src = r.s;
  const start = ++r.i;
  // The common case: no escape before the closing quote, so the text is one slice.
  for (let i = start; i < src.length; i++) {
    const c = src.charCodeAt(i);
    if (c === 0x22) {
      r.i = i + 1;
      return src.slice(start, i);
    }
    if (c === 0x5c || c < 0x20) break;
  }
  let out = "";
  for (;;) {
    const c = r.char();
    if (c === undefined) r.fail();
    if (c === '"') {
      r.i++;
      // Go's decoder turns an escaped lone surrogate into U+FFFD.
      return toGoString(out);
    }
    if (c < " ") r.fail();
    if (c === "\\") {
      r.i++;
      const e = r.char();
      if (e === undefined) r.fail();
      if (e === "u") {
        const hex = r.s.slice(r.i + 1, r.i + 5);
        for (let k = 0; k < 4; k++) {
          r.i++;
          const h = r.char();
          if (h === undefined) r.fail();
          if (!/[0-9a-fA-F]/.test(h)) r.fail();
        }
        r.i++;
        out += String.fromCharCode(Number.parseInt(hex, 16));
        continue;
      }
      const mapped = ESCAPES[e];
      if (mapped === undefined) r.fail();
      out += mapped;
      r.i++;
      continue;
    }
    out += c;
    r.i += c.length;
  }
}

/** A parsed JSON value: cty values for scalars, arrays and key/value lists for the rest. */
type Node = Value | { readonly array: Node[] } | { readonly object: [string, Node][] };

function readValue(r: Reader, depth: number): Node {
  if (depth > MAX_DEPTH) throw new FunctionError("exceeded max depth");
  r.skipSpace();
  const c = r.char();
  switch (c) {
    case undefined:
      return r.fail();
    case "{": {
      r.i++;
      const object: [string, Node][] = [];
      r.skipSpace();
      if (r.char() === "}") {
        r.i++;
        return { object };
      }
      for (;;) {
        r.skipSpace();
        if (r.char() !== '"') r.fail();
        const key = readString(r);
        r.skipSpace();
        if (r.char() !== ":") r.fail();
        r.i++;
        object.push([key, readValue(r, depth + 1)]);
        r.skipSpace();
        const d = r.char();
        r.i++;
        if (d === "}") return { object };
        if (d !== ",") {
          r.i--;
          r.fail();
        }
      }
    }
    case "[": {
      r.i++;
      const array: Node[] = [];
      r.skipSpace();
      if (r.char() === "]") {
        r.i++;
        return { array };
      }
      for (;;) {
        array.push(readValue(r, depth + 1));
        r.skipSpace();
        const d = r.char();
        r.i++;
        if (d === "]") return { array };
        if (d !== ",") {
          r.i--;
          r.fail();
        }
      }
    }
    case '"':
      return stringVal(readString(r));
    case "t":
      readLiteral(r, "true");
      return boolVal(true);
    case "f":
      readLiteral(r, "false");
      return boolVal(false);
    case "n":
      readLiteral(r, "null");
      return nullVal(t.dynamic);
    default:
      if (c === "-" || isDigit(c)) return numberVal(CtyNumber.parse(readNumber(r))!);
      return r.fail();
  }
}

function toValue(node: Node): Value {
  if ("array" in node) return node.array.length === 0 ? emptyTupleVal : tupleVal(node.array.map(toValue));
  if ("object" in node) {
    if (node.object.length === 0) return emptyObjectVal;
    // cty reads repeated keys in order, the last one winning, if their types agree.
    const attrs = new Map<string, Value>();
    for (const [k, n] of node.object) {
      const v = toValue(n);
      const prev = attrs.get(k);
      if (prev !== undefined && !typeEquals(prev.type, v.type)) {
        throw new FunctionError(`duplicate ${goQuote(k)} property in JSON object`);
      }
      attrs.set(k, v);
    }
    return objectVal([...attrs]);
  }
  return node;
}

/** jsondecode's result for known text. Throws FunctionError with Go's message. */
export function jsonDecode(text: string): Value {
  const r = new Reader(text);
  let node: Node;
  try {
    node = readValue(r, 0);
    r.skipSpace();
    // Decoder.More: anything but a closing bracket after the value is extraneous.
    const c = r.char();
    if (c !== undefined && c !== "]" && c !== "}")
      throw new FunctionError("extraneous data after JSON object");
  } catch (e) {
    if (e instanceof NotJson) throw new FunctionError(goJsonSyntaxError(text, "decoder") ?? "invalid JSON");
    throw e;
  }
  return toValue(node);
}
