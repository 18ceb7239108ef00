import { loadModule, ruleFunctionGroups } from "@tofukit/config";
import { describe, expect, it } from "vitest";
import { checkModule } from "./module-mode.js";
import { bucketsExample, presets } from "./presets.js";

describe("the module mode", () => {
  it("prints every variable of the buckets example as tofukit check does", async () => {
    const check = await checkModule(bucketsExample.variables, bucketsExample.tfvars);
    expect(check.diagnostics).toEqual([]);
    expect(check.console).toMatch(/^var\.buckets = tolist\(\[\n {2}\{\n {4}"enabled" = true\n/);
    expect(check.typeString).toBe(
      "var.buckets: list(object({enabled=bool,name=string,website=object({error_document=string,index_document=string,routing_rules=string})}))",
    );
    expect(check.defaults).toContain('var.buckets[*].website.index_document = "index.html"');
  });
});

function validationPreset(): { variables: string; tfvars: string } {
  const preset = presets.find((p) => p.id === "validation")!.state;
  if (preset.mode !== "module") throw new Error("the validation preset is a module");
  return preset;
}

describe("the module mode's validation rules", () => {
  it("reports a failed rule with its error message, as OpenTofu does", async () => {
    const preset = validationPreset();
    const check = await checkModule(preset.variables, preset.tfvars);
    expect(check.console).toBeUndefined();
    const errors = check.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.summary, d.detail])).toEqual([
      [
        "Invalid value for variable",
        "The environment must be dev, staging or prod.\n\nThis was checked by the validation rule at variables.tf:5,3-13.",
      ],
    ]);
    expect(errors[0]!.subject?.filename).toBe("variables.tf");
  });

  it("gives the module's values once the rule holds", async () => {
    const check = await checkModule(validationPreset().variables, 'environment = "prod"\n');
    expect(check.diagnostics).toEqual([]);
    expect(check.console).toBe('var.environment = "prod"\nvar.replicas = 2');
  });
});

describe("the function groups a module needs", () => {
  const module = (rules: string) =>
    loadModule([{ name: "variables.tf", text: `variable "x" {\n  type = string\n${rules}}\n` }]);
  const rule = (condition: string, message = '"Bad."') =>
    `  validation {\n    condition     = ${condition}\n    error_message = ${message}\n  }\n`;

  it("are those the rules' conditions and messages call, and none without rules", () => {
    expect(ruleFunctionGroups(validationPresetModule())).toEqual(["collection"]);
    expect(ruleFunctionGroups(module(""))).toEqual([]);
    expect(
      ruleFunctionGroups(
        module(rule('can(regex("^a", var.x))', '"Got ${upper(var.x)}."') + rule("length(var.x) > 1")),
      ),
    ).toEqual(["string", "regex", "collection", "try"]);
  });

  it("are all of them for a function the library does not have", () => {
    expect(ruleFunctionGroups(module(rule("lenght(var.x) > 1"))).length).toBeGreaterThan(10);
  });

  it("are loaded before the rules run, so a rule calling yamldecode gets its answer", async () => {
    const variables = `variable "doc" {\n  type = string\n${rule('yamldecode(var.doc).kind == "pod"', '"Not a pod."')}}\n`;
    expect((await checkModule(variables, 'doc = "kind: pod"\n')).console).toBe('var.doc = "kind: pod"');
    const failed = await checkModule(variables, 'doc = "kind: job"\n');
    expect(failed.diagnostics.map((d) => d.detail.split("\n")[0])).toEqual(["Not a pod."]);
  });
});

function validationPresetModule() {
  const preset = validationPreset();
  return loadModule([{ name: "variables.tf", text: preset.variables }]);
}
