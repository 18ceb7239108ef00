// Long arrays of newly made values, filled in pieces and joined into one array at the end.
//
// V8 allocates an array of more than 128 KB (16,384 elements) in its large-object space, and
// such an array that is live at a minor garbage collection moves to the old generation at
// once. From then on every young object it points to survives each minor collection (copied,
// then promoted) until the next full one, even after the array itself is garbage. Filling a
// long array while its elements are being made invites exactly that; filling pieces below
// that size and joining them once the elements exist does not.

/** Elements per piece: well below the large-object size. */
const PIECE = 8192;

/** Arrays longer than this are allocated in the large-object space. */
export const LARGE_ARRAY = 16384;

/** An array of `length` slots, set in any order. */
export class ChunkedArray<T extends object> {
  readonly length: number;
  readonly #pieces: (T | undefined)[][];

  constructor(length: number) {
    this.length = length;
    const pieces: (T | undefined)[][] = [];
    for (let start = 0; start < length; start += PIECE)
      pieces.push(new Array(Math.min(PIECE, length - start)));
    this.#pieces = pieces;
  }

  set(i: number, value: T): void {
    this.#pieces[Math.floor(i / PIECE)]![i % PIECE] = value;
  }

  /** The pieces themselves, in order, for a caller that has set every slot (listValPieces). */
  pieces(): readonly T[][] {
    return this.#pieces as T[][];
  }

  /** The pieces, with unset slots set from the element at the same index of `fill`'s pieces. */
  filledPieces(fill: readonly (readonly T[])[]): readonly T[][] {
    let from = 0;
    let k = 0;
    for (const piece of this.#pieces) {
      for (let j = 0; j < piece.length; j++, k++) {
        while (k >= fill[from]!.length) {
          k -= fill[from]!.length;
          from++;
        }
        if (piece[j] === undefined) piece[j] = fill[from]![k];
      }
    }
    return this.#pieces as T[][];
  }

  /** The slots as one array, unset ones taken from `fill` at the same index. */
  toArray(fill?: readonly T[]): T[] {
    const pieces = this.#pieces;
    // A single piece is the array itself.
    if (pieces.length === 1 && fill === undefined) return pieces[0] as T[];
    const out = pieces.length === 1 ? pieces[0]! : new Array<T | undefined>(this.length);
    let i = 0;
    for (const piece of pieces) {
      for (let j = 0; j < piece.length; j++, i++) {
        const v = piece[j];
        out[i] = v === undefined && fill !== undefined ? fill[i] : v;
      }
    }
    return out as T[];
  }
}
