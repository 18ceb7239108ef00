import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { goJsonHtmlEscape, goJsonString } from "./json-string.js";

describe("goJsonString (json.Marshal of a string)", () => {
  // Go's encoding/json encode_test.go: TestHTMLEscape's text, the control characters as Go 1.22+
  // writes them, and invalid UTF-8 (here: an unpaired surrogate) as U+FFFD.
  it.each([
    ["<html>foo &\u2028 \u2029</html>", '"\\u003chtml\\u003efoo \\u0026\\u2028 \\u2029\\u003c/html\\u003e"'],
    ["plain", '"plain"'],
    ["", '""'],
    ['a"b\\c/', '"a\\"b\\\\c/"'],
    ["\b\f\n\r\t", '"\\b\\f\\n\\r\\t"'],
    ["\x00\x01\x1f\x7f", '"\\u0000\\u0001\\u001f\x7f"'],
    ["é中💩\u0085", '"é中💩\u0085"'],
    ["a\ud800b", '"a\\ufffdb"'],
    ["\udc00", '"\\ufffd"'],
  ])("writes %j as %s", (input, json) => {
    expect(goJsonString(input)).toBe(json);
  });

  it("writes JSON that reads back as the string (unpaired surrogates aside)", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), (s) => {
        const json = goJsonString(s);
        expect(JSON.parse(json)).toBe(s);
        expect(json).not.toMatch(/[<>&\u2028\u2029]/);
      }),
    );
  });
});

describe("goJsonHtmlEscape (json.HTMLEscape)", () => {
  it("escapes <, >, &, U+2028 and U+2029 and nothing else", () => {
    expect(goJsonHtmlEscape('{"M":"<html>foo &\u2028 \u2029</html>"}')).toBe(
      '{"M":"\\u003chtml\\u003efoo \\u0026\\u2028 \\u2029\\u003c/html\\u003e"}',
    );
    expect(goJsonHtmlEscape('["a","é"]')).toBe('["a","é"]');
  });

  it("keeps the value the JSON text means", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        expect(JSON.parse(goJsonHtmlEscape(text))).toEqual(JSON.parse(text));
      }),
    );
  });
});
