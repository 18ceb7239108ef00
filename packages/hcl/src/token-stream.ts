// The scanner's output: every token as a (type, start, end) triple in flat arrays.
//
// A large file has millions of tokens. Keeping one object per token alive for the whole parse
// made garbage collection the biggest cost of parsing, so tokens are stored as numbers and
// turned into `Token` objects only when the parser looks at them; those objects die young.
import type { Range } from "./pos.js";
import type { SourceIndex } from "./source-index.js";
import type { Token, TokenType } from "./token.js";

/**
 * The number the stream stores for each token type: the scanner writes these, so that a large
 * source's types fit in a byte array instead of an array of strings.
 */
export const T = {
  "{": 0,
  "}": 1,
  "[": 2,
  "]": 3,
  "(": 4,
  ")": 5,
  OQuote: 6,
  CQuote: 7,
  OHeredoc: 8,
  CHeredoc: 9,
  "*": 10,
  "/": 11,
  "+": 12,
  "-": 13,
  "%": 14,
  "=": 15,
  "==": 16,
  "!=": 17,
  "<": 18,
  "<=": 19,
  ">": 20,
  ">=": 21,
  "&&": 22,
  "||": 23,
  "!": 24,
  ".": 25,
  ",": 26,
  "::": 27,
  "...": 28,
  "=>": 29,
  "?": 30,
  ":": 31,
  TemplateInterp: 32,
  TemplateControl: 33,
  TemplateSeqEnd: 34,
  QuotedLit: 35,
  StringLit: 36,
  NumberLit: 37,
  Ident: 38,
  Comment: 39,
  Newline: 40,
  EOF: 41,
  "&": 42,
  "|": 43,
  "~": 44,
  "^": 45,
  "'": 46,
  "`": 47,
  ";": 48,
  Invalid: 49,
  BadUTF8: 50,
  QuotedNewline: 51,
} as const satisfies Record<TokenType, number>;

/** A stored token type's number. */
export type TokenCode = (typeof T)[TokenType];

/** Each token type, at its number's index: TOKEN_TYPES[T[type]] === type. */
const TOKEN_TYPES: readonly TokenType[] = (() => {
  const types: TokenType[] = [];
  for (const type of Object.keys(T) as TokenType[]) types[T[type]] = type;
  return types;
})();

/** A token materialized from the stream; its text and range are computed only when asked. */
class StreamToken implements Token {
  readonly type: TokenType;
  readonly start: number;
  readonly end: number;
  private readonly source: SourceIndex;
  private cachedRange: Range | undefined;

  constructor(type: TokenType, start: number, end: number, source: SourceIndex) {
    this.type = type;
    this.start = start;
    this.end = end;
    this.source = source;
    this.cachedRange = undefined;
  }

  get text(): string {
    return this.source.src.slice(this.start, this.end);
  }

  get range(): Range {
    if (this.cachedRange === undefined) this.cachedRange = this.source.range(this.start, this.end);
    return this.cachedRange;
  }
}

/** Source length from which token offsets are kept in typed arrays. */
const TYPED_ARRAYS_FROM = 8192;

// Small sources keep every token instead (`made`) and never use the four-slot cache.
const NO_CACHE_INDEX: number[] = [];
const NO_CACHE_TOKEN: (Token | null)[] = [];

export class TokenStream {
  readonly source: SourceIndex;
  // For a large source the types (as their numbers, T) and the offsets go in typed arrays of
  // the source's length, allocated once and never grown: every token but the final EOF covers
  // at least one character. Growing by push, copy after copy, was a quarter of the scanner's
  // time, and an array of type strings that long was costly to fill. (Arrays of half the
  // length, enough for real files, measured slower over a whole process: the collector's
  // timing, not the scanner, made the difference.) Small sources use plain arrays: creating
  // typed arrays would cost more than scanning them.
  private types: Uint8Array | number[];
  private count = 0;
  private starts: Int32Array | number[];
  private ends: Int32Array | number[];
  private capacity: number;
  /**
   * The last few tokens materialized, by index modulo 4: the parser peeks at the same token
   * several times and often asks again for the one it just read.
   */
  private readonly cacheIndex: number[];
  private readonly cacheToken: (Token | null)[];
  /** For small sources, every token made so far: few enough to keep, and never made twice. */
  private readonly made: Token[] | null;
  /**
   * False when the scanner that filled the stream emitted no token of a kind that
   * invalidTokenDiagnostics reports, so that it need not look; true when that is not known.
   */
  mayHaveInvalidTokens = true;

  constructor(source: SourceIndex) {
    this.source = source;
    const n = source.src.length;
    if (n < TYPED_ARRAYS_FROM) {
      this.types = [];
      this.made = [];
      this.cacheIndex = NO_CACHE_INDEX;
      this.cacheToken = NO_CACHE_TOKEN;
      this.starts = [];
      this.ends = [];
      this.capacity = Number.POSITIVE_INFINITY;
    } else {
      const capacity = n + 1;
      this.types = new Uint8Array(capacity);
      this.made = null;
      this.cacheIndex = [-1, -1, -1, -1];
      this.cacheToken = [null, null, null, null];
      this.starts = new Int32Array(capacity);
      this.ends = new Int32Array(capacity);
      this.capacity = capacity;
    }
  }

  get length(): number {
    return this.count;
  }

  /** Appends a token: its type's number (T) and its string offsets. */
  push(code: TokenCode, start: number, end: number): void {
    const i = this.count++;
    if (i === this.capacity) this.grow();
    this.types[i] = code;
    this.starts[i] = start;
    this.ends[i] = end;
  }

  /** Only a scanner that emits empty tokens could need this; kept so that none can overrun. */
  private grow(): void {
    this.capacity = this.capacity * 2;
    const types = new Uint8Array(this.capacity);
    types.set(this.types);
    this.types = types;
    const starts = new Int32Array(this.capacity);
    starts.set(this.starts);
    this.starts = starts;
    const ends = new Int32Array(this.capacity);
    ends.set(this.ends);
    this.ends = ends;
  }

  type(i: number): TokenType {
    return TOKEN_TYPES[this.types[i] as number] as TokenType;
  }

  start(i: number): number {
    return this.starts[i] as number;
  }

  end(i: number): number {
    return this.ends[i] as number;
  }

  /** The token at `i` as an object (often the same object when asked for a recent token again). */
  token(i: number): Token {
    const made = this.made;
    if (made !== null) {
      let tok = made[i];
      if (tok === undefined) {
        tok = new StreamToken(
          TOKEN_TYPES[this.types[i] as number] as TokenType,
          this.starts[i] as number,
          this.ends[i] as number,
          this.source,
        );
        made[i] = tok;
      }
      return tok;
    }
    const slot = i & 3;
    if (this.cacheIndex[slot] === i) return this.cacheToken[slot] as Token;
    const tok = new StreamToken(
      TOKEN_TYPES[this.types[i] as number] as TokenType,
      this.starts[i] as number,
      this.ends[i] as number,
      this.source,
    );
    this.cacheIndex[slot] = i;
    this.cacheToken[slot] = tok;
    return tok;
  }

  /** Every token as an object (for tests and tools; the parser never needs them all at once). */
  toArray(): Token[] {
    const out: Token[] = [];
    for (let i = 0; i < this.count; i++) out.push(this.token(i));
    return out;
  }
}
