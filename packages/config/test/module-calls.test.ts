// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { consoleString } from "@tofukit/cty";
import { formatRange } from "@tofukit/hcl";
import { BUCKETS_MODULE_TREE as bucketsTree } from "@tofukit/test-support/buckets-example";
import { describe, expect, it } from "vitest";
import { checkTree } from "./check-tree.js";
import { lines } from "./diagnostics.js";

const shown = (v: import("@tofukit/cty").Value | undefined) =>
  v === undefined ? "(none)" : consoleString(v);

describe("the buckets example of OpenTofu's type-constraint documentation", () => {
  const docsValue = (index: string, error: string) => `tolist([
  {
    "enabled" = true
    "name" = "maybe_legacy"
    "website" = {
      "error_document" = "${error}"
      "index_document" = "${index}"
      "routing_rules" = tostring(null)
    }
  },
])`;

  it("lets the child's optional defaults apply where the call gives null", () => {
    const result = checkTree(bucketsTree);
    expect(result.diagnostics).toEqual([]);
    expect(shown(result.values.get("module.buckets.var.buckets"))).toBe(
      docsValue("index.html", "error.html"),
    );
  });

  it("passes the caller's values when legacy_filenames is true", () => {
    const result = checkTree(bucketsTree, { args: [{ kind: "var", raw: "legacy_filenames=true" }] });
    expect(result.diagnostics).toEqual([]);
    expect(shown(result.values.get("module.buckets.var.buckets"))).toBe(docsValue("INDEX.HTM", "ERROR.HTM"));
  });

  it("reads the same call from .tf.json syntax", () => {
    const result = checkTree({
      "main.tf.json": JSON.stringify({
        variable: { legacy_filenames: { type: "bool", default: true } },
        module: {
          buckets: {
            source: "./modules/buckets",
            buckets: [
              {
                name: "maybe_legacy",
                website: {
                  error_document: '${var.legacy_filenames ? "ERROR.HTM" : null}',
                  index_document: '${var.legacy_filenames ? "INDEX.HTM" : null}',
                },
              },
            ],
          },
        },
      }),
      "modules/buckets/variables.tf": bucketsTree["modules/buckets/variables.tf"],
    });
    expect(result.diagnostics).toEqual([]);
    expect(shown(result.values.get("module.buckets.var.buckets"))).toBe(docsValue("INDEX.HTM", "ERROR.HTM"));
  });
});

const child = `variable "name" {
  type = string
}

variable "size" {
  type    = number
  default = 1
}

variable "region" {
  type     = string
  nullable = false
}
`;

