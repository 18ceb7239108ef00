// parseConfig and evaluating every attribute of a tfvars file of expressions (calls, conditionals,
// `for` expressions, templates, arithmetic, `var.*`): the general path, next to parsing alone.
import { bench, describe } from "vitest";
import { evaluate, parseConfig } from "../src/index.js";
import { expressionContext as ctx } from "./expression-context.js";
import { expressionTfvars } from "./tfvars-like.js";

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
