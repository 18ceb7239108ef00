// Conformance problems, from go-cty's cty/type_conform_test.go (TestTypeTestConformance: which
// pairs conform) and the messages its function calls report (function/stdlib/csv_test.go,
// format_test.go: "string required, but received bool").
import { describe, expect, it } from "vitest";
import { t } from "./type.js";
import { conformanceProblem } from "./type-conformance.js";

describe("conformanceProblem", () => {
  it("accepts what cty's TestConformance accepts", () => {
    expect(conformanceProblem(t.number, t.number)).toBeNull();
    expect(conformanceProblem(t.dynamic, t.dynamic)).toBeNull();
    expect(conformanceProblem(t.number, t.dynamic)).toBeNull();
    expect(conformanceProblem(t.list(t.number), t.list(t.number))).toBeNull();
    expect(conformanceProblem(t.map(t.number), t.map(t.dynamic))).toBeNull();
    expect(conformanceProblem(t.object({ name: t.string }), t.object({ name: t.string }))).toBeNull();
  });
  it("names the first mismatch in cty's words", () => {
    expect(conformanceProblem(t.bool, t.string)).toBe("string required, but received bool");
    expect(conformanceProblem(t.dynamic, t.number)).toBe("number required, but received dynamic");
    expect(conformanceProblem(t.list(t.string), t.list(t.number))).toBe(
      "number required, but received string",
    );
    expect(conformanceProblem(t.map(t.number), t.list(t.number))).toBe(
      "list of number required, but received map of number",
    );
    expect(conformanceProblem(t.list(t.number), t.set(t.number))).toBe(
      "set of number required, but received list of number",
    );
    expect(conformanceProblem(t.object({ gnome: t.string }), t.object({ name: t.string }))).toBe(
      'unsupported attribute "gnome"',
    );
    expect(conformanceProblem(t.object({}), t.object({ name: t.string }))).toBe(
      'missing required attribute "name"',
    );
    expect(conformanceProblem(t.object({ name: t.string }), t.object({ name: t.number }))).toBe(
      "number required, but received string",
    );
    expect(conformanceProblem(t.tuple([t.string]), t.tuple([t.string, t.string]))).toBe(
      "2 elements are required, but got 1",
    );
    expect(conformanceProblem(t.tuple([t.bool]), t.tuple([t.string]))).toBe(
      "string required, but received bool",
    );
  });
});
