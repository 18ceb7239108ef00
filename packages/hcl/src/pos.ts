// Source positions and ranges, as HCL reports them: 1-based line and column, 0-based UTF-8 byte offset.
import { SourceRange } from "./source-index.js";

/** A point in a source file. `column` counts characters (code points) from 1; `byte` is the UTF-8 offset from 0. */
export interface Pos {
  readonly line: number;
  readonly column: number;
  readonly byte: number;
}

/**
 * A span of source text; `end` is exclusive. Ranges of a parsed text are SourceRange objects,
 * which compute their positions when read; any other object of this shape is a Range too.
 */
export interface Range {
  readonly filename: string;
  readonly start: Pos;
  readonly end: Pos;
}

/** The smallest range that covers both `a` and `b` (as hcl.RangeBetween). */
export function rangeBetween(a: Range, b: Range): Range {
  const lazy = SourceRange.between(a, b);
  if (lazy !== null) return lazy;
  const start = a.start.byte <= b.start.byte ? a.start : b.start;
  const end = a.end.byte >= b.end.byte ? a.end : b.end;
  return { filename: a.filename, start, end };
}

/** An empty range at the end of `r`. */
export function rangeAtEnd(r: Range): Range {
  const lazy = SourceRange.atEnd(r);
  if (lazy !== null) return lazy;
  return { filename: r.filename, start: r.end, end: r.end };
}

/**
 * `r` as plain data: `r` itself when it is a plain object, else (a SourceRange, or a range of
 * another kind or of another copy of this package) a new `{ filename, start, end }` read from it.
 * Diagnostics hold their ranges this way, so that they can be copied, spread and sent between
 * threads as the data they are.
 */
export function plainRange(r: Range): Range {
  const proto = Object.getPrototypeOf(r);
  if (proto === Object.prototype || proto === null) return r;
  return { filename: r.filename, start: r.start, end: r.end };
}