describe("call arguments against the child's variables", () => {
  it("reports unsupported and missing arguments of every call, with hcl's suggestion", () => {
    const result = checkTree({
      "main.tf": `module "a" {
  source = "./child"
  nmae   = "x"
  region = "eu"
}

module "b" {
  source = "./child"
  name   = "y"
  zone   = "z"
}
`,
      "child/variables.tf": child,
    });
    expect(lines(result.diagnostics)).toEqual([
      'error: Missing required argument: The argument "name" is required, but no definition was found. @ main.tf:1,12-12',
      'error: Unsupported argument: An argument named "nmae" is not expected here. Did you mean "name"? @ main.tf:3,3-7',
      'error: Missing required argument: The argument "region" is required, but no definition was found. @ main.tf:7,12-12',
      'error: Unsupported argument: An argument named "zone" is not expected here. @ main.tf:10,3-7',
    ]);
    expect(result.diagnostics.map((d) => d.extra?.module)).toEqual([
      "module.a",
      "module.a",
      "module.b",
      "module.b",
    ]);
  });

  it("reports a .tf.json call's unknown argument as HCL's JSON syntax does", () => {
    const result = checkTree({
      "main.tf.json": JSON.stringify({ module: { a: { source: "./child", nmae: "x", region: "eu" } } }),
      "child/variables.tf": child,
    });
    expect(lines(result.diagnostics)).toEqual([
      'error: Missing required argument: The argument "name" is required, but no definition was found. @ main.tf.json:1,60-61',
      'error: Extraneous JSON object property: No argument or block type is named "nmae". Did you mean "name"? @ main.tf.json:1,36-42',
    ]);
  });

  it("reports a value unsuitable for the child's type at the part that fails, with OpenTofu's text", () => {
    const result = checkTree({
      "main.tf":
        'module "a" {\n  source = "./child"\n  name   = "x"\n  region = "eu"\n  size   = { n = 1 }\n}\n',
      "child/variables.tf": child,
    });
    expect(lines(result.diagnostics)).toEqual([
      "error: Invalid value for input variable: The given value is not suitable for module.a.var.size declared at child/variables.tf:5,1-16: number required, but have object. @ main.tf:5,12-21",
    ]);
  });

  it("hides the value of a sensitive variable that does not fit", () => {
    const result = checkTree({
      "main.tf": 'module "a" {\n  source = "./child"\n  secret = {}\n}\n',
      "child/variables.tf": 'variable "secret" {\n  type      = string\n  sensitive = true\n}\n',
    });
    expect(lines(result.diagnostics)).toEqual([
      "error: Invalid value for input variable: The given value is not suitable for module.a.var.secret, which is sensitive: string required, but have object. Invalid value defined at main.tf:3,12-14. @ child/variables.tf:1,1-18",
    ]);
  });

  it("refuses null for a variable with nullable = false and no default", () => {
    const result = checkTree({
      "main.tf": 'module "a" {\n  source = "./child"\n  name   = "x"\n  region = null\n}\n',
      "child/variables.tf": child,
    });
    expect(lines(result.diagnostics)).toEqual([
      "error: Required variable not set: The given value is not suitable for module.a.var.region defined at child/variables.tf:10,1-18: required variable may not be set to null. @ main.tf:4,12-16",
    ]);
  });

  it("runs the child's validation rules on the value passed, and lets unknown results pass", () => {
    const result = checkTree({
      "main.tf": `module "a" {
  source = "./child"
  name   = "UPPER"
}
module "b" {
  source = "./child"
  name   = aws_instance.web.id
}
`,
      "child/variables.tf": `variable "name" {
  type = string
  validation {
    condition     = lower(var.name) == var.name
    error_message = "The name must be lower case, not \${var.name}."
  }
}
`,
    });
    expect(lines(result.diagnostics)).toEqual([
      "error: Invalid value for variable: The name must be lower case, not UPPER.\n\nThis was checked by the validation rule at child/variables.tf:3,3-13. @ main.tf:3,12-19",
    ]);
    expect(result.diagnostics[0]!.extra?.module).toBe("module.a");
    expect(result.rules).toEqual({ run: 2, undecided: 1, skipped: 0, blocked: 0 });
  });

  it("warns of object attributes the child's type has no place for", () => {
    const result = checkTree({
      "main.tf": 'module "a" {\n  source = "./child"\n  server = { nmae = "x", name = "y" }\n}\n',
      "child/variables.tf": 'variable "server" {\n  type = object({ name = string })\n}\n',
    });
    expect(lines(result.diagnostics)).toEqual([
      'warning: Object attribute is ignored: The object type for input variable "server" does not include an attribute named "nmae", so this definition is unused. Did you mean to set attribute "name" instead? @ main.tf:3,14-18',
    ]);
  });
});

describe("deprecated variables", () => {
  it("warn where a call sets them, with the module author's message", () => {
    const result = checkTree({
      "main.tf": 'module "call" {\n  source = "./child"\n  input  = "test"\n}\n',
      "child/main.tf":
        'variable "input" {\n  default    = "x"\n  deprecated = "this is local deprecated"\n}\n',
    });
    expect(lines(result.diagnostics)).toEqual([
      'warning: Variable marked as deprecated by the module author: Variable "input" is marked as deprecated with the following message:\nthis is local deprecated @ main.tf:3,12-18',
    ]);
  });
});

