// convert(value, type), from OpenTofu's internal/lang/type_conversion_test.go
// (TestConvertFunc, TestTypeConversionConstraintConvertValue) and functions_test.go.
import { consoleString, dynamicVal, markedVal, marksOf, stringVal, type Value } from "@tofukit/cty";
import { evaluate, parseExpression } from "@tofukit/hcl";
import { describe, expect, it } from "vitest";
import { failure } from "../../test/support.js";
import { openTofuFunctions } from "../open-tofu-functions.js";

const functions = openTofuFunctions();
const variables = { unknown: dynamicVal, marked: markedVal(stringVal("marked"), ["mark"]) };
function run(src: string, extra: Record<string, Value> = {}) {
  const parsed = parseExpression(src);
  expect(parsed.diagnostics).toEqual([]);
  return evaluate(parsed.expr, { functions, variables: { ...variables, ...extra } });
}
function value(src: string): string {
  const r = run(src);
  expect(r.diagnostics.map((d) => d.detail)).toEqual([]);
  return r.value.isKnown ? consoleString(r.value) : `unknown ${consoleString(r.value)}`;
}

describe("convert", () => {
  it("converts to the type constraint (TestConvertFunc)", () => {
    expect(value('convert("hello", string)')).toBe('"hello"');
    expect(value('core::convert("true", bool)')).toBe("true");
    expect(value("convert({}, object({name = optional(string)}))")).toBe('{\n  "name" = tostring(null)\n}');
    expect(value('convert({}, object({name = optional(string, "Jackson")}))')).toBe(
      '{\n  "name" = "Jackson"\n}',
    );
    const nullObject = run('convert(null, object({name = optional(string, "Jackson")}))').value;
    expect(nullObject.isNull && nullObject.type.kind === "object").toBe(true);
  });
  it("keeps marks and unknowns", () => {
    const r = run("convert(marked, string)");
    expect([...marksOf(r.value)]).toEqual(["mark"]);
    const nested = run("convert({name = marked}, object({name = string}))").value;
    expect([...marksOf(nested.get("name")!)]).toEqual(["mark"]);
    const u = run('convert(unknown, object({name = optional(string, "Jackson")}))').value;
    expect(u.isKnown).toBe(false);
    expect(u.type.kind).toBe("object");
  });
  it("reports a value that does not convert against the value argument (`:1,10-15`)", () => {
    const r = run('convert("hello", bool)');
    expect(
      r.diagnostics.map((d) => [d.summary, d.detail, d.subject?.start.column, d.subject?.end.column]),
    ).toEqual([
      ["Invalid function argument", 'Invalid value for "value" parameter: a bool is required.', 10, 15],
    ]);
  });
  it("reports an invalid type constraint as typeexpr does, with the value's problems first", () => {
    const r = run('convert("x", strin)');
    expect(r.diagnostics.map((d) => d.summary)).toEqual(["Invalid type specification"]);
    // The type is read as hcl's typeexpr reads one, not as a variable block's.
    expect(run("convert([], list)").diagnostics.map((d) => d.detail)).toEqual([
      "The list type constructor requires one argument specifying the element type.",
    ]);
    const both = run("convert(nope, strin)");
    expect(both.diagnostics.map((d) => d.summary)).toEqual([
      "Unknown variable",
      "Invalid type specification",
    ]);
  });
  it("cannot be called without HCL, which reads its type argument", () => {
    expect(failure("convert", stringVal("x"), stringVal("string")).message).toBe(
      "this function takes its arguments unevaluated",
    );
  });
});
