// The README's examples, kept working.
// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { CtyFunction, consoleString, listVal, objectVal, stringVal, t } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { evaluate, evaluateConstant, parseConfig, parseExpression, parseTemplate } from "../src/index.js";

describe("README examples", () => {
  it("parse and evaluate a tfvars file", () => {
    const { body, diagnostics } = parseConfig('region = "eu-west-1"\nzones = 3 * 2\n', "prod.tfvars");
    expect(diagnostics).toEqual([]);
    expect(body.attributes.map((a) => [a.name, consoleString(evaluateConstant(a.expr))])).toEqual([
      ["region", '"eu-west-1"'],
      ["zones", "6"],
    ]);
    expect(parseExpression("list(string").diagnostics[0]?.summary).toBe("Unterminated function call");
  });

  it("evaluate with a context", () => {
    const upper = new CtyFunction({
      params: [{ name: "str", type: t.string }],
      type: () => t.string,
      impl: ([s]) => stringVal(s!.asString().toUpperCase()),
    });
    const ctx = {
      variables: { var: objectVal({ names: listVal([stringVal("web"), stringVal("db")]) }) },
      functions: { upper },
    };
    const { expr } = parseExpression('[for n in var.names : upper(n) if n != "db"]');
    expect(consoleString(evaluate(expr, ctx).value)).toBe('[\n  "WEB",\n]');
    expect(evaluate(parseExpression("uper(var.names[0])").expr, ctx).diagnostics[0]?.detail).toBe(
      'There is no function named "uper". Did you mean "upper"?',
    );
    const tpl = parseTemplate("Hello, %{ for n in var.names }${n}! %{ endfor ~}\n");
    expect(evaluate(tpl.expr, ctx).value.asString()).toBe("Hello, web! db! ");
  });
});