describe("object attributes the child's type drops", () => {
  it("are named with their nested path", () => {
    const result = checkTree({
      "main.tf": 'module "a" {\n  source = "./child"\n  servers = [{ name = "x", sise = 1 }]\n}\n',
      "child/variables.tf":
        'variable "servers" {\n  type = list(object({ name = string, size = optional(number) }))\n}\n',
    });
    expect(lines(result.diagnostics)).toEqual([
      'warning: Object attribute is ignored: The object type for input variable "servers" nested value [0] does not include an attribute named "sise", so this definition is unused. Did you mean to set attribute "size" instead? @ main.tf:3,28-32',
    ]);
  });
});

describe("the caller's scope", () => {
  it("evaluates locals in dependency order, with path, terraform.workspace and the root's values", () => {
    const result = checkTree(
      {
        "main.tf": `variable "env" {
  type = string
}
locals {
  label = "\${local.prefix}-\${terraform.workspace}"
  prefix = upper(var.env)
}
module "a" {
  source = "./child"
  text   = "\${local.label} \${path.module}"
}
`,
        "child/main.tf": 'variable "text" {}\nlocals {\n  here = path.module\n}\n',
        "terraform.tfvars": 'env = "prod"\n',
      },
      { workspace: "blue" },
    );
    expect(result.diagnostics).toEqual([]);
    expect(shown(result.values.get("module.a.var.text"))).toBe('"PROD-blue ."');
    expect(shown(result.instances[0]!.locals.get("here"))).toBe('"child"');
  });

  it("gives a called module's rules its own path.module and the root's path.root", () => {
    const result = checkTree({
      "main.tf": 'module "a" {\n  source = "./child"\n  x = "y"\n}\n',
      "child/main.tf": `variable "x" {
  validation {
    condition     = var.x == "" || (path.module == "." && path.root == ".")
    error_message = "path.module is \${path.module}, path.root is \${path.root}."
  }
}
`,
    });
    expect(result.diagnostics.map((d) => d.detail.split("\n")[0])).toEqual([
      "path.module is child, path.root is ..",
    ]);
  });

  it("reports a local that refers to itself, and a cycle of locals", () => {
    const result = checkTree({
      "main.tf":
        'locals {\n  a = local.a\n  b = local.c\n  c = local.b\n}\nmodule "m" {\n  source = "./child"\n}\n',
      "child/main.tf": "",
    });
    expect(lines(result.diagnostics)).toEqual([
      "error: Self-referencing local value: Local value local.a cannot use its own result as part of its expression. @ main.tf:2,7-14",
      "error: Cycle: local.b (expand), local.c (expand):  @ main.tf:4,7-14",
    ]);
  });

  it("makes resources, data sources and module outputs unknown, and still converts them", () => {
    const result = checkTree({
      "main.tf": `module "a" {
  source = "./child"
  name   = data.aws_region.current.name
  ids    = [aws_instance.web.id, module.other.id]
}
module "other" {
  source = "./other"
}
`,
      "child/main.tf": 'variable "name" {\n  type = string\n}\nvariable "ids" {\n  type = list(string)\n}\n',
      "other/main.tf": "",
    });
    expect(result.diagnostics).toEqual([]);
    expect(shown(result.values.get("module.a.var.name"))).toBe("(known after apply)");
  });

  it("reports references to what the caller does not declare", () => {
    const result = checkTree({
      "main.tf":
        'variable "region" {\n  default = "x"\n}\nmodule "a" {\n  source = "./child"\n  x = [var.regoin, local.nope, module.nope.id, count.index]\n}\n',
      "child/main.tf": 'variable "x" {}\n',
    });
    expect(lines(result.diagnostics)).toEqual([
      'error: Reference to undeclared input variable: An input variable with the name "regoin" has not been declared. Did you mean "region"? @ main.tf:6,8-18',
      'error: Reference to undeclared local value: A local value with the name "nope" has not been declared. @ main.tf:6,20-30',
      'error: Reference to undeclared module: No module call named "nope" is declared in the root module. @ main.tf:6,32-43',
      'error: Reference to "count" in non-counted context: The "count" object can only be used in "module", "resource", and "data" blocks, and only when the "count" argument is set. @ main.tf:6,48-59',
    ]);
  });
});

