// Source positions and ranges, as HCL reports them: 1-based line and column, 0-based UTF-8 byte offset.

/** A point in a source file. `column` counts characters (code points) from 1; `byte` is the UTF-8 offset from 0. */
export interface Pos {
  readonly line: number;
  readonly column: number;
  readonly byte: number;
}

/** A span of source text; `end` is exclusive. */
export interface Range {
  readonly filename: string;
  readonly start: Pos;
  readonly end: Pos;
}

/** The smallest range that covers both `a` and `b` (as hcl.RangeBetween). */
export function rangeBetween(a: Range, b: Range): Range {
  const start = a.start.byte <= b.start.byte ? a.start : b.start;
  const end = a.end.byte >= b.end.byte ? a.end : b.end;
  return { filename: a.filename, start, end };
}

/** An empty range at the end of `r`. */
export function rangeAtEnd(r: Range): Range {
  return { filename: r.filename, start: r.end, end: r.end };
}
