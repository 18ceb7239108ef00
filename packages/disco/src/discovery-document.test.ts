import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeDiscoveryDocument } from "./discovery-document.js";

const bytes = (text: string) => new TextEncoder().encode(text);

describe("decodeDiscoveryDocument", () => {
  it("returns the services of a JSON object", () => {
    expect(decodeDiscoveryDocument(bytes('{"modules.v1": "/m/", "n": 1.5}\n'))).toEqual({
      ok: true,
      services: { "modules.v1": "/m/", n: 1.5 },
    });
  });

  it("reads null as a host without services", () => {
    expect(decodeDiscoveryDocument(bytes(" null "))).toEqual({ ok: true, services: null });
  });

  it("keeps the last of duplicate keys", () => {
    expect(decodeDiscoveryDocument(bytes('{"a": 1, "a": 2}'))).toEqual({ ok: true, services: { a: 2 } });
  });

  it("freezes the decoded document", () => {
    const result = decodeDiscoveryDocument(bytes('{"login.v1": {"scopes": ["a"]}}'));
    if (!result.ok || result.services === null) throw new Error("expected services");
    expect(Object.isFrozen(result.services)).toBe(true);
    expect(Object.isFrozen((result.services["login.v1"] as { scopes: unknown }).scopes)).toBe(true);
  });

  it("keeps a __proto__ key as data", () => {
    const result = decodeDiscoveryDocument(bytes('{"__proto__": {"polluted": true}}'));
    if (!result.ok || result.services === null) throw new Error("expected services");
    expect(Object.hasOwn(result.services, "__proto__")).toBe(true);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it.each([
    ["", "unexpected end of JSON input"],
    [" \n\t", "unexpected end of JSON input"],
    ["[]", "json: cannot unmarshal array into Go value of type map[string]interface {}"],
    ['"modules"', "json: cannot unmarshal string into Go value of type map[string]interface {}"],
    ["42", "json: cannot unmarshal number into Go value of type map[string]interface {}"],
    ["true", "json: cannot unmarshal bool into Go value of type map[string]interface {}"],
    ["\uFEFF{}", "invalid character 'ï' looking for beginning of value"],
    ["{} {}", "invalid character '{' after top-level value"],
    ["{}x", "invalid character 'x' after top-level value"],
    ['{"a":', "unexpected end of JSON input"],
    ["{a:1}", "invalid character 'a' looking for beginning of object key string"],
    ['{"a" 1}', "invalid character '1' after object key"],
    ['{"a":1 "b":2}', "invalid character '\"' after object key:value pair"],
    ["[1,]", "invalid character ']' looking for beginning of value"],
    ["[1 2]", "invalid character '2' after array element"],
    ["trux", "invalid character 'x' in literal true (expecting 'e')"],
    ["nul", "unexpected end of JSON input"],
    ["01", "invalid character '1' after top-level value"],
    ["-a", "invalid character 'a' in numeric literal"],
    ["1.e5", "invalid character 'e' after decimal point in numeric literal"],
    ["1e+", "unexpected end of JSON input"],
    ["1ex", "invalid character 'x' in exponent of numeric literal"],
    ['"\u0001"', "invalid character '\\x01' in string literal"],
    ['"\\q"', "invalid character 'q' in string escape code"],
    ['"\\u12G4"', "invalid character 'G' in \\u hexadecimal character escape"],
    ["'a'", "invalid character '\\'' looking for beginning of value"],
    ["<html>", "invalid character '<' looking for beginning of value"],
  ])("refuses %j with Go's message %j", (text, message) => {
    expect(decodeDiscoveryDocument(bytes(text))).toEqual({ ok: false, message });
  });

  it("refuses nesting deeper than Go's limit, which JSON.parse would accept", () => {
    const deep = (n: number) => `${'{"a":'.repeat(n)}1${"}".repeat(n)}`;
    expect(decodeDiscoveryDocument(bytes(deep(10_000))).ok).toBe(true);
    expect(decodeDiscoveryDocument(bytes(deep(200_000)))).toEqual({
      ok: false,
      message: "invalid character '{' exceeded max depth",
    });
  });

  it("round-trips every JSON object", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), (object) => {
        const result = decodeDiscoveryDocument(bytes(JSON.stringify(object)));
        expect(result).toEqual({ ok: true, services: JSON.parse(JSON.stringify(object)) });
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
