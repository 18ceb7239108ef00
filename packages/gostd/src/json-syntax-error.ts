// The syntax errors of Go's encoding/json, with its texts: a scanner that walks the text as Go's
// does (one byte at a time, over UTF-8) and names the first byte it cannot accept. Decoders that
// build their own values (exact numbers, cty values) use it to explain a failure, so every
// package reports a broken document with the reference's words.
import { goQuoteRune } from "./quote.js";

/**
 * How the reference reads the text. `"unmarshal"` is `json.Unmarshal` (and `json.Valid`): the
 * whole text is one value. `"decoder"` is `json.Decoder.Decode`: the first value is read and what
 * follows it is left alone; the input ending early is `io.EOF` or `io.ErrUnexpectedEOF`.
 */
export type GoJsonReader = "unmarshal" | "decoder";

/** Go's scanner refuses nesting deeper than this (`maxNestingDepth`). */
export const GO_JSON_MAX_DEPTH = 10_000;

/** The UTF-8 bytes Go reads for `s` (an unpaired surrogate as U+FFFD, as TextEncoder writes it). */
function utf8(s: string): Uint8Array {
  // At most three bytes per UTF-16 unit: a pair of units is four bytes.
  const out = new Uint8Array(s.length * 3);
  let n = 0;
  for (let i = 0; i < s.length; i++) {
    let cp = s.charCodeAt(i);
    if (cp < 0x80) {
      out[n++] = cp;
      continue;
    }
    if (cp >= 0xd800 && cp <= 0xdbff) {
      const low = s.charCodeAt(i + 1);
      if (low >= 0xdc00 && low <= 0xdfff) {
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
        i++;
      }
    }
    if (cp >= 0xd800 && cp <= 0xdfff) cp = 0xfffd;
    if (cp < 0x800) {
      out[n++] = 0xc0 | (cp >> 6);
    } else if (cp < 0x10000) {
      out[n++] = 0xe0 | (cp >> 12);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
    } else {
      out[n++] = 0xf0 | (cp >> 18);
      out[n++] = 0x80 | ((cp >> 12) & 0x3f);
      out[n++] = 0x80 | ((cp >> 6) & 0x3f);
    }
    out[n++] = 0x80 | (cp & 0x3f);
  }
  return out.subarray(0, n);
}

// What the scanner expects next.
const Want = { Value: 0, ValueOrArrayEnd: 1, Key: 2, KeyOrObjectEnd: 3, AfterValue: 4 } as const;
type Want = (typeof Want)[keyof typeof Want];

const ARRAY = 0;
const OBJECT = 1;

function isSpace(c: number): boolean {
  return c === 0x20 || c === 0x09 || c === 0x0a || c === 0x0d;
}

function isDigit(c: number | undefined): boolean {
  return c !== undefined && c >= 0x30 && c <= 0x39;
}

function isHex(c: number | undefined): boolean {
  return c !== undefined && (isDigit(c) || (c >= 0x41 && c <= 0x46) || (c >= 0x61 && c <= 0x66));
}

/** Thrown inside the scan with the finished text; never escapes this module. */
class Refusal {
  constructor(readonly text: string) {}
}

class Scan {
  i = 0;
  constructor(
    readonly b: Uint8Array,
    readonly reader: GoJsonReader,
  ) {}

  /** The input ended inside a value. */
  end(): Refusal {
    return new Refusal(this.reader === "unmarshal" ? "unexpected end of JSON input" : "unexpected EOF");
  }

  /** Go's scanner error: the offending byte, read as a rune (so 0xEF shows as 'ï'), and why. */
  refuse(context: string): Refusal {
    const c = this.b[this.i];
    return c === undefined ? this.end() : new Refusal(`invalid character ${goQuoteRune(c)} ${context}`);
  }

  skipSpace(): void {
    while (this.i < this.b.length && isSpace(this.b[this.i]!)) this.i++;
  }

  string(): void {
    const b = this.b;
    this.i++;
    for (;;) {
      const c = b[this.i];
      if (c === undefined) throw this.end();
      if (c === 0x22) {
        this.i++;
        return;
      }
      if (c < 0x20) throw this.refuse("in string literal");
      if (c === 0x5c) {
        this.i++;
        const e = b[this.i];
        if (e === 0x75) {
          for (let k = 0; k < 4; k++) {
            this.i++;
            if (!isHex(b[this.i])) throw this.refuse("in \\u hexadecimal character escape");
          }
        } else if (
          e !== 0x22 &&
          e !== 0x5c &&
          e !== 0x2f &&
          e !== 0x62 &&
          e !== 0x66 &&
          e !== 0x6e &&
          e !== 0x72 &&
          e !== 0x74
        ) {
          throw this.refuse("in string escape code");
        }
      }
      this.i++;
    }
  }

