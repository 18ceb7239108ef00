// evaluate with a context: the overhead of a function call over the function's own work, and
// evaluate against evaluateConstant on a 5 MB tfvars-like file (the CLI's path).
import { CtyFunction, stringVal, t } from "@tofukit/cty";
import { bench, describe } from "vitest";
import { type EvalContext, evaluate, evaluateConstant, parseConfig, parseExpression } from "../src/index.js";
import { mixedTfvars } from "./tfvars-like.js";

const upper = new CtyFunction({
  params: [{ name: "str", type: t.string }],
  type: () => t.string,
  impl: ([s]) => stringVal(s!.asString().toUpperCase()),
});
const ctx: EvalContext = { variables: { name: stringVal("web") }, functions: { upper } };
const call = parseExpression("upper(name)").expr;
const reference = parseExpression("name").expr;
const arg = [stringVal("web")];

describe("a call of a trivial function", () => {
  bench("the function alone (CtyFunction.call)", () => {
    upper.call(arg);
  });
  bench("evaluate(`name`): the variable alone", () => {
    evaluate(reference, ctx);
  });
  bench("evaluate(`upper(name)`)", () => {
    evaluate(call, ctx);
  });
});

const MB = 1024 * 1024;
const big = mixedTfvars(5 * MB);
const { body } = parseConfig(big, "big.tfvars");
describe(`every attribute of a tfvars-like file (${(big.length / MB).toFixed(2)} MB), parsed once`, () => {
  bench("evaluateConstant", () => {
    for (const attr of body.attributes) evaluateConstant(attr.expr);
  });
  bench("evaluate with an empty context", () => {
    for (const attr of body.attributes) evaluate(attr.expr, {});
  });
  bench("evaluate with variables and functions", () => {
    for (const attr of body.attributes) evaluate(attr.expr, ctx);
  });
});
