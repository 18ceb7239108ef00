import { describe, expect, it } from "vitest";
import { sourceOffset } from "./source-offset.js";

describe("sourceOffset", () => {
  it("counts columns in code points and returns UTF-16 offsets", () => {
    const text = 'a = "😀é"\nb = 2';
    expect(sourceOffset(text, { line: 1, column: 6, byte: 5 })).toBe(5);
    expect(sourceOffset(text, { line: 1, column: 7, byte: 9 })).toBe(7);
    expect(sourceOffset(text, { line: 2, column: 5, byte: 17 })).toBe(text.length - 1);
  });

  it("stays within the text and within the line", () => {
    expect(sourceOffset("ab\ncd", { line: 1, column: 9, byte: 8 })).toBe(2);
    expect(sourceOffset("ab", { line: 4, column: 1, byte: 0 })).toBe(2);
  });
});
