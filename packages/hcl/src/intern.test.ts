import { describe, expect, it } from "vitest";
import { numberLiteral, stringLiteral } from "./intern.js";

describe("shared literals", () => {
  it("gives the one frozen copy of a short number or string literal", () => {
    expect(numberLiteral("42")).toBe(numberLiteral("42"));
    expect(stringLiteral("eu-west-1")).toBe(stringLiteral("eu-west-1"));
    expect(Object.isFrozen(stringLiteral("a"))).toBe(true);
    expect(stringLiteral("a")).toEqual({ type: "string", value: "a" });
  });

  it("keeps no long text, which could be a view into a whole source", () => {
    const long = "x".repeat(13);
    expect(stringLiteral(long)).not.toBe(stringLiteral(long));
    expect(stringLiteral(long)).toEqual({ type: "string", value: long });
    expect(numberLiteral("1234567890.123")).not.toBe(numberLiteral("1234567890.123"));
  });
});
