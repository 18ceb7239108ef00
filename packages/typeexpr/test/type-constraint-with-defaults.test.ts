// typeConstraintWithDefaults reads a type as hcl's ext/typeexpr does, without OpenTofu's
// variable-block rules: cases from hcl's ext/typeexpr/get_type_test.go (TestGetType,
// TestGetTypeDefaults) and OpenTofu's internal/lang/type_conversion_test.go.
import { t, typeEquals } from "@tofukit/cty";
import { parseExpression } from "@tofukit/hcl";
import { describe, expect, it } from "vitest";
import { TypeExprError, typeConstraintFromExpression, typeConstraintWithDefaults } from "../src/index.js";

const read = (src: string) => typeConstraintWithDefaults(parseExpression(src).expr);
function problem(src: string): string {
  try {
    read(src);
  } catch (e) {
    if (e instanceof TypeExprError) return e.diagnostics.map((d) => d.detail).join("\n");
    throw e;
  }
  return "";
}

describe("typeConstraintWithDefaults", () => {
  it("reads keywords, constructors and optional attributes with defaults", () => {
    expect(typeEquals(read("string").type, t.string)).toBe(true);
    expect(typeEquals(read("list(any)").type, t.list(t.dynamic))).toBe(true);
    const withDefault = read('object({ name = optional(string, "Pickle") })');
    expect(typeEquals(withDefault.type, t.object({ name: t.string }, ["name"]))).toBe(true);
    expect(withDefault.defaults).not.toBeNull();
  });
  it("refuses a bare list or map, which only a variable block reads as list(any) or map(any)", () => {
    expect(problem("list")).toBe(
      "The list type constructor requires one argument specifying the element type.",
    );
    expect(problem("map")).toBe(
      "The map type constructor requires one argument specifying the element type.",
    );
    expect(
      typeEquals(typeConstraintFromExpression(parseExpression("list").expr).type, t.list(t.dynamic)),
    ).toBe(true);
  });
  it("refuses a quoted type as type syntax rather than as the legacy form", () => {
    expect(problem('"string"')).toBe(
      "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
    );
  });
});
