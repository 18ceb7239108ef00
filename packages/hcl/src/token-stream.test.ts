import { describe, expect, it } from "vitest";
import { scanTokens } from "./scanner.js";
import { SourceIndex } from "./source-index.js";
import { T, TokenStream } from "./token-stream.js";

describe("TokenStream", () => {
  it("keeps the kind, text and range of every token", () => {
    const src = 'a = "é"\nb = [1, 2]\n';
    const tokens = scanTokens(src, "t.tfvars").toArray();
    expect(tokens.map((t) => [t.type, t.text])).toEqual([
      ["Ident", "a"],
      ["=", "="],
      ["OQuote", '"'],
      ["QuotedLit", "é"],
      ["CQuote", '"'],
      ["Newline", "\n"],
      ["Ident", "b"],
      ["=", "="],
      ["[", "["],
      ["NumberLit", "1"],
      [",", ","],
      ["NumberLit", "2"],
      ["]", "]"],
      ["Newline", "\n"],
      ["EOF", ""],
    ]);
    expect(tokens[4]?.range).toEqual({
      filename: "t.tfvars",
      start: { line: 1, column: 7, byte: 7 },
      end: { line: 1, column: 8, byte: 8 },
    });
    expect(tokens[14]?.range.start).toEqual({ line: 3, column: 1, byte: 20 });
  });

  it("stores large sources the same way as small ones", () => {
    const line = 'k = { a = "ü", b = 2 }\n';
    const src = line.repeat(2000);
    const big = scanTokens(src, "f");
    const perLine = scanTokens(line, "f").length - 1;
    expect(big.length).toBe(perLine * 2000 + 1);
    const last = big.token(big.length - 2);
    expect(last.type).toBe("Newline");
    expect(last.range.start).toEqual({ line: 2000, column: 23, byte: 24 * 2000 - 1 });
  });

  it("grows past the capacity it started with", () => {
    const src = "x".repeat(10000);
    const stream = new TokenStream(new SourceIndex(src, "f", 0));
    // More tokens than characters: only a scanner emitting empty tokens would do this.
    for (let i = 0; i < 25000; i++) stream.push(T.Ident, i % 10000, (i % 10000) + 1);
    expect(stream.length).toBe(25000);
    expect(stream.start(24999)).toBe(4999);
    expect(stream.end(24999)).toBe(5000);
    expect(stream.token(12345).text).toBe("x");
  });
});
