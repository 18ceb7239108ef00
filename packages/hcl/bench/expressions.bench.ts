// parseConfig and evaluating every attribute of a tfvars file of expressions (calls, conditionals,
// `for` expressions, templates, arithmetic, `var.*`): the general path, next to parsing alone.
import { CtyFunction, numberCompare, numberVal, objectVal, stringVal, t } from "@tofukit/cty";
import { bench, describe } from "vitest";
import { type EvalContext, evaluate, parseConfig } from "../src/index.js";
import { expressionTfvars } from "./tfvars-like.js";

const stringFunction = (f: (s: string) => string): CtyFunction =>
  new CtyFunction({
    params: [{ name: "str", type: t.string }],
    type: () => t.string,
    impl: ([s]) => stringVal(f(s!.asString())),
  });

const ctx: EvalContext = {
  variables: {
    var: objectVal({
      env: stringVal("dev"),
      base_size: numberVal(3),
      tags: objectVal({ team: stringVal("platform"), owner: stringVal("ops") }),
      prefix: stringVal("acme"),
      region: stringVal("eu-west-1"),
    }),
  },
  functions: {
    upper: stringFunction((s) => s.toUpperCase()),
    lower: stringFunction((s) => s.toLowerCase()),
    max: new CtyFunction({
      params: ["a", "b", "c"].map((name) => ({ name, type: t.number })),
      type: () => t.number,
      impl: (args) =>
        args.reduce((m, v) => (numberCompare(v.asNumber(), m.asNumber()) > 0 ? v : m), args[0]!),
    }),
    length: new CtyFunction({
      params: [{ name: "value", type: t.dynamic }],
      type: () => t.number,
      impl: ([v]) => numberVal(v!.type.kind === "object" ? v!.type.attributeNames.length : 0),
    }),
  },
};

const src = expressionTfvars(133 * 1024);
describe(`a tfvars file of expressions (${(src.length / 1024).toFixed(0)} KB)`, () => {
  bench("parseConfig", () => {
    if (parseConfig(src, "exprs.tfvars").diagnostics.length > 0) throw new Error("unexpected diagnostics");
  });
  bench("parseConfig + evaluate of every attribute", () => {
    const { body } = parseConfig(src, "exprs.tfvars");
    for (const attr of body.attributes) {
      if (evaluate(attr.expr, ctx).diagnostics.length > 0) throw new Error("unexpected diagnostics");
    }
  });
});
