// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { formatRange } from "@tofukit/hcl";
import { describe, expect, it } from "vitest";
import { lines } from "../test/diagnostics.js";
import { loadModule } from "./index.js";

const load = (files: Record<string, string>) =>
  loadModule(Object.entries(files).map(([name, text]) => ({ name, text })));

describe("module blocks: the schema of decodeModuleBlock", () => {
  it("takes the meta-arguments apart from the arguments for the child", () => {
    const m = load({
      "main.tf": `module "a" {
  source     = "./a"
  version    = null
  count      = 2
  depends_on = []
  providers  = { aws = aws.west }
  x          = 1
  _ {
    source = "an input variable named source"
  }
}
`,
    });
    expect(m.diagnostics).toEqual([]);
    const call = m.moduleCalls.get("a")!;
    expect(call.count).toBeDefined();
    expect(call.version).toBeUndefined();
    expect(call.arguments.map((a) => a.name)).toEqual(["x", "source"]);
    expect(formatRange(call.declRange)).toBe("main.tf:1,1-11");
  });

  it("requires source, pointing at the start of the body", () => {
    expect(lines(load({ "main.tf": 'module "a" {\n  x = 1\n}\n' }).diagnostics)).toEqual([
      'error: Missing required argument: The argument "source" is required, but no definition was found. @ main.tf:1,12-12',
    ]);
  });

  it("refuses a bad name, the reserved blocks, a second lifecycle and a second escaping block", () => {
    const m = load({
      "main.tf": `module "1a" {
  source = "./a"
  locals {}
  provider "aws" {}
  lifecycle {
    enabled = true
    other   = 1
  }
  lifecycle {}
  _ {}
  _ {}
}
`,
    });
    expect(lines(m.diagnostics)).toEqual([
      "error: Invalid module instance name: A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @ main.tf:1,8-12",
      'error: Reserved block type name in module block: The block type name "locals" is reserved for use by OpenTofu in a future version. @ main.tf:3,3-9',
      'error: Reserved block type name in module block: The block type name "provider" is reserved for use by OpenTofu in a future version. @ main.tf:4,3-11',
      'error: Unsupported argument: An argument named "other" is not expected here. @ main.tf:7,5-10',
      "error: Duplicate lifecycle block: This resource already has a lifecycle block at main.tf:5,3-12. @ main.tf:9,3-12",
      'error: Duplicate escaping block: The special block type "_" can be used to force particular arguments to be interpreted as module input variables rather than as meta-arguments, but each module block can have only one such block. The first escaping block was at main.tf:10,3-4. @ main.tf:11,3-4',
    ]);
  });

  it("refuses count, for_each and enabled together, naming them in order", () => {
    const two = load({ "main.tf": 'module "a" {\n  source = "./a"\n  count = 1\n  for_each = {}\n}\n' });
    expect(lines(two.diagnostics)).toEqual([
      'error: Invalid combination of "count" and "for_each": The "count" and "for_each" meta-arguments are mutually-exclusive. Only one should be used to be explicit about the number of module instances to be created. @ main.tf:3,3-4,11',
    ]);
    const three = load({
      "main.tf":
        'module "a" {\n  source = "./a"\n  for_each = {}\n  count = 1\n  lifecycle {\n    enabled = true\n  }\n}\n',
    });
    expect(three.diagnostics[0]!.summary).toBe('Invalid combination of "count", "enabled", and "for_each"');
    expect(formatRange(three.diagnostics[0]!.subject!)).toBe("main.tf:3,3-6,12");
  });

  it("reports a module call defined twice, and the same provider passed twice", () => {
    const m = load({
      "a.tf": 'module "a" {\n  source = "./a"\n  providers = { aws = aws, aws = aws.b }\n}\n',
      "b.tf": 'module "a" {\n  source = "./b"\n}\n',
    });
    expect(lines(m.diagnostics)).toEqual([
      "error: Duplicate provider address: A provider configuration was already passed to aws at a.tf:3,17-20. Each child provider configuration can be assigned only once. @ a.tf:3,28-31",
      'error: Duplicate module call: A module call named "a" was already defined at a.tf:1,1-11. Module calls must have unique names within a module. @ b.tf:1,1-11',
    ]);
  });

  it("decodes .tf.json module blocks with the same schema", () => {
    const m = load({
      "main.tf.json": JSON.stringify({
        module: {
          a: { source: "./a", count: 2, x: "${var.y}", _: { version: "v" }, locals: {} },
          b: { x: 1 },
        },
      }),
    });
    // A JSON body's missing argument is reported at its closing brace (hcl/json's MissingItemRange).
    expect(lines(m.diagnostics)).toEqual([
      'error: Reserved block type name in module block: The block type name "locals" is reserved for use by OpenTofu in a future version. @ main.tf.json:1,77-85',
      'error: Missing required argument: The argument "source" is required, but no definition was found. @ main.tf.json:1,100-101',
    ]);
    const a = m.moduleCalls.get("a")!;
    expect(a.arguments.map((x) => x.name)).toEqual(["x", "version"]);
    // The template in a JSON string keeps the positions it is written at.
    expect(formatRange(a.arguments[0]!.expr.range)).toBe("main.tf.json:1,47-55");
  });

  it("merges an override file's module block into the base, argument by argument", () => {
    const m = load({
      "main.tf": 'module "a" {\n  source = "./a"\n  x = 1\n  y = 2\n}\n',
      "override.tf": 'module "a" {\n  source = "./b"\n  y = 3\n}\nmodule "b" {\n}\n',
    });
    expect(lines(m.diagnostics)).toEqual([
      'error: Missing module call to override: There is no module call named "b". An override file can only override a module call that was defined in a primary configuration file. @ override.tf:5,1-11',
    ]);
    const a = m.moduleCalls.get("a")!;
    expect(formatRange(a.source!.expr.range)).toBe("override.tf:2,12-17");
    expect(a.arguments.map((x) => `${x.name}@${x.nameRange.filename}`)).toEqual([
      "x@main.tf",
      "y@override.tf",
    ]);
  });
});

describe("locals blocks", () => {
  it("collects local values from every block and file, and refuses a name defined twice", () => {
    const m = load({
      "a.tf": "locals {\n  a = 1\n  b = 2\n}\n",
      "b.tf.json": '{"locals": {"c": "${local.a}", "a": 3}}',
    });
    expect([...m.locals.keys()]).toEqual(["a", "b", "c"]);
    expect(lines(m.diagnostics)).toEqual([
      'error: Duplicate local value definition: A local value named "a" was already defined at a.tf:2,3-8. Local value names must be unique within a module. @ b.tf.json:1,32-38',
    ]);
  });

  it("refuses nested blocks in locals", () => {
    const m = load({ "a.tf": "locals {\n  x {}\n}\n" });
    expect(lines(m.diagnostics)).toEqual([
      'error: Unexpected "x" block: Blocks are not allowed here. @ a.tf:2,3-4',
    ]);
  });
});

describe("variable names reserved for module blocks", () => {
  it("are refused in a child's declarations", () => {
    const m = load({ "a.tf": 'variable "count" {}\nvariable "providers" {}\n' });
    expect(lines(m.diagnostics)).toEqual([
      'error: Invalid variable name: The variable name "count" is reserved due to its special meaning inside module blocks. @ a.tf:1,10-17',
      'error: Invalid variable name: The variable name "providers" is reserved due to its special meaning inside module blocks. @ a.tf:2,10-21',
    ]);
  });
});