describe("repeated calls", () => {
  const counted = (meta: string) => ({
    "main.tf": `variable "names" {\n  default = ["a", "b"]\n}\nmodule "m" {\n  source = "./child"\n  ${meta}\n}\n`,
    "child/main.tf": 'variable "name" {\n  type = string\n}\n',
  });

  it("checks each instance of count with its count.index", () => {
    const result = checkTree(counted("count = 2\n  name = var.names[count.index]"));
    expect(result.diagnostics).toEqual([]);
    expect(result.instances.map((i) => i.address)).toEqual(["module.m[0]", "module.m[1]"]);
    expect(shown(result.values.get("module.m[1].var.name"))).toBe('"b"');
  });

  it("checks each instance of for_each with its each.key and each.value", () => {
    const result = checkTree(
      counted('for_each = { x = "1", y = "2" }\n  name = "${each.key}=${each.value}"'),
    );
    expect(result.instances.map((i) => i.address)).toEqual(['module.m["x"]', 'module.m["y"]']);
    expect(shown(result.values.get('module.m["y"].var.name'))).toBe('"y=2"');
  });

  it("checks once with unknown keys when the number of instances is not known", () => {
    const result = checkTree(counted("count = length(aws_instance.x)\n  name = count.index"));
    expect(result.diagnostics).toEqual([]);
    expect(result.instances.map((i) => i.address)).toEqual(["module.m"]);
    expect(shown(result.values.get("module.m.var.name"))).toBe("(known after apply)");
  });

  it("reports an instance's unsuitable value with the instance's address", () => {
    const result = checkTree(counted("count = 1\n  name = {}"));
    expect(result.diagnostics[0]!.detail).toBe(
      "The given value is not suitable for module.m[0].var.name declared at child/main.tf:1,1-16: string required, but have object.",
    );
    expect(result.diagnostics[0]!.extra?.module).toBe("module.m[0]");
  });

  it("checks no instance of a call that is disabled", () => {
    const result = checkTree(counted("lifecycle {\n    enabled = false\n  }\n  name = {}"));
    expect(result.diagnostics).toEqual([]);
    expect(result.instances).toEqual([]);
  });

  it("refuses a negative count", () => {
    const result = checkTree(counted('count = -1\n  name = "x"'));
    expect(lines(result.diagnostics)).toEqual([
      'error: Invalid count argument: The given "count" argument value is unsuitable: must be greater than or equal to zero. @ main.tf:6,11-13',
    ]);
  });
});

