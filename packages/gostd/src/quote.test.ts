import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { goQuote, goQuoteRune } from "./quote.js";

describe("goQuote (strconv.Quote, %q)", () => {
  // Go's strconv/quote_test.go quotetests (all but "abc\xffdef": a JS string cannot hold the byte
  // 0xff alone), then the cases tofukit's packages recorded against the reference.
  it.each([
    ["\x07\b\f\r\n\t\v", '"\\a\\b\\f\\r\\n\\t\\v"'],
    ["\\", '"\\\\"'],
    ["\u263a", '"☺"'],
    ["\u{10ffff}", '"\\U0010ffff"'],
    ["\x04", '"\\x04"'],
    ["!\u00a0!\u2000!\u3000!", '"!\\u00a0!\\u2000!\\u3000!"'],
    ["plain", '"plain"'],
    ["", '""'],
    ['a"b\\c', '"a\\"b\\\\c"'],
    ["it's", '"it\'s"'],
    ["tab\tnew\nline\r", '"tab\\tnew\\nline\\r"'],
    ["\x00\x1f\x7f", '"\\x00\\x1f\\x7f"'],
    ["\u0080\u009f", '"\\u0080\\u009f"'],
    ["xn--\u200d", '"xn--\\u200d"'],
    ["\u00ad\u202e\ufeff", '"\\u00ad\\u202e\\ufeff"'],
    ["\u2028\u2029", '"\\u2028\\u2029"'],
    ["ü中\u0301 ☃💩", '"ü中\u0301 ☃💩"'],
    ["\u{e0001}", '"\\U000e0001"'],
    ["\ufffd", '"\ufffd"'],
    ['q"b\\', '"q\\"b\\\\"'],
    ["ünïcode ☃ 😀", '"ünïcode ☃ 😀"'],
    ["\u00a0\u200b\ufeff", '"\\u00a0\\u200b\\ufeff"'],
  ])("quotes %j as %s", (input, quoted) => {
    expect(goQuote(input)).toBe(quoted);
  });

  it("quotes an unpaired surrogate as U+FFFD, the value the reference holds for it", () => {
    // JSON.parse keeps "\ud800" as a lone surrogate; Go's encoding/json decodes it as U+FFFD,
    // which strconv.Quote prints as it is.
    expect(goQuote(JSON.parse('"\\ud800"') as string)).toBe('"\ufffd"');
    expect(goQuote("a\udc00b\ud83d")).toBe('"a\ufffdb\ufffd"');
    expect(goQuote("\ud83d\udca9")).toBe('"💩"');
  });

  it("keeps printable ASCII without quotes or backslashes as it is", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^[ !#-[\]-~]*$/), (s) => {
        expect(goQuote(s)).toBe(`"${s}"`);
      }),
    );
  });

  it("writes only printable ASCII and printable non-ASCII, never a raw control character", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        const q = goQuote(s);
        expect(q.startsWith('"') && q.endsWith('"')).toBe(true);
        expect(q).not.toMatch(/[\x00-\x1f\x7f\u0080-\u009f\u2028\u2029]/);
        expect(q).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }),
    );
  });
});

describe("goQuoteRune (strconv.QuoteRune)", () => {
  // Go's strconv/quote_test.go quoterunetests.
  it.each([
    [0x61, "'a'"],
    [0x07, "'\\a'"],
    [0x5c, "'\\\\'"],
    [0xff, "'ÿ'"],
    [0x263a, "'☺'"],
    [0xfffd, "'�'"],
    [0x10ffff, "'\\U0010ffff'"],
    [0x10ffff + 1, "'�'"],
    [0x04, "'\\x04'"],
    [0xa0, "'\\u00a0'"],
    [0x2000, "'\\u2000'"],
    [0x3000, "'\\u3000'"],
    [0x27, "'\\''"],
    [0x22, "'\"'"],
    [0xd800, "'�'"],
    [-1, "'�'"],
  ])("quotes U+%s as %s", (rune, quoted) => {
    expect(goQuoteRune(rune)).toBe(quoted);
  });
});
