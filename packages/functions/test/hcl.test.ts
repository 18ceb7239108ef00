// The functions called from HCL text, through @tofukit/hcl's evaluate: conversions of
// arguments, closures for can/try, and the diagnostics OpenTofu shows.
import { consoleString, objectVal, stringVal, t, tupleVal, unknownVal, type Value } from "@tofukit/cty";
import { evaluate, parseExpression } from "@tofukit/hcl";
import { describe, expect, it } from "vitest";
import { openTofuFunctions } from "../src/open-tofu-functions.js";

const functions = openTofuFunctions();

function run(src: string, vars: Record<string, Value> = {}) {
  const { expr, diagnostics } = parseExpression(src, "main.tf");
  expect(diagnostics).toEqual([]);
  return evaluate(expr, { variables: vars, functions });
}

function value(src: string, vars?: Record<string, Value>): string {
  const { value, diagnostics } = run(src, vars);
  expect(diagnostics.map((d) => `${d.summary}: ${d.detail}`)).toEqual([]);
  return consoleString(value);
}

function problems(src: string, vars?: Record<string, Value>): string[] {
  return run(src, vars).diagnostics.map((d) => `${d.summary}: ${d.detail}`);
}

const v = {
  var: objectVal({
    name: stringVal("rg-main"),
    tier: stringVal("gold"),
    subnets: tupleVal([stringVal("a")]),
  }),
};

describe("functions through HCL text", () => {
  it("evaluates typical validation conditions", () => {
    expect(value('can(regex("^rg-", var.name))', v)).toBe("true");
    expect(value('can(regex("^vm-", var.name))', v)).toBe("false");
    expect(value('contains(["gold", "silver"], var.tier)', v)).toBe("true");
    expect(value("length(var.name) <= 10", v)).toBe("true");
    expect(value('alltrue([for s in ["a", "b"] : length(s) == 1])')).toBe("true");
    expect(value('upper("hello")')).toBe('"HELLO"');
    expect(value('join(", ", ["a", "b"])')).toBe('"a, b"');
    expect(value('format("%05.1f|%-4s|%x", 3.14159, "ab", 255)')).toBe('"003.1|ab  |ff"');
    expect(value('try(var.missing, "fallback")', v)).toBe('"fallback"');
    expect(value("max([1, 5, 3]...)")).toBe("5");
    expect(value('tolist(["a", 1])')).toBe('tolist([\n  "a",\n  "1",\n])');
    expect(value('lookup({a = "x"}, "b", "dflt")')).toBe('"dflt"');
  });

  it("offers every function under its core:: name too, as OpenTofu does", () => {
    expect(value('core::upper("hello")')).toBe('"HELLO"');
    expect(value('core::can(regex("^rg-", var.name))', v)).toBe("true");
    expect(functions["core::length"]).toBe(functions.length);
  });

  it("reports argument errors against the parameter", () => {
    expect(problems('parseint("FF", 10)')).toEqual([
      'Invalid function argument: Invalid value for "number" parameter: cannot parse "FF" as a base 10 integer.',
    ]);
    expect(problems('upper(["a"])')).toEqual([
      'Invalid function argument: Invalid value for "str" parameter: string required, but have tuple.',
    ]);
  });

  it("reports other failures against the call", () => {
    expect(problems('regex("[0-9]+", "abc")')).toEqual([
      'Error in function call: Call to function "regex" failed: pattern did not match any part of the given string.',
    ]);
    expect(problems('list("a")')).toEqual([
      'Error in function call: Call to function "list" failed: the "list" function was deprecated in Terraform v0.12 and is not available in OpenTofu; use tolist([ ... ]) syntax to write a literal list.',
    ]);
  });

  it("lists each failed expression of try", () => {
    const diags = problems("try(var.missing, var.other)", v);
    expect(diags).toHaveLength(1);
    expect(diags[0]).toBe(
      'Error in function call: Call to function "try" failed: no expression succeeded:\n' +
        '- Unsupported attribute (at main.tf:1,8-16)\n  This object does not have an attribute named "missing".\n' +
        '- Unsupported attribute (at main.tf:1,21-27)\n  This object does not have an attribute named "other".\n' +
        "\nAt least one expression must produce a successful result.",
    );
  });

  it("keeps unknown values unknown", () => {
    const r = run('can(regex("^rg-", var.name))', { var: objectVal({ name: unknownVal(t.string) }) });
    expect(r.diagnostics).toEqual([]);
    expect(r.value.isKnown).toBe(false);
    expect(value("length(var.xs)", { var: objectVal({ xs: unknownVal(t.tuple([t.string])) }) })).toBe("1");
  });
});
