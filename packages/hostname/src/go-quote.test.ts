import { describe, expect, it } from "vitest";
import { goQuote } from "./go-quote.js";

describe("goQuote (Go's %q)", () => {
  it.each([
    ["plain", '"plain"'],
    ['a"b\\c', '"a\\"b\\\\c"'],
    ["tab\tnew\nline\r", '"tab\\tnew\\nline\\r"'],
    ["\x07\b\f\v", '"\\a\\b\\f\\v"'],
    ["\x00\x1f\x7f", '"\\x00\\x1f\\x7f"'],
    ["xn--\u200d", '"xn--\\u200d"'],
    ["\u00ad\u202e\ufeff", '"\\u00ad\\u202e\\ufeff"'],
    ["ü中\u0301 ☃💩", '"ü中\u0301 ☃💩"'],
    ["\u{e0001}", '"\\U000e0001"'],
    ["\ud800", '"\\ufffd"'],
  ])("quotes %j as %s", (input, quoted) => {
    expect(goQuote(input)).toBe(quoted);
  });
});
