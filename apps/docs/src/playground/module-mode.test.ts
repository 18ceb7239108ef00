import { loadModule, ruleFunctionGroups } from "@tofukit/config";
import { BUCKETS_MODULE_TREE } from "@tofukit/test-support/buckets-example";
import { describe, expect, it } from "vitest";
import { FILES_EDITOR, splitFiles } from "./module-files.js";
import { checkModule } from "./module-mode.js";
import { bucketsExample, bucketsModuleFiles, presets } from "./presets.js";

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

describe("the module mode's module tree", () => {
  it("holds the documentation's buckets example in its module-call preset", () => {
    const preset = presets.find((p) => p.id === "module-call")!.state;
    expect(preset.mode === "module" && preset.variables).toBe(bucketsModuleFiles);
    expect(Object.fromEntries(splitFiles(bucketsModuleFiles).files.map((f) => [f.path, f.text]))).toEqual(
      BUCKETS_MODULE_TREE,
    );
  });

  it("gives the final values of the child's variables, as the caller's values make them", async () => {
    const check = await checkModule(bucketsModuleFiles, "legacy_filenames = true\n");
    expect(check.diagnostics).toEqual([]);
    const lines = check.console!.split("\n");
    expect(lines[0]).toBe("var.legacy_filenames = true");
    expect(lines[1]).toBe("module.buckets.var.buckets = tolist([");
    expect(check.console).toContain('"error_document" = "ERROR.HTM"');
    expect(check.typeString!.split("\n")).toEqual([
      "var.legacy_filenames: bool",
      "module.buckets.var.buckets: list(object({enabled=bool,name=string,website=object({error_document=string,index_document=string,routing_rules=string})}))",
    ]);
    expect(check.defaults).toContain('module.buckets.var.buckets[*].website.index_document = "index.html"');
    const defaults = await checkModule(bucketsModuleFiles, "");
    expect(defaults.console).toContain('"error_document" = "error.html"');
  });

  it("reports every call's problems in one run, each in its own file", async () => {
    const files = `# file: main.tf
module "a" {
  source = "./child"
  size   = "big"
}
module "b" {
  source = "./child"
  sizes  = 1
}
# file: child/variables.tf
variable "size" {
  type = number
}
`;
    const check = await checkModule(files, "");
    expect(check.console).toBeUndefined();
    const errors = check.diagnostics.filter((d) => d.severity === "error");
    expect(errors.map((d) => [d.summary, d.subject?.filename, d.subject?.start.line])).toEqual([
      ["Invalid value for input variable", "main.tf", 3],
      ["Missing required argument", "main.tf", 5],
      ["Unsupported argument", "main.tf", 7],
    ]);
  });

  it("lists a registry module that is not installed as not checked, with the reason", async () => {
    const files =
      '# file: main.tf\nmodule "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.0.0"\n}\n';
    const check = await checkModule(files, "");
    expect(check.console).toBe("");
    expect(check.diagnostics).toEqual([
      expect.objectContaining({ severity: "warning", summary: "module.vpc not checked" }),
    ]);
    expect(check.diagnostics[0]!.subject?.filename).toBe("main.tf");
    // The playground's own advice: it has no --download, and downloads nothing.
    expect(check.diagnostics[0]!.detail).toBe(
      "terraform-aws-modules/vpc/aws: a registry module that is not installed (no .terraform/modules/modules.json: the playground downloads nothing, so add the module's files and its entry in .terraform/modules/modules.json).",
    );
    expect(check.diagnostics[0]!.detail).not.toContain("--download");
  });

  it("reads an installed module through .terraform/modules/modules.json", async () => {
    const manifest = JSON.stringify({
      Modules: [
        { Key: "", Source: "", Dir: "." },
        {
          Key: "net",
          Source: "registry.opentofu.org/acme/net/aws",
          Version: "1.0.0",
          Dir: ".terraform/modules/net",
        },
      ],
    });
    const files = `# file: main.tf
module "net" {
  source  = "acme/net/aws"
  version = "1.0.0"
  cidr    = "10.0.0.0/16"
}
# file: .terraform/modules/modules.json
${manifest}
# file: .terraform/modules/net/variables.tf
variable "cidr" {
  type = string
  validation {
    condition     = can(cidrhost(var.cidr, 0))
    error_message = "Not a CIDR block."
  }
}
`;
    const check = await checkModule(files, "");
    expect(check.diagnostics).toEqual([]);
    expect(check.console).toBe('module.net.var.cidr = "10.0.0.0/16"');
  });

  it("reports a bad # file: line in the configuration editor, and checks nothing", async () => {
    const check = await checkModule("# file: ../x.tf\n", "");
    expect(check.console).toBeUndefined();
    expect(check.diagnostics).toEqual([
      expect.objectContaining({
        summary: "Invalid file path",
        subject: expect.objectContaining({ filename: FILES_EDITOR }),
      }),
    ]);
  });
});