  number(): void {
    const b = this.b;
    if (b[this.i] === 0x2d) {
      this.i++;
      if (!isDigit(b[this.i])) throw this.refuse("in numeric literal");
    }
    if (b[this.i] === 0x30) this.i++;
    else while (isDigit(b[this.i])) this.i++;
    if (b[this.i] === 0x2e) {
      this.i++;
      if (!isDigit(b[this.i])) throw this.refuse("after decimal point in numeric literal");
      while (isDigit(b[this.i])) this.i++;
    }
    if (b[this.i] === 0x65 || b[this.i] === 0x45) {
      this.i++;
      if (b[this.i] === 0x2b || b[this.i] === 0x2d) this.i++;
      if (!isDigit(b[this.i])) throw this.refuse("in exponent of numeric literal");
      while (isDigit(b[this.i])) this.i++;
    }
  }

  literal(word: string): void {
    this.i++;
    for (let k = 1; k < word.length; k++) {
      if (this.b[this.i] !== word.charCodeAt(k))
        throw this.refuse(`in literal ${word} (expecting '${word[k]}')`);
      this.i++;
    }
  }

  /** Walks one value and, for `"unmarshal"`, what follows it; iterative, so depth costs no stack. */
  document(): void {
    const b = this.b;
    const open: number[] = [];
    this.skipSpace();
    if (this.i >= b.length && this.reader === "decoder") throw new Refusal("EOF");
    let want: Want = Want.Value;
    for (;;) {
      this.skipSpace();
      const c = b[this.i];
      if (want === Want.AfterValue) {
        const top = open.at(-1);
        if (top === undefined) {
          if (this.reader === "unmarshal" && c !== undefined) throw this.refuse("after top-level value");
          return;
        }
        if (c === undefined) throw this.end();
        if (c === 0x2c) want = top === ARRAY ? Want.Value : Want.Key;
        else if (c === (top === ARRAY ? 0x5d : 0x7d)) open.pop();
        else throw this.refuse(top === ARRAY ? "after array element" : "after object key:value pair");
        this.i++;
        continue;
      }
      if (c === undefined) throw this.end();
      if (want === Want.Key || want === Want.KeyOrObjectEnd) {
        if (want === Want.KeyOrObjectEnd && c === 0x7d) {
          this.i++;
          open.pop();
          want = Want.AfterValue;
          continue;
        }
        if (c !== 0x22) throw this.refuse("looking for beginning of object key string");
        this.string();
        this.skipSpace();
        if (b[this.i] !== 0x3a) throw this.refuse("after object key");
        this.i++;
        want = Want.Value;
        continue;
      }
      if (want === Want.ValueOrArrayEnd && c === 0x5d) {
        this.i++;
        open.pop();
        want = Want.AfterValue;
        continue;
      }
      if (c === 0x7b || c === 0x5b) {
        open.push(c === 0x5b ? ARRAY : OBJECT);
        if (open.length > GO_JSON_MAX_DEPTH) throw this.refuse("exceeded max depth");
        this.i++;
        want = c === 0x5b ? Want.ValueOrArrayEnd : Want.KeyOrObjectEnd;
        continue;
      }
      if (c === 0x22) this.string();
      else if (c === 0x2d || isDigit(c)) this.number();
      else if (c === 0x74) this.literal("true");
      else if (c === 0x66) this.literal("false");
      else if (c === 0x6e) this.literal("null");
      else throw this.refuse("looking for beginning of value");
      want = Want.AfterValue;
    }
  }
}

/**
 * The message of the syntax error Go's encoding/json reports for `text`, or null when the
 * reference reads it (for `"decoder"`: when its first value is complete). A string is read as its
 * UTF-8 encoding, as Go reads the file it came from.
 */
export function goJsonSyntaxError(
  text: string | Uint8Array,
  reader: GoJsonReader = "unmarshal",
): string | null {
  const scan = new Scan(typeof text === "string" ? utf8(text) : text, reader);
  try {
    scan.document();
    return null;
  } catch (error) {
    if (error instanceof Refusal) return error.text;
    throw error;
  }
}
