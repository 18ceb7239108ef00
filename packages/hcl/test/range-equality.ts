// Shared by the vitest.config.ts of every package whose tests read syntax-tree ranges
// (setupFiles, through tofukitProject's `rangeEquality`). A SourceRange computes its positions
// when read and has no own fields for Vitest's structural equality to see, so toEqual compares
// it as the plain range it stands for: `{ filename, start, end }`.

import { expect } from "vitest";
import { SourceRange } from "../src/index.js";

expect.addEqualityTesters([
  function sourceRangeEquality(a: unknown, b: unknown, customTesters) {
    if (!(a instanceof SourceRange || b instanceof SourceRange)) return undefined;
    const plain = (x: unknown): unknown => (x instanceof SourceRange ? x.toJSON() : x);
    return this.equals(plain(a), plain(b), customTesters);
  },
]);

// Failure messages show a SourceRange as its plain data.
expect.addSnapshotSerializer({
  test: (v: unknown) => v instanceof SourceRange,
  serialize: (v: SourceRange, config, indentation, depth, refs, printer) =>
    printer(v.toJSON(), config, indentation, depth, refs),
});
