// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { consoleString, numberVal, parseNumber, typeToJSON, type Value } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { evaluate, evaluateConstant, evaluateExpression, HCLError, parseExpression } from "./index.js";

function evalText(src: string): string {
  const { expr, diagnostics } = parseExpression(src);
  expect(diagnostics).toEqual([]);
  return consoleString(evaluateConstant(expr));
}

function evalErrors(src: string): [string, string][] {
  const { expr } = parseExpression(src);
  return evaluateExpression(expr).diagnostics.map((d) => [d.summary, d.detail]);
}

describe("evaluateConstant", () => {
  it("evaluates literals, tuples and objects", () => {
    expect(evalText('{a = 1, "b" = [true, null, "x"]}')).toBe(
      '{\n  "a" = 1\n  "b" = [\n    true,\n    null,\n    "x",\n  ]\n}',
    );
  });

  it("computes with exact numbers", () => {
    expect(evalText("0.1 + 0.2")).toBe("0.3");
    expect(evalText("123456789012345678901234567890 * 10")).toBe("1234567890123456789012345678900");
    expect(evalText("7 % 3")).toBe("1");
    expect(evalText("-0")).toBe("-0");
    expect(evalText("1e3")).toBe("1000");
  });

  it("converts string operands of arithmetic to numbers", () => {
    expect(evalText('"2" * 3')).toBe("6");
  });

  it("compares with cty's equality: no conversion between types", () => {
    expect(evalText('1 == "1"')).toBe("false");
    expect(evalText("[1, 2] == [1, 2]")).toBe("true");
    expect(evalText("null == null")).toBe("true");
    // A literal null has type dynamic but a known one (go-cty TestValueEquals).
    expect(evalText('{a = "a"} == {a = null}')).toBe("false");
    expect(evalText("{a = null} == {a = null}")).toBe("true");
    expect(evalText("2 >= 1 && !false")).toBe("true");
  });

  it("renders templates, converting numbers and bools", () => {
    expect(evalText('"${1 + 1}-${true}"')).toBe('"2-true"');
    expect(evalText('"%{ if 1 > 0 }yes%{ else }no%{ endif }"')).toBe('"yes"');
    expect(evalText('"%{ for x in [1, 2] }<${x}>%{ endfor }"')).toBe('"<1><2>"');
  });

  it("evaluates conditionals and for expressions", () => {
    expect(evalText('true ? "a" : "b"')).toBe('"a"');
    expect(evalText("[for x in [1, 2, 3] : x * 2 if x != 2]")).toBe("[\n  2,\n  6,\n]");
    expect(evalText("{for k, v in {a = 1} : v => k}")).toBe('{\n  "1" = "a"\n}');
  });

  it("indexes constant collections", () => {
    expect(evalText("[10, 20][1]")).toBe("20");
    expect(evalText("{a = {b = 5}}.a.b")).toBe("5");
    expect(evalText("[{a = 1}, {a = 2}][*].a")).toBe("[\n  1,\n  2,\n]");
  });

  it("refuses variables and function calls with HCL's messages", () => {
    expect(evalErrors("var.x")).toEqual([["Variables not allowed", "Variables may not be used here."]]);
    expect(evalErrors('upper("a")')).toEqual([
      ["Function calls not allowed", "Functions may not be called here."],
    ]);
    expect(() => evaluateConstant(parseExpression("x").expr)).toThrow(HCLError);
  });

  it("reports operand and template errors", () => {
    expect(evalErrors('1 + "a"')).toEqual([
      ["Invalid operand", "Unsuitable value for right operand: a number is required."],
    ]);
    expect(evalErrors('"a${null}"')).toEqual([
      [
        "Invalid template interpolation value",
        "The expression result is null. Cannot include a null value in a string template.",
      ],
    ]);
    expect(evalErrors("0 / 0")[0]?.[0]).toBe("Operation failed");
  });

  it("carries a stable code on its error", () => {
    try {
      evaluateConstant(parseExpression("f()").expr);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(HCLError);
      expect((e as HCLError).code).toBe("TOFUKIT_HCL_EVALUATION");
    }
  });
});

