// A JSON document with the position of every value, for `.tf.json` configuration files: the
// declarations in them are small, and their diagnostics point at the property they are about,
// as HCL's JSON syntax does.
import { boolVal, nullVal, numberVal, objectVal, stringVal, t, tupleVal, type Value } from "@tofukit/cty";
import { type Diagnostic, errorDiag } from "@tofukit/hcl";
import type { Range } from "./variable-declaration.js";

export type JSONNode =
  | {
      readonly kind: "object";
      readonly properties: readonly JSONProperty[];
      readonly start: number;
      readonly end: number;
    }
  | {
      readonly kind: "array";
      readonly items: readonly JSONNode[];
      readonly start: number;
      readonly end: number;
    }
  | { readonly kind: "string"; readonly value: string; readonly start: number; readonly end: number }
  | { readonly kind: "number"; readonly text: string; readonly start: number; readonly end: number }
  | { readonly kind: "bool"; readonly value: boolean; readonly start: number; readonly end: number }
  | { readonly kind: "null"; readonly start: number; readonly end: number };

export interface JSONProperty {
  readonly name: string;
  readonly nameStart: number;
  readonly nameEnd: number;
  readonly value: JSONNode;
}

/** Line, column and UTF-8 byte offset of string indexes in one text. */
export class Positions {
  private readonly lineStarts: number[] = [0];
  constructor(
    readonly text: string,
    readonly filename: string,
  ) {
    for (let i = text.indexOf("\n"); i >= 0; i = text.indexOf("\n", i + 1)) this.lineStarts.push(i + 1);
  }

  pos(index: number): Range["start"] {
    let lo = 0;
    let hi = this.lineStarts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.lineStarts[mid]! <= index) lo = mid;
      else hi = mid - 1;
    }
    const lineStart = this.lineStarts[lo]!;
    const before = this.text.slice(lineStart, index);
    let byte = 0;
    for (let i = 0; i < index; i++) {
      const c = this.text.charCodeAt(i);
      // A surrogate pair is four bytes, two per half.
      byte += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c < 0xe000 ? 2 : 3;
    }
    return { line: lo + 1, column: [...before].length + 1, byte };
  }

  range(start: number, end: number): Range {
    return { filename: this.filename, start: this.pos(start), end: this.pos(end) };
  }
}

class JSONSyntaxError extends Error {
  constructor(
    readonly at: number,
    readonly detail: string,
  ) {
    super(detail);
  }
}

const NUMBER = /-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?/y;
const MAX_DEPTH = 500;

class Reader {
  i = 0;
  constructor(private readonly src: string) {
    if (src.charCodeAt(0) === 0xfeff) this.i = 1;
  }

  space(): void {
    while (/[ \t\r\n]/.test(this.src[this.i] ?? "")) this.i++;
  }

  value(depth: number): JSONNode {
    if (depth > MAX_DEPTH) throw new JSONSyntaxError(this.i, "The document is nested too deeply.");
    this.space();
    const start = this.i;
    const c = this.src[this.i];
    if (c === "{") {
      this.i++;
      const properties: JSONProperty[] = [];
      this.space();
      if (this.src[this.i] === "}") {
        this.i++;
        return { kind: "object", properties, start, end: this.i };
      }
      for (;;) {
        this.space();
        if (this.src[this.i] !== '"')
          throw new JSONSyntaxError(this.i, "A JSON object property name must be a string.");
        const nameStart = this.i;
        const name = this.string();
        const nameEnd = this.i;
        this.space();
        if (this.src[this.i] !== ":")
          throw new JSONSyntaxError(this.i, "JSON uses a colon as its name/value delimiter.");
        this.i++;
        properties.push({ name, nameStart, nameEnd, value: this.value(depth + 1) });
        this.space();
        if (this.src[this.i] === ",") {
          this.i++;
          continue;
        }
        if (this.src[this.i] === "}") {
          this.i++;
          return { kind: "object", properties, start, end: this.i };
        }
        throw new JSONSyntaxError(this.i, "Expected a comma or a closing brace.");
      }
    }
    if (c === "[") {
      this.i++;
      const items: JSONNode[] = [];
      this.space();
      if (this.src[this.i] === "]") {
        this.i++;
        return { kind: "array", items, start, end: this.i };
      }
      for (;;) {
        items.push(this.value(depth + 1));
        this.space();
        if (this.src[this.i] === ",") {
          this.i++;
          continue;
        }
        if (this.src[this.i] === "]") {
          this.i++;
          return { kind: "array", items, start, end: this.i };
        }
        throw new JSONSyntaxError(this.i, "Expected a comma or a closing bracket.");
      }
    }
    if (c === '"') {
      const value = this.string();
      return { kind: "string", value, start, end: this.i };
    }
    for (const [word, node] of [
      ["true", { kind: "bool", value: true }],
      ["false", { kind: "bool", value: false }],
      ["null", { kind: "null" }],
    ] as const) {
      if (this.src.startsWith(word, this.i)) {
        this.i += word.length;
        return { ...node, start, end: this.i } as JSONNode;
      }
    }
    NUMBER.lastIndex = this.i;
    const m = NUMBER.exec(this.src);
    if (m !== null && m[0] !== "") {
      this.i += m[0].length;
      return { kind: "number", text: m[0], start, end: this.i };
    }
    throw new JSONSyntaxError(this.i, "Expected a JSON value.");
  }

  string(): string {
    const start = this.i;
    let j = this.i + 1;
    for (;;) {
      const ch = this.src[j];
      if (ch === undefined || ch === "\n") throw new JSONSyntaxError(start, "The string is not closed.");
      if (ch === "\\") j += 2;
      else if (ch === '"') break;
      else j++;
    }
    this.i = j + 1;
    try {
      return JSON.parse(this.src.slice(start, j + 1)) as string;
    } catch {
      throw new JSONSyntaxError(start, "There is a syntax error in the given JSON string.");
    }
  }
}

export interface JSONDocument {
  readonly root: JSONNode | null;
  readonly positions: Positions;
  readonly diagnostics: readonly Diagnostic[];
}

export function parseJSONDocument(text: string, filename: string): JSONDocument {
  const positions = new Positions(text, filename);
  const reader = new Reader(text);
  try {
    const root = reader.value(0);
    reader.space();
    if (reader.i < text.length)
      throw new JSONSyntaxError(reader.i, "Extra characters appear after the JSON value.");
    return { root, positions, diagnostics: [] };
  } catch (e) {
    if (!(e instanceof JSONSyntaxError)) throw e;
    const subject = positions.range(e.at, Math.min(e.at + 1, text.length));
    return {
      root: null,
      positions,
      diagnostics: [errorDiag("Invalid JSON", e.detail, subject)],
    };
  }
}

/** The value of a JSON node as HCL reads JSON without a context: strings literal, arrays tuples. */
export function jsonNodeValue(node: JSONNode): Value {
  switch (node.kind) {
    case "object":
      return objectVal(node.properties.map((p) => [p.name, jsonNodeValue(p.value)] as const));
    case "array":
      return tupleVal(node.items.map(jsonNodeValue));
    case "string":
      return stringVal(node.value);
    case "number":
      return numberVal(node.text);
    case "bool":
      return boolVal(node.value);
    case "null":
      return nullVal(t.dynamic);
  }
}
