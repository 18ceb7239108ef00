// Malformed function names and attribute steps evaluate as hclsyntax's ExprSyntaxError: the
// parse diagnostic once from parsing and again from evaluation. Cases from hcl's
// hclsyntax/expression_test.go (TestExpressionParseAndValue counts parse and value diagnostics
// together: 2 for `double::::upper("foo")` and `missing::("foo")`).
import { CtyFunction, stringVal, t, typeToJSON } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { evaluate, parseExpression } from "../src/index.js";

const upper = new CtyFunction({
  params: [{ name: "str", type: t.string }],
  type: () => t.string,
  impl: ([s]) => stringVal(s!.asString().toUpperCase()),
});

function run(src: string, name: string) {
  const parsed = parseExpression(src);
  const r = evaluate(parsed.expr, { functions: { [name]: upper } });
  return { parsed: parsed.diagnostics, evaluated: r.diagnostics, value: r.value };
}

describe("syntax error placeholders", () => {
  it("report a missing name after :: when parsed and when evaluated", () => {
    for (const [src, name, column] of [
      ['double::::upper("foo")', "double::::upper", 9],
      ['missing::("foo")', "missing::", 10],
    ] as const) {
      const { parsed, evaluated, value } = run(src, name);
      expect(parsed.length + evaluated.length).toBe(2);
      expect(evaluated).toEqual(parsed);
      expect(evaluated[0]).toMatchObject({
        summary: "Missing function name",
        detail: "Function scope resolution symbol :: must be followed by a function name in this scope.",
        subject: { start: { line: 1, column } },
        context: { start: { line: 1, column: 1 } },
      });
      expect(value.isKnown).toBe(false);
      expect(typeToJSON(value.type)).toBe("dynamic");
    }
  });
  it("report a missing open parenthesis once more when evaluated", () => {
    const { parsed, evaluated } = run("ns::upper", "ns::upper");
    expect(parsed.map((d) => d.summary)).toEqual(["Missing open parenthesis"]);
    expect(evaluated).toEqual(parsed);
  });
  it("leave a valid namespaced call and `::upper` (one parse error) as they were", () => {
    expect(run('foo :: upper("foo")', "foo::upper").value.asString()).toBe("FOO");
    const { parsed, evaluated } = run('::upper("foo")', "::upper");
    expect(parsed.length + evaluated.length).toBe(1);
  });
});
