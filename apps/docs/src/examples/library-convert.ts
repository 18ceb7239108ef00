import { convertWithDefaults } from "@tofukit/convert";
import { consoleString } from "@tofukit/cty";
import { evaluateConstant, parseExpression } from "@tofukit/hcl";
import { parseTypeConstraint } from "@tofukit/typeexpr";

const { type, defaults } = parseTypeConstraint(`list(object({
  name    = string
  enabled = optional(bool, true)
}))`);
const { expr } = parseExpression(`[{ name = "a" }, { name = "b", enabled = false }]`);
const value = convertWithDefaults(evaluateConstant(expr), type, defaults);

console.log(consoleString(value));
