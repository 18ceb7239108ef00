import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeJson, JsonNumber } from "./json-decode.js";
import { encodeJson } from "./json-encode.js";

describe("encodeJson", () => {
  it("indents with two spaces, sorts keys and adds no trailing newline, as json.MarshalIndent", () => {
    const value = decodeJson(
      '{"b": [1, {"y": null, "x": false}], "a": {}, "c": [], "credentials": {"z": {"token": "t"}}}',
    );
    expect(encodeJson(value, true)).toBe(
      [
        "{",
        '  "a": {},',
        '  "b": [',
        "    1,",
        "    {",
        '      "x": false,',
        '      "y": null',
        "    }",
        "  ],",
        '  "c": [],',
        '  "credentials": {',
        '    "z": {',
        '      "token": "t"',
        "    }",
        "  }",
        "}",
      ].join("\n"),
    );
  });

  it("writes compactly, as json.Marshal", () => {
    expect(encodeJson(new Map([["token", "a<b"]]), false)).toBe('{"token":"a\\u003cb"}');
  });

  it("escapes < > & U+2028 U+2029 and control characters, and writes other non-ASCII raw", () => {
    expect(encodeJson('<>&\u2028\u2029\n\r\t\b\f\u0001\u001f\u007fé😀"\\', false)).toBe(
      '"\\u003c\\u003e\\u0026\\u2028\\u2029\\n\\r\\t\\b\\f\\u0001\\u001f\u007fé😀\\"\\\\"',
    );
  });

  it("writes unpaired surrogates as the replacement character", () => {
    expect(encodeJson("a\ud800", false)).toBe('"a\\ufffd"');
  });

  it("keeps numbers digit for digit", () => {
    expect(encodeJson([new JsonNumber("1e400"), new JsonNumber("0.10")], false)).toBe("[1e400,0.10]");
  });

  it("sorts keys by UTF-8 bytes, not UTF-16 code units", () => {
    const value = new Map<string, null>([
      ["\uffff", null],
      ["😀", null],
      ["a", null],
    ]);
    expect(encodeJson(value, false)).toBe('{"a":null,"\uffff":null,"😀":null}');
  });

  it("round-trips any JSON document through decodeJson without changing its meaning, and is stable", () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (value) => {
        const text = JSON.stringify(value);
        const encoded = encodeJson(decodeJson(text), true);
        expect(JSON.parse(encoded)).toEqual(JSON.parse(text));
        expect(encodeJson(decodeJson(encoded), true)).toBe(encoded);
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
