import { describe, expect, it } from "vitest";
import { decodeJson, goKindOf, type JsonNumber, JsonSyntaxError } from "./json-decode.js";

describe("decodeJson", () => {
  it("keeps numbers as their source text", () => {
    const value = decodeJson('{"n": 123456789012345678901234567890, "f": 1.50, "e": 1e400, "m": -0}');
    expect(value).toBeInstanceOf(Map);
    const map = value as Map<string, unknown>;
    expect((map.get("n") as JsonNumber).text).toBe("123456789012345678901234567890");
    expect((map.get("f") as JsonNumber).text).toBe("1.50");
    expect((map.get("e") as JsonNumber).text).toBe("1e400");
    expect((map.get("m") as JsonNumber).text).toBe("-0");
  });

  it("lets the last of duplicate keys win", () => {
    expect((decodeJson('{"a": 1, "a": "two"}') as Map<string, unknown>).get("a")).toBe("two");
  });

  it("keeps __proto__ as an ordinary key", () => {
    const map = decodeJson('{"__proto__": {"x": true}}') as Map<string, unknown>;
    expect(map.get("__proto__")).toEqual(new Map([["x", true]]));
  });

  it("decodes escapes, and replaces unpaired surrogates as Go does", () => {
    expect(decodeJson('"a\\n\\u00e9\\ud83d\\ude00\\/"')).toBe("a\né😀/");
    expect(decodeJson('"\\ud800x"')).toBe("\ufffdx");
  });

  it.each([
    ["", "unexpected end of JSON input"],
    ["   ", "unexpected end of JSON input"],
    ['{"a":', "unexpected end of JSON input"],
    ["x", "invalid character 'x' looking for beginning of value"],
    ["\uFEFF{}", "invalid character 'ï' looking for beginning of value"],
    ["{} {}", "invalid character '{' after top-level value"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', "invalid character '\"' after object key:value pair"],
    ["{a:1}", "invalid character 'a' looking for beginning of object key string"],
    ["[1 2]", "invalid character '2' after array element"],
    ["tru", "unexpected end of JSON input"],
    ["trux", "invalid character 'x' in literal true (expecting 'e')"],
    ['"a\nb"', "invalid character '\\n' in string literal"],
    ['"\\x"', "invalid character 'x' in string escape code"],
    ["-x", "invalid character 'x' in numeric literal"],
    ["1.x", "invalid character 'x' after decimal point in numeric literal"],
    ["1ex", "invalid character 'x' in exponent of numeric literal"],
    ["01", "invalid character '1' after top-level value"],
    ["'a'", "invalid character '\\'' looking for beginning of value"],
  ])("reports %j as Go does: %s", (text, message) => {
    expect(() => decodeJson(text)).toThrow(JsonSyntaxError);
    expect(() => decodeJson(text)).toThrow(message);
  });

  it("reads only the first value in `first` mode, as json.Decoder does", () => {
    expect(decodeJson('{"a": true} trailing garbage', "first")).toEqual(new Map([["a", true]]));
    expect(() => decodeJson("  ", "first")).toThrow("EOF");
    expect(() => decodeJson('{"a": ', "first")).toThrow("unexpected EOF");
  });

  it("refuses absurd nesting with an error instead of overflowing the stack", () => {
    expect(() => decodeJson("[".repeat(100_000))).toThrow("exceeded max depth");
  });

  it("names kinds as Go's unmarshal errors do", () => {
    expect(["[]", '"s"', "1", "true", "null", "{}"].map((t) => goKindOf(decodeJson(t)))).toEqual([
      "array",
      "string",
      "number",
      "bool",
      "null",
      "object",
    ]);
  });
});
