// Decoding of a discovery document into a JSON object, with the error texts of Go's encoding/json.
import { deepFreeze } from "./deep-freeze.js";

/** The services a discovery document announces, keyed by service id (`modules.v1`). */
export type ServiceMap = Readonly<Record<string, unknown>>;

const utf8 = new TextDecoder("utf-8", { fatal: false, ignoreBOM: true });

// Go's quoteChar: the offending byte read as a rune (so a UTF-8 BOM's first byte shows as 'ï').
function quoteChar(c: number): string {
  if (c === 0x27) return "'\\''";
  if (c === 0x22) return "'\"'";
  const escapes: Record<number, string> = {
    7: "\\a",
    8: "\\b",
    9: "\\t",
    10: "\\n",
    11: "\\v",
    12: "\\f",
    13: "\\r",
  };
  const escaped = escapes[c];
  if (escaped !== undefined) return `'${escaped}'`;
  if (c === 0x5c) return "'\\\\'";
  if (c < 0x20 || c === 0x7f) return `'\\x${c.toString(16).padStart(2, "0")}'`;
  if (c >= 0x80 && c < 0xa0) return `'\\u${c.toString(16).padStart(4, "0")}'`;
  if (c === 0xad) return "'\\u00ad'";
  return `'${String.fromCharCode(c)}'`;
}

class SyntaxFailure {
  constructor(readonly text: string) {}
}

const END = "unexpected end of JSON input";

// A validating scanner over the raw bytes that fails with the message Go's scanner gives for
// the same input; Go checks the whole syntax before it looks at the value's type.
class Scanner {
  private i = 0;
  constructor(private readonly b: Uint8Array) {}

  private fail(context: string): never {
    if (this.i >= this.b.length) throw new SyntaxFailure(END);
    throw new SyntaxFailure(`invalid character ${quoteChar(this.b[this.i] as number)} ${context}`);
  }

  private skipSpace(): void {
    const b = this.b;
    while (this.i < b.length) {
      const c = b[this.i];
      if (c !== 0x20 && c !== 0x09 && c !== 0x0a && c !== 0x0d) return;
      this.i++;
    }
  }

  document(): void {
    this.skipSpace();
    this.value();
    this.skipSpace();
    if (this.i < this.b.length) this.fail("after top-level value");
  }

  private value(): void {
    const c = this.b[this.i];
    if (c === undefined) throw new SyntaxFailure(END);
    if (c === 0x7b) this.object();
    else if (c === 0x5b) this.array();
    else if (c === 0x22) this.string();
    else if (c === 0x2d || (c >= 0x30 && c <= 0x39)) this.number();
    else if (c === 0x74) this.literal("true");
    else if (c === 0x66) this.literal("false");
    else if (c === 0x6e) this.literal("null");
    else this.fail("looking for beginning of value");
  }

  private object(): void {
    this.i++;
    this.skipSpace();
    if (this.b[this.i] === 0x7d) {
      this.i++;
      return;
    }
    for (;;) {
      if (this.b[this.i] !== 0x22) this.fail("looking for beginning of object key string");
      this.string();
      this.skipSpace();
      if (this.b[this.i] !== 0x3a) this.fail("after object key");
      this.i++;
      this.skipSpace();
      this.value();
      this.skipSpace();
      const c = this.b[this.i];
      if (c === 0x7d) {
        this.i++;
        return;
      }
      if (c !== 0x2c) this.fail("after object key:value pair");
      this.i++;
      this.skipSpace();
    }
  }

  private array(): void {
    this.i++;
    this.skipSpace();
    if (this.b[this.i] === 0x5d) {
      this.i++;
      return;
    }
    for (;;) {
      this.value();
      this.skipSpace();
      const c = this.b[this.i];
      if (c === 0x5d) {
        this.i++;
        return;
      }
      if (c !== 0x2c) this.fail("after array element");
      this.i++;
      this.skipSpace();
    }
  }

