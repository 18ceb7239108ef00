import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareStrings, indexOfSortedKey, sortedStrings } from "./string-order.js";

const utf8 = new TextEncoder();

/** UTF-8 byte order, computed from the bytes themselves. */
function byBytes(a: string, b: string): number {
  const x = utf8.encode(a);
  const y = utf8.encode(b);
  for (let i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i]! - y[i]!;
  return x.length - y.length;
}

// Well-formed strings only: a lone surrogate has no UTF-8 encoding.
const text = fc.string({ unit: "grapheme-composite", maxLength: 6 });

describe("compareStrings", () => {
  it("orders an astral character after U+E000..U+FFFF, as UTF-8 bytes do", () => {
    expect(compareStrings("\u{1F600}", "\uFFFD")).toBeGreaterThan(0);
    expect("\u{1F600}" < "\uFFFD").toBe(true); // what JavaScript's < says instead
    expect(sortedStrings(["b", "\u{1F600}", "\uE000", "a"])).toEqual(["a", "b", "\uE000", "\u{1F600}"]);
  });

  it("agrees in sign with UTF-8 byte order", () => {
    fc.assert(
      fc.property(text, text, (a, b) => {
        expect(Math.sign(compareStrings(a, b))).toBe(Math.sign(byBytes(a, b)));
      }),
    );
  }, 60_000);
});

describe("indexOfSortedKey", () => {
  const many = sortedStrings(["a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "\uE000", "\u{1F600}"]);

  it("finds each key of a short and of a long sorted list, and -1 for others", () => {
    const few = ["enabled", "name", "website"];
    for (const [i, k] of few.entries()) expect(indexOfSortedKey(few, k)).toBe(i);
    expect(indexOfSortedKey(few, "size")).toBe(-1);
    for (const [i, k] of many.entries()) expect(indexOfSortedKey(many, k)).toBe(i);
    expect(indexOfSortedKey(many, "aa")).toBe(-1);
    expect(indexOfSortedKey(many, "\uFFFD")).toBe(-1);
    expect(indexOfSortedKey(many, "z")).toBe(-1);
    expect(indexOfSortedKey([], "a")).toBe(-1);
  });

  it("agrees with a scan on any sorted list", () => {
    fc.assert(
      fc.property(fc.uniqueArray(text, { maxLength: 40 }), text, (keys, probe) => {
        const sorted = sortedStrings(keys);
        for (const k of sorted) expect(indexOfSortedKey(sorted, k)).toBe(sorted.indexOf(k));
        expect(indexOfSortedKey(sorted, probe)).toBe(sorted.indexOf(probe));
      }),
    );
  }, 60_000);
});
