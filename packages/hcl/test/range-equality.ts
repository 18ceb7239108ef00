// Shared by the vitest.config.ts of every package whose tests read syntax-tree ranges
// (setupFiles, through tofukitProject's `rangeEquality`). A SourceRange computes its positions
// when read and has no own fields for Vitest's structural equality to see, so toEqual compares
// it as the plain range it stands for: `{ filename, start, end }`. A SyntaxNode keeps its ranges
// the same way, so it is compared as toJSON() gives it: its fields and its ranges.

import { expect } from "vitest";
import { SourceRange, SyntaxNode } from "../src/index.js";

const isLazy = (x: unknown): x is SourceRange | SyntaxNode =>
  x instanceof SourceRange || x instanceof SyntaxNode;
const plain = (x: unknown): unknown => (isLazy(x) ? x.toJSON() : x);

expect.addEqualityTesters([
  function sourceRangeEquality(a: unknown, b: unknown, customTesters) {
    if (!(isLazy(a) || isLazy(b))) return undefined;
    return this.equals(plain(a), plain(b), customTesters);
  },
]);

// Failure messages show a SourceRange or a SyntaxNode as its plain data.
expect.addSnapshotSerializer({
  test: isLazy,
  serialize: (v: SourceRange | SyntaxNode, config, indentation, depth, refs, printer) =>
    printer(v.toJSON(), config, indentation, depth, refs),
});
