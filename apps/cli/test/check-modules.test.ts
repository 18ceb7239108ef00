// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
// `tofukit check` of configurations that call modules.

import { BUCKETS_MODULE_TREE } from "@tofukit/test-support/buckets-example";
import { describe, expect, it } from "vitest";
import { moduleDir, runCli } from "./run-cli.js";

const buckets = moduleDir(BUCKETS_MODULE_TREE);

const tofuConsole = (index: string, error: string) => `tolist([
  {
    "enabled" = true
    "name" = "maybe_legacy"
    "website" = {
      "error_document" = "${error}"
      "index_document" = "${index}"
      "routing_rules" = tostring(null)
    }
  },
])
`;

describe("tofukit check: the buckets call of OpenTofu's documentation", () => {
  it("--show prints the module variable as tofu console does, with the child's defaults", () => {
    const run = runCli(["check", buckets, "--show", "module.buckets.var.buckets"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`module.buckets.var.buckets = ${tofuConsole("index.html", "error.html")}`);
    expect(run.stderr).toBe("");
  });

  it("--show prints the caller's values when legacy_filenames is true", () => {
    const run = runCli([
      "check",
      buckets,
      "--show",
      "module.buckets.var.buckets",
      "--var",
      "legacy_filenames=true",
    ]);
    expect(run.stdout).toBe(`module.buckets.var.buckets = ${tofuConsole("INDEX.HTM", "ERROR.HTM")}`);
  });

  it("--show prints a root variable too, and refuses an address that names no variable", () => {
    expect(runCli(["check", buckets, "--show", "var.legacy_filenames"]).stdout).toBe(
      "var.legacy_filenames = false\n",
    );
    const run = runCli(["check", buckets, "--show", "module.nope.var.x"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(
      "No variable module.nope.var.x in this configuration: its variables are var.legacy_filenames, module.buckets.var.buckets.",
    );
  });

  it("checks the tree by default and counts modules and calls", () => {
    const run = runCli(["check", buckets]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("var.legacy_filenames = false\n");
    expect(run.stderr).toBe(
      "✔ 2 variables in 2 modules (1 module call): every value fits its type constraint.\n",
    );
  });

  it("--no-modules checks the root alone and says what it skipped", () => {
    const run = runCli(["check", buckets, "--no-modules"]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      "1 module call not checked (--no-modules).\n✔ 1 variable: every value fits its type constraint.\n",
    );
  });

  it("--json carries the module instances and their values", () => {
    const out = JSON.parse(runCli(["check", buckets, "--json"]).stdout);
    expect(out.valid).toBe(true);
    expect(out.modules.map((m: { address: string; dir: string }) => `${m.address} ${m.dir}`)).toEqual([
      "module.buckets modules/buckets",
    ]);
    expect(out.modules[0].variables[0].console).toBe(tofuConsole("index.html", "error.html").trimEnd());
    expect(out.unchecked).toEqual([]);
  });
});

describe("tofukit check: problems in module calls", () => {
  const dir = moduleDir({
    "main.tf": `module "a" {
  source = "./child"
  nmae   = "x"
}

module "b" {
  source = "./child"
  name   = {}
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "5.0.0"
}
`,
    "child/main.tf": 'variable "name" {\n  type = string\n}\n',
  });

  it("reports every call's problems with OpenTofu's texts and ranges", () => {
    const run = runCli(["check", dir]);
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
    expect(run.stderr).toContain(`╷
│ Error: Missing required argument
│
│   on main.tf line 1:
│    1: module "a" {
│                  ^
│
│ The argument "name" is required, but no definition was found.
╵
╷
│ Error: Unsupported argument
│
│   on main.tf line 3:
│    3:   nmae   = "x"
│         ^^^^
│
│ An argument named "nmae" is not expected here. Did you mean "name"?
╵
`);
    expect(run.stderr).toContain(
      "│ The given value is not suitable for module.b.var.name declared at child/main.tf:1,1-16: string\n│ required, but have object.\n",
    );
    expect(run.stderr).toContain(
      'module.vpc not checked (terraform-aws-modules/vpc/aws): a registry module that is not installed (no .terraform/modules/modules.json: run "tofu init", or check with --download).\n',
    );
    expect(run.stderr).toContain("✘ 3 problems with 2 variables in 2 modules (2 module calls).\n");
  });

  it("--json gives each problem its module and range", () => {
    const out = JSON.parse(runCli(["check", dir, "--json"]).stdout);
    expect(out.valid).toBe(false);
    expect(
      out.diagnostics.map(
        (d: { summary: string; extra: { module: string }; subject: { start: { line: number } } }) =>
          `${d.extra.module} ${d.summary} line ${d.subject.start.line}`,
      ),
    ).toEqual([
      "module.a Missing required argument line 1",
      "module.a Unsupported argument line 3",
      "module.b Invalid value for input variable line 8",
    ]);
    expect(out.unchecked).toEqual([
      {
        address: "module.vpc",
        source: "terraform-aws-modules/vpc/aws",
        code: "not-installed",
        reason:
          'a registry module that is not installed (no .terraform/modules/modules.json: run "tofu init", or check with --download)',
      },
    ]);
  });
});

describe("tofukit check: sensitive values passed to a module", () => {
  const dir = moduleDir({
    "main.tf": `variable "password" {
  type      = string
  sensitive = true
  default   = "hunter2"
}
module "db" {
  source   = "./child"
  password = var.password
  settings = { password = var.password, user = "admin" }
}
`,
    "child/main.tf":
      'variable "password" {\n  type = string\n}\nvariable "settings" {\n  type = object({ password = string, user = string })\n}\n',
  });

  it("never shows them, in --show or in --json", () => {
    const shown = runCli(["check", dir, "--show", "module.db.var.settings"]);
    expect(shown.stdout).toBe(
      'module.db.var.settings = {\n  "password" = (sensitive value)\n  "user" = "admin"\n}\n',
    );
    const json = runCli(["check", dir, "--json"]).stdout;
    expect(json).not.toContain("hunter2");
    const out = JSON.parse(json);
    expect(out.modules[0].variables.map((v: { sensitive: boolean }) => v.sensitive)).toEqual([true, true]);
  });
});

describe("tofukit check: the caller's scope", () => {
  const dir = moduleDir({
    "main.tf":
      'module "m" {\n  source = "./m"\n  where = "${terraform.workspace} ${path.module} ${path.cwd == "" ? "" : "cwd"}"\n}\n',
    "m/main.tf": 'variable "where" {\n  type = string\n}\n',
  });

  it("knows terraform.workspace from TF_WORKSPACE or .terraform/environment, and the paths", () => {
    expect(runCli(["check", dir, "--show", "module.m.var.where"]).stdout).toBe(
      'module.m.var.where = "default . cwd"\n',
    );
    expect(
      runCli(["check", dir, "--show", "module.m.var.where"], { env: { TF_WORKSPACE: "blue" } }).stdout,
    ).toBe('module.m.var.where = "blue . cwd"\n');
  });
});

describe("tofukit check: a source written as an expression", () => {
  it("is evaluated in the caller's scope and followed, loading the functions its module calls", () => {
    const dir = moduleDir({
      "main.tf":
        'variable "flavour" {\n  default = "b"\n}\nmodule "m" {\n  source = "./modules/${var.flavour}"\n  name = "Upper"\n}\n',
      "modules/b/main.tf":
        'variable "name" {\n  type = string\n  validation {\n    condition     = lower(var.name) == var.name\n    error_message = "Lower case only."\n  }\n}\n',
    });
    const run = runCli(["check", dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "│ Lower case only.\n│\n│ This was checked by the validation rule at modules/b/main.tf:3,3-13.\n",
    );
    expect(run.stderr).toContain("✘ 1 problem with 2 variables in 2 modules (1 module call).\n");
  });
});