describe("object constructors", () => {
  it("sort attributes and let a repeated name take its last value", () => {
    expect(evalText("{b = 1, a = 2, b = 3}")).toBe('{\n  "a" = 2\n  "b" = 3\n}');
    // UTF-8 byte order: z (7A) < é (C3 A9) < 日 (E6 97 A5) < 😀 (F0 9F 98 80).
    expect(evalText('{"😀" = 1, "é" = 2, z = 3, "日" = 4}')).toBe(
      '{\n  "z" = 3\n  "é" = 2\n  "日" = 4\n  "😀" = 1\n}',
    );
  });

  it("give objects of the same shape equal types, and different shapes their own", () => {
    const { expr } = parseExpression(
      '[{ a = 1, b = "x" }, { b = "y", a = 2 }, { a = true, b = "z" }, { a = 3 }, { b = "w", a = 4 }, {}, {}]',
    );
    const v = evaluateConstant(expr);
    const types = v.elements().map((e) => typeToJSON(e.type));
    expect(types).toEqual([
      ["object", { a: "number", b: "string" }],
      ["object", { a: "number", b: "string" }],
      ["object", { a: "bool", b: "string" }],
      ["object", { a: "number" }],
      ["object", { a: "number", b: "string" }],
      ["object", {}],
      ["object", {}],
    ]);
    expect(consoleString(v.elements()[1] as Value)).toBe('{\n  "a" = 2\n  "b" = "y"\n}');
  });
});

describe("evaluateConstant: defects fixed against hclsyntax", () => {
  it("evaluates every template sequence of a heredoc line, not only one at its start", () => {
    expect(evaluateConstant(parseExpression('<<EOT\n${"x"} and ${"y"}\nEOT\n').expr).asString()).toBe(
      "x and y\n",
    );
    expect(evaluateConstant(parseExpression('<<-EOT\n  a ${1 + 1} b ${"c"}\n  EOT\n').expr).asString()).toBe(
      "a 2 b c\n",
    );
  });

  it("refuses a reference in the middle of a heredoc line, as in a quoted string", () => {
    expect(evalErrors("<<EOT\nref ${var.h}\nEOT\n")).toEqual([
      ["Variables not allowed", "Variables may not be used here."],
    ]);
  });

  it("refuses conditional results without a common type", () => {
    for (const src of ["true ? 1 : true", "true ? [1] : [true]", "true ? {a=1} : {a=true}"]) {
      expect(evalErrors(src).map(([summary]) => summary)).toEqual(["Inconsistent conditional result types"]);
    }
  });

  it("gives the dividend for a modulo by zero, as cty", () => {
    expect(evalText("5 % 0")).toBe("5");
    expect(evalText("-5 % 0")).toBe("-5");
  });

  it("answers an infinite operand of % as cty's ModuloFunc (go-cty function/stdlib/number_test.go, TestModulo)", () => {
    const inf = numberVal(parseNumber("+Inf"));
    const run = (src: string) =>
      evaluate(parseExpression(src).expr, { variables: { inf, ninf: numberVal(parseNumber("-Inf")) } });
    expect(consoleString(run("1 % inf").value)).toBe("+Inf");
    expect(consoleString(run("inf % 1").value)).toBe("+Inf");
    expect(consoleString(run("ninf % 1").value)).toBe("-Inf");
    expect(run("inf % 0").diagnostics.map((d) => d.detail)).toEqual([
      "Error during operation: can't use modulo with zero and infinity.",
    ]);
    expect(run("0 % inf").diagnostics.map((d) => d.detail)).toEqual([
      "Error during operation: can't use modulo with zero and infinity.",
    ]);
  });

  it("reports each unsuitable operand", () => {
    expect(evalErrors("(false + true)")).toEqual([
      ["Invalid operand", "Unsuitable value for left operand: number required, but have bool."],
      ["Invalid operand", "Unsuitable value for right operand: number required, but have bool."],
    ]);
  });

  it("evaluates a chain of 2,638 additions (a stack overflow before)", () => {
    expect(evalText(`${"1+".repeat(2638)}1`)).toBe("2639");
  });
});