  private string(): void {
    const b = this.b;
    this.i++;
    for (;;) {
      const c = b[this.i];
      if (c === undefined) throw new SyntaxFailure(END);
      if (c === 0x22) {
        this.i++;
        return;
      }
      if (c < 0x20) this.fail("in string literal");
      if (c === 0x5c) {
        this.i++;
        const e = b[this.i];
        if (e === undefined) throw new SyntaxFailure(END);
        if (e === 0x75) {
          for (let k = 0; k < 4; k++) {
            this.i++;
            const h = b[this.i];
            if (h === undefined) throw new SyntaxFailure(END);
            const hex = (h >= 0x30 && h <= 0x39) || (h >= 0x41 && h <= 0x46) || (h >= 0x61 && h <= 0x66);
            if (!hex) this.fail("in \\u hexadecimal character escape");
          }
        } else if (!'"\\/bfnrt'.includes(String.fromCharCode(e))) {
          this.fail("in string escape code");
        }
      }
      this.i++;
    }
  }

  private digits(): void {
    while (this.i < this.b.length) {
      const c = this.b[this.i] as number;
      if (c < 0x30 || c > 0x39) return;
      this.i++;
    }
  }

  private isDigit(): boolean {
    const c = this.b[this.i];
    return c !== undefined && c >= 0x30 && c <= 0x39;
  }

  private number(): void {
    if (this.b[this.i] === 0x2d) {
      this.i++;
      if (!this.isDigit()) this.fail("in numeric literal");
    }
    if (this.b[this.i] === 0x30) this.i++;
    else this.digits();
    if (this.b[this.i] === 0x2e) {
      this.i++;
      if (!this.isDigit()) this.fail("after decimal point in numeric literal");
      this.digits();
    }
    const e = this.b[this.i];
    if (e === 0x65 || e === 0x45) {
      this.i++;
      const sign = this.b[this.i];
      if (sign === 0x2b || sign === 0x2d) this.i++;
      if (!this.isDigit()) this.fail("in exponent of numeric literal");
      this.digits();
    }
  }

  private literal(word: string): void {
    this.i++;
    for (let k = 1; k < word.length; k++) {
      if (this.b[this.i] !== word.charCodeAt(k)) this.fail(`in literal ${word} (expecting '${word[k]}')`);
      this.i++;
    }
  }
}

/** The error Go's encoding/json gives for a text's syntax, or null when it is valid JSON. */
export function goSyntaxError(body: Uint8Array): string | null {
  try {
    new Scanner(body).document();
    return null;
  } catch (error) {
    if (error instanceof SyntaxFailure) return error.text;
    throw error;
  }
}

export type DecodeResult = { ok: true; services: ServiceMap | null } | { ok: false; message: string };

/**
 * Decodes a discovery document as the reference's `json.Unmarshal` into `map[string]any` does:
 * `null` means "no services"; any other non-object is an error; duplicate keys: the last wins.
 * The returned `message` is the Go json error text.
 */
export function decodeDiscoveryDocument(body: Uint8Array): DecodeResult {
  // JSON.parse accepts exactly the texts Go's decoder accepts (a BOM survives the decoding and
  // is refused by both), so it goes first; the scanner only runs to explain a failure.
  let value: unknown;
  try {
    value = JSON.parse(utf8.decode(body));
  } catch (error) {
    const message = goSyntaxError(body);
    if (message === null) throw error;
    return { ok: false, message };
  }
  if (value === null) return { ok: true, services: null };
  if (typeof value !== "object" || Array.isArray(value)) {
    const kind = Array.isArray(value) ? "array" : typeof value === "boolean" ? "bool" : typeof value;
    return {
      ok: false,
      message: `json: cannot unmarshal ${kind} into Go value of type map[string]interface {}`,
    };
  }
  deepFreeze(value);
  return { ok: true, services: value as ServiceMap };
}
