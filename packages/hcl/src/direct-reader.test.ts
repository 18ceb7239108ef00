import { describe, expect, it } from "vitest";
import { DirectReader, GIVE_UP } from "./direct-reader.js";

/** `key = identifier` lines: the smallest reader built on DirectReader. */
class PairsReader extends DirectReader {
  constructor(src: string) {
    super(src);
  }

  read(): [string, string][] {
    const out: [string, string][] = [];
    this.noByteOrderMark();
    for (;;) {
      this.skipLines();
      if (this.i >= this.n) return out;
      const key = this.repeatedIdent();
      this.separator();
      if (!this.atIdent()) throw GIVE_UP;
      out.push([key, this.repeatedIdent()]);
      this.skipSpaces();
      if (this.i < this.n && !this.lineEnd()) throw GIVE_UP;
    }
  }
}

const pairs = (src: string) => DirectReader.attempt(() => new PairsReader(src).read());

describe("DirectReader", () => {
  it("skips spaces, tabs, blank lines, line comments of both kinds and block comments", () => {
    const src = "\n  # a comment\n\ta = b  // trailing\r\n\n c-d : e_f # end";
    expect(pairs(src)).toEqual([
      ["a", "b"],
      ["c-d", "e_f"],
    ]);
    expect(pairs("")).toEqual([]);
    expect(pairs("a = b\n// no newline at the end")).toEqual([["a", "b"]]);
    expect(pairs("/* a block\ncomment */ a /**/ = /* x */ b /* one\nmore */\n")).toEqual([["a", "b"]]);
  });

  it("reads every identifier as written, whether it was seen lately or not", () => {
    // More distinct names than the reader keeps, names of one length, prefixes of each other.
    const names = Array.from({ length: 40 }, (_, i) => `n${i % 23}`);
    const lines = names.map((name, i) => `${name} = ${["ab", "ac", "abc", "a", name][i % 5]}`);
    expect(pairs(lines.join("\n"))).toEqual(
      names.map((name, i) => [name, ["ab", "ac", "abc", "a", name][i % 5]]),
    );
  });

  it("gives up where the full parser decides", () => {
    for (const src of [
      "\uFEFFa = b", // a byte order mark
      "a = b\rc = d", // a CR without LF
      "a = b /* unclosed", // an unclosed block comment
      "a = b /* a block comment is no line ending */ c = d",
      "a = b / c", // an operator
      "a == b", // other tokens than the separator
      "a => b",
      "a :: b",
      "a b", // no separator
      "1a = b", // not an identifier
      "a = b\u00e9", // a letter beyond ASCII continues the identifier
      "a = b c", // something after the value
    ]) {
      expect(pairs(src), JSON.stringify(src)).toBeNull();
    }
  });

  it("lets errors other than GIVE_UP through", () => {
    const boom = new Error("boom");
    expect(() =>
      DirectReader.attempt(() => {
        throw boom;
      }),
    ).toThrow(boom);
    expect(DirectReader.attempt(() => 42)).toBe(42);
  });
});
