import { describe, expect, it } from "vitest";
import { TypeConstraintCache, TypeExprError, typeString } from "./index.js";

describe("TypeConstraintCache", () => {
  it("returns the same immutable result for the same source", () => {
    const cache = new TypeConstraintCache();
    const a = cache.parse('object({a = optional(string, "x")})');
    expect(cache.parse('object({a = optional(string, "x")})')).toBe(a);
    expect(Object.isFrozen(a)).toBe(true);
    expect(typeString(a.type)).toBe("object({a=string})");
  });

  it("keys by file name too, since diagnostics and ranges name the file", () => {
    const cache = new TypeConstraintCache();
    expect(cache.parse("string", "a.tf")).not.toBe(cache.parse("string", "b.tf"));
  });

  it("evicts the least recently used entry beyond its limit", () => {
    const cache = new TypeConstraintCache(2);
    const first = cache.parse("string");
    cache.parse("number");
    cache.parse("string");
    cache.parse("bool");
    expect(cache.parse("string")).toBe(first);
  });

  it("does not cache failures", () => {
    const cache = new TypeConstraintCache();
    expect(() => cache.parse("strin")).toThrow(TypeExprError);
    expect(() => cache.parse("strin")).toThrow(TypeExprError);
  });
});
