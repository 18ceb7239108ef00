import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { GO_JSON_MAX_DEPTH, goJsonSyntaxError } from "./json-syntax-error.js";

describe("goJsonSyntaxError (encoding/json's scanner)", () => {
  // Go's TestIndentErrors, then the texts tofukit's decoders recorded against the reference.
  it.each([
    ['{"X": "foo", "Y"}', "invalid character '}' after object key"],
    ['{"X": "foo" "Y": "bar"}', "invalid character '\"' after object key:value pair"],
    ["", "unexpected end of JSON input"],
    [" \n\t", "unexpected end of JSON input"],
    ['{"a":', "unexpected end of JSON input"],
    ["x", "invalid character 'x' looking for beginning of value"],
    ["Password: ", "invalid character 'P' looking for beginning of value"],
    ["<html>", "invalid character '<' looking for beginning of value"],
    ["'a'", "invalid character '\\'' looking for beginning of value"],
    ["\uFEFF{}", "invalid character 'ï' looking for beginning of value"],
    ["é", "invalid character 'Ã' looking for beginning of value"],
    ["\u0085", "invalid character 'Â' looking for beginning of value"],
    ["{} {}", "invalid character '{' after top-level value"],
    ['{"token":"t"}\n{"token":"u"}', "invalid character '{' after top-level value"],
    ["{}x", "invalid character 'x' after top-level value"],
    ["01", "invalid character '1' after top-level value"],
    ["{a:1}", "invalid character 'a' looking for beginning of object key string"],
    ['{"a":1,}', "invalid character '}' looking for beginning of object key string"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', "invalid character '\"' after object key:value pair"],
    ["[1,]", "invalid character ']' looking for beginning of value"],
    ["[1 2]", "invalid character '2' after array element"],
    ["[01]", "invalid character '1' after array element"],
    ["{]", "invalid character ']' looking for beginning of object key string"],
    ["}{", "invalid character '}' looking for beginning of value"],
    ["tru", "unexpected end of JSON input"],
    ["nul", "unexpected end of JSON input"],
    ["trux", "invalid character 'x' in literal true (expecting 'e')"],
    ["fals", "unexpected end of JSON input"],
    ["nulL", "invalid character 'L' in literal null (expecting 'l')"],
    ['"a\nb"', "invalid character '\\n' in string literal"],
    ['"\u0001"', "invalid character '\\x01' in string literal"],
    ['"\\x"', "invalid character 'x' in string escape code"],
    ['"\\q"', "invalid character 'q' in string escape code"],
    ['"\\u12G4"', "invalid character 'G' in \\u hexadecimal character escape"],
    ['"\\u12', "unexpected end of JSON input"],
    ["-x", "invalid character 'x' in numeric literal"],
    ["-a", "invalid character 'a' in numeric literal"],
    ["1.x", "invalid character 'x' after decimal point in numeric literal"],
    ["1.e5", "invalid character 'e' after decimal point in numeric literal"],
    ["1ex", "invalid character 'x' in exponent of numeric literal"],
    ["1e+", "unexpected end of JSON input"],
    ["[1\u007f", "invalid character '\\x7f' after array element"],
    ["[\t\r\n ]", null],
    ['{"a":[1,-2.5e+3,true,false,null,"\\u00e9\\n",{}]}', null],
    ['"\\ud800"', null],
  ])("reads %j: %s", (text, message) => {
    expect(goJsonSyntaxError(text)).toBe(message);
    expect(goJsonSyntaxError(new TextEncoder().encode(text))).toBe(message);
  });

  it("reads the first value only as json.Decoder does, with io's EOF texts", () => {
    expect(goJsonSyntaxError("", "decoder")).toBe("EOF");
    expect(goJsonSyntaxError("  \n", "decoder")).toBe("EOF");
    expect(goJsonSyntaxError("{", "decoder")).toBe("unexpected EOF");
    expect(goJsonSyntaxError("tru", "decoder")).toBe("unexpected EOF");
    expect(goJsonSyntaxError("-", "decoder")).toBe("unexpected EOF");
    expect(goJsonSyntaxError('{"a": true} trailing garbage', "decoder")).toBeNull();
    expect(goJsonSyntaxError("1 2", "decoder")).toBeNull();
    expect(goJsonSyntaxError("[1,]", "decoder")).toBe("invalid character ']' looking for beginning of value");
  });

  it("reads a string as its UTF-8 bytes, an unpaired surrogate as U+FFFD", () => {
    expect(goJsonSyntaxError("\u07ff")).toBe("invalid character 'ß' looking for beginning of value");
    expect(goJsonSyntaxError("😀")).toBe("invalid character 'ð' looking for beginning of value");
    expect(goJsonSyntaxError("\ud800")).toBe("invalid character 'ï' looking for beginning of value");
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), fc.string({ unit: "binary", maxLength: 3 }), (s, junk) => {
        const text = `["${s.replace(/["\\\x00-\x1f]/g, "")}" ${junk}`;
        expect(goJsonSyntaxError(text)).toBe(goJsonSyntaxError(new TextEncoder().encode(text)));
      }),
    );
  });

  it("names the byte Go names: a non-ASCII character by its first UTF-8 byte", () => {
    // 0x80–0xA0 and 0xAD read as runes are not printable, so Go escapes them.
    expect(goJsonSyntaxError(Uint8Array.of(0x80))).toBe(
      "invalid character '\\u0080' looking for beginning of value",
    );
    expect(goJsonSyntaxError(Uint8Array.of(0xa0))).toBe(
      "invalid character '\\u00a0' looking for beginning of value",
    );
    expect(goJsonSyntaxError(Uint8Array.of(0xad))).toBe(
      "invalid character '\\u00ad' looking for beginning of value",
    );
    expect(goJsonSyntaxError(Uint8Array.of(0xff))).toBe(
      "invalid character 'ÿ' looking for beginning of value",
    );
  });

  it("allows Go's nesting depth and refuses one level more, without using the stack", () => {
    const nested = (n: number) => "[".repeat(n) + "]".repeat(n);
    expect(goJsonSyntaxError(nested(GO_JSON_MAX_DEPTH))).toBeNull();
    expect(goJsonSyntaxError(nested(GO_JSON_MAX_DEPTH + 1))).toBe("invalid character '[' exceeded max depth");
    expect(goJsonSyntaxError("[".repeat(1_000_000))).toBe("invalid character '[' exceeded max depth");
    expect(goJsonSyntaxError('{"a":'.repeat(100_000))).toBe("invalid character '{' exceeded max depth");
  });

  it("refuses exactly the texts JSON.parse refuses", () => {
    const texts = fc.oneof(
      fc.json(),
      fc.string(),
      fc.json().map((t) => `${t}${t}`),
      fc.tuple(fc.json(), fc.nat(), fc.string({ maxLength: 2 })).map(([t, n, s]) => {
        const at = n % (t.length + 1);
        return t.slice(0, at) + s + t.slice(at);
      }),
    );
    fc.assert(
      fc.property(texts, (text) => {
        let parses = true;
        try {
          JSON.parse(text);
        } catch {
          parses = false;
        }
        expect(goJsonSyntaxError(text) === null).toBe(parses);
      }),
      { numRuns: 2000 },
    );
  });
});
