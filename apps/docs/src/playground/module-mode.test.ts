import { describe, expect, it } from "vitest";
import { checkModule } from "./module-mode.js";
import { bucketsExample, presets } from "./presets.js";

describe("the module mode", () => {
  it("prints every variable of the buckets example as tofukit check does", () => {
    const check = checkModule(bucketsExample.variables, bucketsExample.tfvars);
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
  it("reports a failed rule with its error message, as OpenTofu does", () => {
    const preset = validationPreset();
    const check = checkModule(preset.variables, preset.tfvars);
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

  it("gives the module's values once the rule holds", () => {
    const check = checkModule(validationPreset().variables, 'environment = "prod"\n');
    expect(check.diagnostics).toEqual([]);
    expect(check.console).toBe('var.environment = "prod"\nvar.replicas = 2');
  });
});
