// Positions in a source text: string index → line, column (code points) and UTF-8 byte offset,
// computed on demand from a per-line index so that tokens need not carry position objects.
import type { Pos, Range } from "./pos.js";

export class SourceIndex {
  readonly src: string;
  readonly filename: string;
  /** String index where each line starts (after a "\n"). */
  private readonly lineStarts: number[] = [0];
  /** UTF-8 byte offset where each line starts. */
  private readonly lineBytes: number[];
  /** Whether each line is pure ASCII (then columns and bytes follow from the index alone). */
  private readonly lineAscii: boolean[] = [];

  constructor(src: string, filename: string, startByte: number) {
    this.src = src;
    this.filename = filename;
    this.lineBytes = [startByte];
    let byte = startByte;
    let ascii = true;
    const n = src.length;
    for (let i = 0; i < n; i++) {
      const c = src.charCodeAt(i);
      if (c < 0x80) {
        byte++;
        if (c === 10) {
          this.lineAscii.push(ascii);
          ascii = true;
          this.lineStarts.push(i + 1);
          this.lineBytes.push(byte);
        }
        continue;
      }
      ascii = false;
      if (c < 0x800) byte += 2;
      else if (c >= 0xd800 && c <= 0xdbff && i + 1 < n && (src.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
        byte += 4;
        i++;
      } else byte += 3;
    }
    this.lineAscii.push(ascii);
  }

  /** The position of string index `index`. */
  pos(index: number): Pos {
    const starts = this.lineStarts;
    // Binary search for the last line starting at or before `index`.
    let lo = 0;
    let hi = starts.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if ((starts[mid] as number) <= index) lo = mid;
      else hi = mid - 1;
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

  range(start: number, end: number): Range {
    return { filename: this.filename, start: this.pos(start), end: this.pos(end) };
  }
}
