import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, symlinkSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { moduleDir } from "../test/module-dir.js";
import { checkVariables } from "./index.js";
import {
  ConfigReadError,
  loadModuleDirectory,
  nodeFunctionOptions,
  readModuleDirectory,
  readVariablesFile,
} from "./node.js";

function codeOf(f: () => unknown): string | undefined {
  try {
    f();
  } catch (e) {
    if (e instanceof ConfigReadError) return e.code;
    throw e;
  }
  return undefined;
}

describe("@tofukit/config/node", () => {
  it("reads the configuration and variable files of a directory, and nothing else", () => {
    const dir = moduleDir({
      "main.tf": 'variable "a" {}\n',
      "terraform.tfvars": 'a = "x"\n',
      "b.auto.tfvars.json": '{"a": "y"}',
      "README.md": "# not read\n",
      "sub/nested.tf": 'variable "nested" {}\n',
    });
    mkdirSync(join(dir, "dir.tf"));
    symlinkSync(join(dir, "main.tf"), join(dir, "link.tf"));
    const names = readModuleDirectory(dir)
      .map((f) => f.name)
      .sort();
    expect(names).toEqual(["b.auto.tfvars.json", "link.tf", "main.tf", "terraform.tfvars"]);
  });

  it("skips a FIFO with a configuration file's name instead of waiting on it", () => {
    const dir = moduleDir({ "main.tf": 'variable "a" {}\n' });
    execFileSync("mkfifo", [join(dir, "pipe.tf")]);
    expect(readModuleDirectory(dir).map((f) => f.name)).toEqual(["main.tf"]);
    expect(codeOf(() => readVariablesFile(join(dir, "pipe.tf")))).toBe("TOFUKIT_CONFIG_NOT_FILE");
  });

  it("refuses a file above the size limit with a clear error", () => {
    const dir = moduleDir({ "main.tf": `variable "a" {}\n${"#".repeat(2000)}\n` });
    expect(codeOf(() => readModuleDirectory(dir, { maxFileSize: 1000 }))).toBe("TOFUKIT_CONFIG_TOO_LARGE");
    try {
      readModuleDirectory(dir, { maxFileSize: 1000 });
    } catch (e) {
      expect((e as Error).message).toBe(`${join(dir, "main.tf")} is larger than the limit of 1000 bytes.`);
    }
  });

  it("says what is wrong with a directory that is missing or is a file", () => {
    const dir = moduleDir({ "main.tf": "" });
    expect(codeOf(() => readModuleDirectory(join(dir, "nope")))).toBe("TOFUKIT_CONFIG_NOT_FOUND");
    expect(codeOf(() => readModuleDirectory(join(dir, "main.tf")))).toBe("TOFUKIT_CONFIG_NOT_DIRECTORY");
    expect(codeOf(() => readVariablesFile("nope.tfvars", { cwd: dir }))).toBe("TOFUKIT_CONFIG_NOT_FOUND");
    expect(codeOf(() => readVariablesFile(dir))).toBe("TOFUKIT_CONFIG_NOT_FILE");
  });

  it("reads a -var-file relative to the working directory, named as given", () => {
    const dir = moduleDir({ "env/prod.tfvars": 'a = "prod"\n' });
    expect(readVariablesFile("env/prod.tfvars", { cwd: dir })).toEqual({
      name: "env/prod.tfvars",
      text: 'a = "prod"\n',
    });
  });

  it("loads OpenTofu's tofu-only-files fixture from disk", () => {
    // internal/configs/testdata/tofu-only-files (the variable files).
    const dir = moduleDir({
      "variables.tofu": 'variable "should_override" {\n    default = "not overridden"\n}',
      "variables.tofu.json":
        '{\n  "variable": {\n    "should_override_json": {\n      "default": "not overridden"\n    }\n  }\n}\n',
      "variables_override.tofu": 'variable "should_override" {\n    default = "overridden by tofu file"\n}',
      "variables_override.tofu.json":
        '{\n  "variable": {\n    "should_override_json": {\n      "default": "overridden by tofu file"\n    }\n  }\n}\n',
    });
    const { module } = loadModuleDirectory(dir);
    expect(module.diagnostics).toEqual([]);
    expect([...module.variables.values()].map((v) => v.defaultValue?.asString())).toEqual([
      "overridden by tofu file",
      "overridden by tofu file",
    ]);
  });

  it("lets validation rules read files relative to the module directory", () => {
    const dir = moduleDir({
      "main.tf": `variable "env" {
  type = string
  validation {
    condition     = contains(split("\\n", trimspace(file("environments.txt"))), var.env)
    error_message = "Unknown environment \${var.env}: use one of \${join(", ", split("\\n", trimspace(file("environments.txt"))))}."
  }
}
`,
      "environments.txt": "dev\nprod\n",
      "terraform.tfvars": 'env = "staging"\n',
    });
    const { files, module } = loadModuleDirectory(dir);
    const r = checkVariables(module, { files, functions: nodeFunctionOptions(dir) });
    expect(r.diagnostics.map((d) => d.detail.split("\n")[0])).toEqual([
      "Unknown environment staging: use one of dev, prod.",
    ]);
    expect(readFileSync(join(dir, "environments.txt"), "utf8")).toBe("dev\nprod\n");
  });
});