describe("the module tree", () => {
  it("follows calls down the tree, naming nested modules by their path", () => {
    const result = checkTree({
      "main.tf": 'module "a" {\n  source = "./modules/a"\n  n = 2\n}\n',
      "modules/a/main.tf": 'variable "n" {}\nmodule "b" {\n  source = "../b"\n  m = var.n * 10\n}\n',
      "modules/b/main.tf": 'variable "m" {\n  type = string\n}\n',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.tree.modules.map((m) => `${m.address} ${m.dir}`)).toEqual([
      "module.a modules/a",
      "module.a.module.b modules/b",
    ]);
    expect(shown(result.values.get("module.a.module.b.var.m"))).toBe('"20"');
  });

  it("reports a module that calls itself instead of looping", () => {
    const result = checkTree({
      "main.tf": 'module "a" {\n  source = "./a"\n}\n',
      "a/main.tf": 'module "again" {\n  source = "../a"\n}\n',
    });
    expect(lines(result.diagnostics)).toEqual([
      "error: Recursive module call: module.a.module.again calls the module in a, which is already being loaded for module.a: a module cannot call itself, directly or through other modules. @ a/main.tf:1,1-15",
    ]);
    expect(result.unchecked.map((u) => `${u.address} ${u.code}: ${u.reason}`)).toEqual([
      "module.a.module.again recursive: it calls a module that calls it",
    ]);
  });

  it("lists registry and remote modules that are not installed, with the reason", () => {
    const result = checkTree({
      "main.tf":
        'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.0.0"\n}\nmodule "git" {\n  source = "git::https://example.com/x.git"\n}\n',
    });
    expect(result.diagnostics).toEqual([]);
    // The reason is plain: what to do about it is each front end's to say, by the code.
    expect(result.unchecked.map((u) => `${u.address} ${u.source} ${u.code}: ${u.reason}`)).toEqual([
      "module.vpc terraform-aws-modules/vpc/aws not-installed: a registry module that is not installed (no .terraform/modules/modules.json)",
      "module.git git::https://example.com/x.git not-installed: a remote module that is not installed (no .terraform/modules/modules.json)",
    ]);
    const withManifest = checkTree({
      "main.tf": 'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.0.0"\n}\n',
      ".terraform/modules/modules.json": JSON.stringify({ Modules: [{ Key: "", Source: "", Dir: "." }] }),
    });
    expect(withManifest.unchecked.map((u) => `${u.code}: ${u.reason}`)).toEqual([
      "not-installed: a registry module that is not installed",
    ]);
  });

  // The texts of configs.decodeStaticSource, through @tofukit/registry's address parsers.
  it("reports source addresses that are neither local, registry nor remote, as config load does", () => {
    const result = checkTree({
      "main.tf": [
        'module "bare" {\n  source = "modules/x"\n}\n',
        'module "local_versioned" {\n  source  = "./local"\n  version = "1.0.0"\n}\n',
        'module "bad_registry" {\n  source  = "example.com/a/b/c/d/e"\n  version = "1.0.0"\n}\n',
        'module "no_version" {\n  source  = "./x"\n  version = null\n}\n',
      ].join(""),
      "x/main.tf": "",
    });
    expect(result.diagnostics.map((d) => [d.summary, d.detail, d.subject?.start.line])).toEqual([
      [
        "Invalid module source address",
        'OpenTofu failed to determine your intended installation method for remote module package "modules/x".\n\nIf you intended this as a path relative to the current module, use "./modules/x" instead. The "./" prefix indicates that the address is a relative filesystem path.',
        2,
      ],
      [
        "Invalid registry module source address",
        'Failed to parse module registry address: can\'t use local directory "./local" as a module registry address.\n\nOpenTofu assumed that you intended a module registry source address because you also set the argument "version", which applies only to registry modules.',
        5,
      ],
      [
        "Invalid registry module source address",
        expect.stringMatching(
          /^Failed to parse module registry address: .+\.\n\nOpenTofu assumed that you intended a module registry source address/,
        ),
        9,
      ],
    ]);
    expect(result.unchecked.map((u) => u.code)).toEqual([
      "invalid-source",
      "invalid-source",
      "invalid-source",
    ]);
    expect(result.unchecked.map((u) => `${u.address}: ${u.reason}`)).toEqual([
      "module.bare: its source is invalid",
      "module.local_versioned: its source is invalid",
      "module.bad_registry: its source is invalid",
    ]);
  });

  it("finds the modules tofu init installed through modules.json, by module path", () => {
    const result = checkTree({
      "main.tf":
        'module "vpc" {\n  source  = "terraform-aws-modules/vpc/aws"\n  version = "5.0.0"\n  cidr = 10\n}\n',
      ".terraform/modules/modules.json": JSON.stringify({
        Modules: [
          { Key: "", Source: "", Dir: "." },
          {
            Key: "vpc",
            Source: "registry.opentofu.org/terraform-aws-modules/vpc/aws",
            Version: "5.0.0",
            Dir: ".terraform/modules/vpc",
          },
          { Key: "vpc.sub", Source: "./sub", Dir: ".terraform/modules/vpc/sub" },
        ],
      }),
      ".terraform/modules/vpc/main.tf":
        'variable "cidr" {\n  type = list(string)\n}\nmodule "sub" {\n  source = "./sub"\n}\n',
      ".terraform/modules/vpc/sub/main.tf": "",
    });
    expect(lines(result.diagnostics)).toEqual([
      "error: Invalid value for input variable: The given value is not suitable for module.vpc.var.cidr declared at .terraform/modules/vpc/main.tf:1,1-16: list of string required, but have number. @ main.tf:4,10-12",
    ]);
    expect(result.tree.modules.map((m) => m.address)).toEqual(["module.vpc", "module.vpc.module.sub"]);
  });

  it("evaluates a source written as an expression in the caller's scope, and follows it", () => {
    const result = checkTree({
      "main.tf": `variable "flavour" {
  default = "b"
}
locals {
  dir = "./modules/\${var.flavour}"
}
module "m" {
  source = local.dir
  x      = 1
}
module "later" {
  source = aws_s3_bucket.x.id
}
`,
      "modules/b/main.tf": 'variable "x" {\n  type = string\n}\n',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.modules.map((m) => `${m.address} ${m.dir}`)).toEqual(["module.m modules/b"]);
    expect(shown(result.values.get("module.m.var.x"))).toBe('"1"');
    expect(result.unchecked.map((u) => `${u.address} ${u.code}: ${u.reason}`)).toEqual([
      "module.later unknown-source: its source is not known before a plan",
    ]);
  });

  it("refuses a version on a local source, as OpenTofu's config loader does", () => {
    const result = checkTree({
      "main.tf": 'module "a" {\n  source  = "./local"\n  version = "1.0.0"\n}\n',
      "local/main.tf": "",
    });
    expect(lines(result.diagnostics)).toEqual([
      'error: Invalid registry module source address: Failed to parse module registry address: can\'t use local directory "./local" as a module registry address.\n\nOpenTofu assumed that you intended a module registry source address because you also set the argument "version", which applies only to registry modules. @ main.tf:2,13-22',
    ]);
  });

  it("reports a local module directory that does not exist", () => {
    const result = checkTree({ "main.tf": 'module "a" {\n  source = "./nowhere"\n}\n' });
    expect(result.diagnostics.map((d) => d.summary)).toEqual(["Unreadable module directory"]);
    expect(formatRange(result.diagnostics[0]!.subject!)).toBe("main.tf:2,12-23");
  });

  it("reads a module called many times once, and reports its problems once", () => {
    const calls = Array.from({ length: 3 }, (_, i) => `module "m${i}" {\n  source = "./child"\n}\n`).join("");
    const result = checkTree({ "main.tf": calls, "child/main.tf": 'variable "count" {\n  default = 1\n}\n' });
    expect(result.diagnostics.map((d) => `${d.summary} ${d.extra?.module}`)).toEqual([
      "Invalid variable name module.m0",
    ]);
    expect(new Set(result.tree.modules.map((m) => m.module)).size).toBe(1);
  });
});

describe("limits and hostile input", () => {
  it("checks a repeated call within a repeated call without multiplying into millions of instances", () => {
    const result = checkTree({
      "main.tf": 'module "outer" {\n  source = "./outer"\n  count = 1000\n}\n',
      "outer/main.tf": 'module "inner" {\n  source = "../inner"\n  count = 1000\n  n = count.index\n}\n',
      "inner/main.tf": 'variable "n" {\n  type = number\n}\n',
    });
    expect(result.diagnostics).toEqual([]);
    expect(result.instances.length).toBeLessThanOrEqual(10_000 + 1000);
    expect(result.instances.at(-1)!.address).toMatch(/^module\.outer\[\d+\]\.module\.inner$/);
  }, 60_000);

  it("refuses a for_each set of numbers", () => {
    const result = checkTree({
      "main.tf": 'module "m" {\n  source = "./m"\n  for_each = toset([1, 2])\n}\n',
      "m/main.tf": "",
    });
    expect(result.diagnostics.map((d) => d.summary)).toEqual(["Invalid for_each argument"]);
  });

  it("reports JSON module blocks of the wrong shapes instead of failing", () => {
    for (const text of [
      '{"module": "x"}',
      '{"module": {"a": 1}}',
      '{"module": {"a": [{"source": "./a"}, 2]}}',
      '{"module": {"a": {"source": "./a", "_": 3, "lifecycle": [1]}}}',
      '{"module": {"a": {"source": 1}}, "locals": "x"}',
      '{"module": {"a": {"source": "./a", "x": "${"}}}',
    ]) {
      const result = checkTree({ "main.tf.json": text, "a/main.tf": "" });
      expect(result.diagnostics.some((d) => d.severity === "error")).toBe(true);
    }
  });
});
