// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { describe, expect, it } from "vitest";
import { loadModule } from "./load-module.js";
import { ruleFunctionGroups } from "./rule-functions.js";

const module = (rules: string) =>
  loadModule([{ name: "variables.tf", text: `variable "x" {\n  type = string\n${rules}}\n` }]);
const rule = (condition: string, message = '"Bad."') =>
  `  validation {\n    condition     = ${condition}\n    error_message = ${message}\n  }\n`;

describe("ruleFunctionGroups", () => {
  it("gives the groups the rules' conditions and messages call, and none without rules", () => {
    expect(ruleFunctionGroups(module(""))).toEqual([]);
    expect(ruleFunctionGroups(module(rule("var.x != null")))).toEqual([]);
    expect(
      ruleFunctionGroups(
        module(rule('can(regex("^a", var.x))', '"Got ${upper(var.x)}."') + rule("length(var.x) > 1")),
      ),
    ).toEqual(["string", "regex", "collection", "try"]);
  });

  it("gives every group for a function the library does not have, or a template file", () => {
    expect(ruleFunctionGroups(module(rule("lenght(var.x) > 1"))).length).toBeGreaterThan(10);
    expect(ruleFunctionGroups(module(rule('templatefile("t.tftpl", {}) == ""'))).length).toBeGreaterThan(10);
  });
});
