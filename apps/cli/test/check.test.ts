// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliDir, moduleDir, runCli } from "./run-cli.js";

const seedLine = readFileSync(join(cliDir, "..", "..", "conformance", "vectors", "convert.jsonl"), "utf8")
  .split("\n")
  .filter((l) => l.includes("routing_rules") && l.includes('name = \\"production\\"'))[0]!;
const seed = JSON.parse(seedLine) as { expr: string; hcl: string; want: { console: string } };

describe("tofukit check: the buckets example", () => {
  it("is the seed vector's module", () => {
    expect(readFileSync(join(cliDir, "examples", "buckets", "variables.tf"), "utf8")).toContain(seed.expr);
    expect(readFileSync(join(cliDir, "examples", "buckets", "terraform.tfvars"), "utf8")).toContain(seed.hcl);
  });

  it("prints the value byte for byte as OpenTofu shows it", () => {
    const run = runCli(["check", "examples/buckets"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe(`var.buckets = ${seed.want.console}\n`);
    expect(run.stderr).toBe("✔ 1 variable: every value fits its type constraint.\n");
  });
});

const invalidModule = {
  "variables.tf": `variable "instance_count" {
  type = number
}

variable "region" {
  type     = string
  nullable = false
}

variable "servers" {
  type = list(object({ name = string, size = optional(number, 1) }))
}
`,
  "terraform.tfvars": `instance_count = "three"
region         = null
servers = [
  { name = "a" },
  { name = "b", size = "big" },
]
`,
};

describe("tofukit check: invalid values", () => {
  const dir = moduleDir(invalidModule);
  const run = runCli(["check", dir]);

  it("exits 1 and prints nothing on stdout", () => {
    expect(run.status).toBe(1);
    expect(run.stdout).toBe("");
  });

  it("reports a default that does not fit the type, where the default is written, and stops there", () => {
    const declared = runCli([
      "check",
      moduleDir({
        "variables.tf": `${invalidModule["variables.tf"]}\nvariable "ports" {\n  type    = list(number)\n  default = ["80", "x"]\n}\n`,
        "terraform.tfvars": invalidModule["terraform.tfvars"],
      }),
    ]);
    expect(declared.status).toBe(1);
    // As OpenTofu: a declaration error stops the check before any value is looked at.
    expect(declared.stderr).not.toContain("Invalid value for input variable");
    expect(declared.stderr).not.toContain('input variable "ports" is not set');
    expect(declared.stderr).toContain("✘ 1 problem with 4 variables.\n");
    expect(declared.stderr).toContain(`╷
│ Error: Invalid default value for variable
│
│   on variables.tf line 16:
│   16:   default = ["80", "x"]
│                   ^^^^^^^^^^^
│
│ This default value is not compatible with the variable's type constraint: [1]: a number is
│ required.
╵
`);
  });

  it("reports a wrong type with OpenTofu's text, pointing at the value", () => {
    expect(run.stderr).toContain(`╷
│ Error: Invalid value for input variable
│
│   on terraform.tfvars line 1:
│    1: instance_count = "three"
│                        ^^^^^^^
│
│ The given value is not suitable for var.instance_count declared at variables.tf:1,1-26: a number
│ is required.
╵
`);
  });

  it("reports null for a variable with nullable = false", () => {
    expect(run.stderr).toContain(`╷
│ Error: Required variable not set
│
│   on terraform.tfvars line 2:
│    2: region         = null
│                        ^^^^
│
│ The given value is not suitable for var.region defined at variables.tf:5,1-18: required variable
│ may not be set to null.
╵
`);
  });

  it("points at the nested attribute that failed and names its path", () => {
    expect(run.stderr).toContain(`│   on terraform.tfvars line 5:
│    5:   { name = "b", size = "big" },
│                              ^^^^^
│
│ The given value is not suitable for var.servers declared at variables.tf:10,1-19: a number is
│ required.
│
│ The problem is at var.servers[1].size.
`);
  });

  it("reports a required variable without a value at its declaration, before any conversion", () => {
    const required = runCli([
      "check",
      moduleDir({
        "variables.tf": `${invalidModule["variables.tf"]}\nvariable "zone" {\n  type = string\n}\n`,
        "terraform.tfvars": invalidModule["terraform.tfvars"],
      }),
    ]);
    expect(required.stderr).not.toContain("Invalid value for input variable");
    expect(required.stderr).toContain(`╷
│ Error: No value for required variable
│
│   on variables.tf line 14:
│   14: variable "zone" {
│       ^^^^^^^^^^^^^^^
│
│ The root module input variable "zone" is not set, and has no default value. Use a -var or
│ -var-file command line argument to provide a value for this variable.
╵
`);
  });

  it("reports the same whether the file is read directly or through the syntax tree", () => {
    // A template, even one without references, makes the direct reader of literal values hand
    // the file to the parser; a block comment does not.
    const withExtra = (value: string) =>
      moduleDir({
        "variables.tf": `${invalidModule["variables.tf"]}\nvariable "extra" {\n  type = string\n}\n`,
        "terraform.tfvars": `/* header */\n${invalidModule["terraform.tfvars"]}extra = ${value}\n`,
      });
    const direct = runCli(["check", withExtra('"x"')]);
    const parsed = runCli(["check", withExtra('"$' + '{"x"}"')]);
    expect(direct.status).toBe(1);
    expect(direct.stderr).toContain("Error: Invalid value for input variable");
    expect(parsed.status).toBe(1);
    expect(parsed.stderr).toBe(direct.stderr);
  });

  it("reports nothing for a value that does not fit once a later source replaces it", () => {
    // Values of literal files are converted as they are read; only the value that wins counts.
    const files = {
      "variables.tf": `variable "instance_count" {\n  type = number\n}\n\nvariable "servers" {\n  type = list(object({ name = string }))\n}\n`,
      "terraform.tfvars": `instance_count = "three"\nservers = [{ name = "a" }, { size = 1 }]\n`,
      "z.auto.tfvars": `servers = [{ name = "b" }]\n`,
    };
    const replaced = runCli(["check", moduleDir(files), "--var", "instance_count=3"]);
    expect(replaced.stderr).toBe("✔ 2 variables: every value fits its type constraint.\n");
    expect(replaced.stdout).toBe(
      'var.instance_count = 3\nvar.servers = tolist([\n  {\n    "name" = "b"\n  },\n])\n',
    );
    expect(replaced.status).toBe(0);
    // Without the replacements, both are reported.
    const { "z.auto.tfvars": _, ...alone } = files;
    const reported = runCli(["check", moduleDir(alone)]);
    expect(reported.status).toBe(1);
    expect(reported.stderr).toContain("var.instance_count");
    expect(reported.stderr).toContain('attribute "name" is required');
  });

  it("does the same for values of a .tfvars.json file", () => {
    const files = {
      "variables.tf": `variable "instance_count" {\n  type = number\n}\n\nvariable "servers" {\n  type = list(object({ name = string }))\n}\n`,
      "terraform.tfvars.json": `{"instance_count": "three", "servers": [{"name": "a"}, {"size": 1}]}\n`,
      "z.auto.tfvars": `servers = [{ name = "b" }]\n`,
    };
    const replaced = runCli(["check", moduleDir(files), "--var", "instance_count=3"]);
    expect(replaced.stderr).toBe("✔ 2 variables: every value fits its type constraint.\n");
    expect(replaced.status).toBe(0);
    const { "z.auto.tfvars": _, ...alone } = files;
    const reported = runCli(["check", moduleDir(alone)]);
    expect(reported.status).toBe(1);
    // Detail lines are wrapped: read them as one line.
    const text = reported.stderr.replace(/\n│ /g, " ");
    expect(text).toContain("on terraform.tfvars.json line 1:");
    expect(text).toContain("var.instance_count declared at variables.tf:1,1-26: a number is required.");
    expect(text).toContain('attribute "name" is required');
  });

  it("counts the problems", () => {
    expect(run.stderr).toContain("✘ 3 problems with 3 variables.\n");
  });
});

describe("tofukit check: where values come from", () => {
  const dir = moduleDir({
    "variables.tf": `variable "name" {
  type = string
}

variable "sizes" {
  type    = list(number)
  default = []
}

variable "secret" {
  type      = string
  sensitive = true
  default   = "s3cr3t"
}
`,
    "terraform.tfvars": `name = "from-tfvars"\n`,
    "b.auto.tfvars": `name = "from-b-auto"\n`,
    "a.auto.tfvars.json": `{"name": "from-a-auto", "sizes": [1, 2]}\n`,
    "extra.tfvars": `name = "from-var-file"\n`,
  });

  it("lets auto files override terraform.tfvars, in lexical order", () => {
    const run = runCli(["check", dir]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('var.name = "from-b-auto"\n');
    expect(run.stdout).toContain("var.sizes = tolist([\n  1,\n  2,\n])\n");
  });

  it("ranks TF_VAR_ below every file", () => {
    const run = runCli(["check", dir], { env: { TF_VAR_name: "from-env", TF_VAR_sizes: "[9]" } });
    expect(run.stdout).toContain('var.name = "from-b-auto"\n');
    expect(run.stdout).toContain("var.sizes = tolist([\n  1,\n  2,\n])\n");
  });

  it("takes --var and --var-file in the order given, the last one winning", () => {
    expect(
      runCli(["check", dir, "--var", "name=from-var", "--var-file", join(dir, "extra.tfvars")]).stdout,
    ).toContain('var.name = "from-var-file"\n');
    expect(
      runCli(["check", dir, "--var-file", join(dir, "extra.tfvars"), "--var", "name=from-var"]).stdout,
    ).toContain('var.name = "from-var"\n');
  });

  it("accepts OpenTofu's single-dash spelling", () => {
    expect(runCli(["check", dir, "-var", "name=x", "-var=sizes=[3]"]).stdout).toContain(
      'var.name = "x"\nvar.sizes = tolist([\n  3,\n])\n',
    );
  });

  it("takes primitive values literally and parses the others as HCL", () => {
    const run = runCli(["check", dir, "--var", 'name=["not", "a", "list"]', "--var", "sizes=[1 + 1]"]);
    expect(run.stdout).toContain('var.name = "[\\"not\\", \\"a\\", \\"list\\"]"\n');
    expect(run.stdout).toContain("var.sizes = tolist([\n  2,\n])\n");
  });

  it("names the environment variable when its value does not fit", () => {
    const env = moduleDir({ "variables.tf": `variable "sizes" {\n  type = list(number)\n}\n` });
    const run = runCli(["check", env], { env: { TF_VAR_sizes: '["x"]' } });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "│ Unsuitable value for var.sizes set using the TF_VAR_sizes environment variable: a number is\n│ required.\n",
    );
  });

  it("hides sensitive values", () => {
    const run = runCli(["check", dir]);
    expect(run.stdout).toContain("var.secret = (sensitive value)\n");
    expect(run.stdout).not.toContain("s3cr3t");
  });

  it("refuses a --var for an undeclared variable", () => {
    const run = runCli(["check", dir, "--var", "nope=1"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      'A variable named "nope" was assigned on the command line, but the root module does not',
    );
  });

  it("refuses a malformed --var", () => {
    const run = runCli(["check", dir, "--var", "name"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('The given -var option "name" is not correctly specified.');
  });
});

describe("tofukit check --json", () => {
  it("has a stable shape", () => {
    const run = runCli(["check", "examples/buckets", "--json"]);
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(Object.keys(out)).toEqual(["valid", "variables", "diagnostics"]);
    expect(out.valid).toBe(true);
    expect(out.diagnostics).toEqual([]);
    expect(out.variables[0]).toMatchObject({
      name: "buckets",
      typeConstraint:
        "list(object({enabled=bool,name=string,website=object({error_document=string,index_document=string,routing_rules=string})}))",
      type: [
        "list",
        ["object", { enabled: "bool", name: "string", website: ["object", expect.any(Object)] }],
      ],
      console: seed.want.console,
      sensitive: false,
      nullable: true,
      from: "terraform.tfvars",
    });
    expect(out.variables[0].value[1]).toEqual({
      enabled: false,
      name: "archived",
      website: { error_document: "error.html", index_document: "index.html", routing_rules: null },
    });
  });

  it("lists diagnostics with ranges", () => {
    const run = runCli(["check", moduleDir(invalidModule), "--json"]);
    expect(run.status).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.valid).toBe(false);
    expect(out.diagnostics[0]).toEqual({
      severity: "error",
      summary: "Invalid value for input variable",
      detail:
        "The given value is not suitable for var.instance_count declared at variables.tf:1,1-26: a number is required.",
      subject: {
        filename: "terraform.tfvars",
        start: { line: 1, column: 18, byte: 17 },
        end: { line: 1, column: 25, byte: 24 },
      },
    });
  });
});

describe("tofukit check: mistakes a new user makes", () => {
  it("explains a missing directory", () => {
    const run = runCli(["check", "no/such/dir"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("Error: The directory no/such/dir does not exist.\n");
  });

  it("explains a directory without configuration files", () => {
    const run = runCli(["check", moduleDir({ "README.md": "hi" })]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(
      /^Error: No OpenTofu configuration files \(\*\.tf, \*\.tf\.json, \*\.tofu, \*\.tofu\.json\) in .*: give the directory of a module/,
    );
  });

  it("explains a missing --var-file", () => {
    const run = runCli(["check", "examples/buckets", "--var-file", "missing.tfvars"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe(
      "Error: Failed to read variables file: Given variables file missing.tfvars does not exist.\n",
    );
  });

  it("reports a syntax error in a .tfvars file with its location", () => {
    const run = runCli([
      "check",
      moduleDir({ "v.tf": 'variable "a" {}\n', "terraform.tfvars": "a = [1,\n" }),
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("on terraform.tfvars line");
    expect(run.stderr).not.toMatch(/at .*\.js:\d+/);
  });
});

describe("tofukit check: validation rules", () => {
  const dir = moduleDir({
    "variables.tf": `variable "name" {
  type = string
  validation {
    condition     = can(regex("^[a-z0-9]{3,24}$", var.name))
    error_message = "The name must be between 3 and 24 characters, valid characters are lowercase letters and numbers."
  }
}
`,
    "terraform.tfvars": 'name = "My_Storage"\n',
  });

  it("reports a failed rule as OpenTofu does, and exits 1", () => {
    const run = runCli(["check", dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toBe(`╷
│ Error: Invalid value for variable
│
│   on variables.tf line 1:
│    1: variable "name" {
│       ^^^^^^^^^^^^^^^
│
│ The name must be between 3 and 24 characters, valid characters are lowercase letters and numbers.
│
│ This was checked by the validation rule at variables.tf:3,3-13.
╵
✘ 1 problem with 1 variable.
`);
  });

  it("says how many rules passed", () => {
    const run = runCli(["check", dir, "--var", "name=mystorage"]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      "✔ 1 variable: every value fits its type constraint and passes 1 validation rule.\n",
    );
  });

  it("skips the rules with --no-validation, and says so", () => {
    const run = runCli(["check", dir, "--no-validation"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('var.name = "My_Storage"\n');
    expect(run.stderr).toBe(
      "1 validation rule not run (--no-validation).\n✔ 1 variable: every value fits its type constraint.\n",
    );
  });

  it("gives the rule's range in --json", () => {
    const run = runCli(["check", dir, "--json"]);
    expect(run.status).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.diagnostics).toEqual([
      {
        severity: "error",
        summary: "Invalid value for variable",
        detail:
          "The name must be between 3 and 24 characters, valid characters are lowercase letters and numbers.\n\nThis was checked by the validation rule at variables.tf:3,3-13.",
        subject: {
          filename: "variables.tf",
          start: { line: 1, column: 1, byte: 0 },
          end: { line: 1, column: 16, byte: 15 },
        },
        extra: {
          rule: {
            filename: "variables.tf",
            start: { line: 3, column: 3, byte: 36 },
            end: { line: 3, column: 13, byte: 46 },
          },
        },
      },
    ]);
  });

  it("says when a rule depends on what only a plan knows", () => {
    const run = runCli([
      "check",
      moduleDir({
        "variables.tf": `variable "cidr" {
  default = "10.0.0.0/16"
  validation {
    condition     = var.cidr != local.reserved
    error_message = "Reserved."
  }
}
`,
      }),
    ]);
    expect(run.status).toBe(0);
    expect(run.stderr).toBe(
      "1 validation rule could not be decided offline: they depend on values only a plan knows.\n✔ 1 variable: every value fits its type constraint and passes 0 validation rules.\n",
    );
  });

  it("loads the functions the rules call, wherever they are called", () => {
    const files = {
      "variables.tf": `variable "name" {
  type = string
  validation {
    condition     = can(regex("^[a-z]+$", var.name)) && length(yamldecode("[1, 2]")) == 2
    error_message = "Bad name: \${upper(var.name)} (\${base64encode(var.name)})."
  }
  validation {
    condition     = templatefile("\${path.module}/allowed.tftpl", { name = var.name }) == "ok"
    error_message = "Not allowed."
  }
}
`,
      "allowed.tftpl": '%{ if contains(["web", "api"], name) }ok%{ else }no%{ endif }',
    };
    const ok = runCli(["check", moduleDir({ ...files, "terraform.tfvars": 'name = "web"\n' })]);
    expect(ok.status).toBe(0);
    expect(ok.stderr).toContain("passes 2 validation rules");
    const bad = runCli(["check", moduleDir({ ...files, "terraform.tfvars": 'name = "Web"\n' })]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("Bad name: WEB (V2Vi).");
    expect(bad.stderr).toContain("Not allowed.");
  });

  it("suggests a function of any group for a misspelt name", () => {
    const run = runCli([
      "check",
      moduleDir({
        "variables.tf": `variable "name" {
  type    = string
  default = "x"
  validation {
    condition     = lenght(var.name) > 0
    error_message = "Empty."
  }
}
`,
      }),
    ]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('There is no function named "lenght". Did you mean "length"?');
  });

  it("reads .tofu files and override files", () => {
    const run = runCli([
      "check",
      moduleDir({
        "variables.tf": 'variable "size" {\n  type = string\n}\n',
        "variables.tofu": 'variable "size" {\n  type    = number\n  default = 1\n}\n',
        "override.tf": 'variable "size" {\n  default = 2\n}\n',
      }),
    ]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("var.size = 2\n");
  });
});

describe("tofukit check: expressions in values", () => {
  const files = {
    "variables.tf":
      'variable "total" {\n  type = number\n}\n\nvariable "text" {\n  type    = string\n  default = ""\n}\n\nvariable "totals" {\n  type    = list(number)\n  default = []\n}\n',
  };

  it("refuses a reference after the start of a heredoc line, as in a quoted string", () => {
    const dir = moduleDir({ ...files, "terraform.tfvars": "total = 1\ntext = <<EOT\nref ${var.h}\nEOT\n" });
    const run = runCli(["check", dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Variables not allowed");
  });

  it("evaluates every interpolation of a heredoc line", () => {
    const dir = moduleDir({
      ...files,
      "terraform.tfvars": 'total = 1\ntext = <<EOT\n${"x"} and ${"y"}\nEOT\n',
    });
    const run = runCli(["check", dir]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("x and y");
  });

  // A --var of a primitive type is a literal string; a list's is an expression. 60,000
  // additions: a longer argument exceeds Linux's limit for one argument (128 KiB).
  it("evaluates a --var of 60,000 additions without exhausting the stack", { timeout: 60_000 }, () => {
    const dir = moduleDir({ ...files, "terraform.tfvars": "total = 1\n" });
    const run = runCli(["check", dir, "--var", `totals=[${"1+".repeat(60_000)}1]`]);
    expect(run.stderr).not.toContain("RangeError");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain("var.totals = tolist([\n  60001,\n])");
  });
});
