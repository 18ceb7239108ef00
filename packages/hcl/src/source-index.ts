// Positions in a source text: string index → line, column (code points) and UTF-8 byte offset,
// computed on demand from a per-line index, so that neither tokens nor the syntax tree need to
// carry position objects (SourceRange).
import type { Pos, Range } from "./pos.js";

const NON_ASCII = /[^\0-\x7f]/g;

/** String index of the first non-ASCII character at or after `from`, or the length of `src`. */
function nextNonAscii(src: string, from: number): number {
  NON_ASCII.lastIndex = from;
  return NON_ASCII.test(src) ? NON_ASCII.lastIndex - 1 : src.length;
}

export class SourceIndex {
  readonly src: string;
  readonly filename: string;
  /** String index where each line starts (after a "\n"). */
  private readonly lineStarts: number[] = [0];
  /** UTF-8 byte offset where each line starts. */
  private readonly lineBytes: number[];
  /** Whether each line is pure ASCII (then columns and bytes follow from the index alone). */
  private readonly lineAscii: boolean[] = [];
  /** The line of the last lookup: the parser asks for positions mostly in source order. */
  private lastLine = 0;
  /**
   * The last position computed, by string index: where one token ends the next often begins,
   * and sharing the (immutable) object saves building it twice.
   */
  private lastIndex = -1;
  private lastPos: Pos | null = null;

  constructor(src: string, filename: string, startByte: number) {
    this.src = src;
    this.filename = filename;
    this.lineBytes = [startByte];
    const n = src.length;
    // Lines are found with indexOf and non-ASCII characters with a regular expression: both run
    // natively, so an ASCII file costs one pass of native code instead of a loop per character.
    let nonAscii = nextNonAscii(src, 0);
    /** UTF-8 bytes minus UTF-16 units before the current point. */
    let extra = startByte;
    let i = 0;
    for (;;) {
      const nl = src.indexOf("\n", i);
      const lineEnd = nl < 0 ? n : nl;
      let ascii = true;
      while (nonAscii < lineEnd) {
        ascii = false;
        const c = src.charCodeAt(nonAscii);
        let units = 1;
        if (c < 0x800) extra += 1;
        else if (c >= 0xd800 && c <= 0xdbff && (src.charCodeAt(nonAscii + 1) & 0xfc00) === 0xdc00) {
          // A surrogate pair: two UTF-16 units, four UTF-8 bytes.
          extra += 2;
          units = 2;
        } else extra += 2;
        nonAscii = nextNonAscii(src, nonAscii + units);
      }
      this.lineAscii.push(ascii);
      if (nl < 0) break;
      i = nl + 1;
      this.lineStarts.push(i);
      this.lineBytes.push(i + extra);
    }
  }

  /** The position of string index `index`. */
  pos(index: number): Pos {
    if (index === this.lastIndex) return this.lastPos as Pos;
    const p = this.computePos(index);
    this.lastIndex = index;
    this.lastPos = p;
    return p;
  }

  private computePos(index: number): Pos {
    const starts = this.lineStarts;
    const last = starts.length - 1;
    let lo = this.lastLine;
    // Most lookups fall on the line of the previous one or the next; search only otherwise.
    if ((starts[lo] as number) > index || (lo < last && (starts[lo + 1] as number) <= index)) {
      if (
        lo < last &&
        (starts[lo + 1] as number) <= index &&
        (lo + 1 === last || (starts[lo + 2] as number) > index)
      ) {
        lo++;
      } else {
        // Binary search for the last line starting at or before `index`.
        lo = 0;
        let hi = last;
        while (lo < hi) {
          const mid = (lo + hi + 1) >> 1;
          if ((starts[mid] as number) <= index) lo = mid;
          else hi = mid - 1;
        }
      }
      this.lastLine = lo;
    }
    const start = starts[lo] as number;
    const lineByte = this.lineBytes[lo] as number;
    if (this.lineAscii[lo])
      return { line: lo + 1, column: index - start + 1, byte: lineByte + (index - start) };
    const src = this.src;
    let column = 1;
    let byte = lineByte;
    for (let i = start; i < index; i++) {
      const c = src.charCodeAt(i);
      column++;
      if (c < 0x80) byte++;
      else if (c < 0x800) byte += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < index && (src.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        byte += 4;
        i++;
      } else byte += 3;
    }
    return { line: lo + 1, column, byte };
  }

  /** The range from string index `start` to `end`. */
  range(start: number, end: number): SourceRange {
    return new SourceRange(this, start, end);
  }
}

/**
 * A range in a parsed source text, as the syntax tree and its tokens hold it. It keeps two string
 * offsets and computes its positions when they are read, instead of keeping a range and two
 * position objects per node: for a large file those were the biggest part of the tree, and the
 * largest cost of a parse. It reads as any other Range (`filename`, `start`, `end`, each position
 * made anew on each read); `toJSON()` gives the plain data, which is also what `JSON.stringify`
 * writes. A spread or `structuredClone` copies no positions: use `plainRange` for a copy.
 */
export class SourceRange implements Range {
  readonly #index: SourceIndex;
  readonly #start: number;
  readonly #end: number;

  constructor(index: SourceIndex, start: number, end: number) {
    this.#index = index;
    this.#start = start;
    this.#end = end;
  }

  get filename(): string {
    return this.#index.filename;
  }

  get start(): Pos {
    return this.#index.pos(this.#start);
  }

  get end(): Pos {
    return this.#index.pos(this.#end);
  }

  /** The range as plain data: `{ filename, start: { line, column, byte }, end: { … } }`. */
  toJSON(): Range {
    return { filename: this.filename, start: this.start, end: this.end };
  }

  /** Node's `console.log` and `util.inspect` show a SourceRange as its plain data. */
  [Symbol.for("nodejs.util.inspect.custom")](): Range {
    return this.toJSON();
  }

  /** The index of the text `r` is a range of. */
  static indexOf(r: SourceRange): SourceIndex {
    return r.#index;
  }

  /** The string offset where `r` starts. */
  static startOf(r: SourceRange): number {
    return r.#start;
  }

  /** The string offset where `r` ends (exclusive). */
  static endOf(r: SourceRange): number {
    return r.#end;
  }

  /**
   * The smallest range covering `a` and `b` when both are ranges of one source text (else null),
   * without computing a position.
   */
  static between(a: Range, b: Range): SourceRange | null {
    if (!(a instanceof SourceRange && b instanceof SourceRange) || a.#index !== b.#index) return null;
    const start = a.#start <= b.#start ? a : b;
    const end = a.#end >= b.#end ? a : b;
    if (start === end) return start;
    return new SourceRange(a.#index, start.#start, end.#end);
  }

  /** The empty range at the end of `r` when it is a SourceRange, else null. */
  static atEnd(r: Range): SourceRange | null {
    return r instanceof SourceRange ? new SourceRange(r.#index, r.#end, r.#end) : null;
  }
}
