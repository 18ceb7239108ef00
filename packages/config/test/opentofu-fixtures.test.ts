// OpenTofu's own fixtures for module calls: internal/configs/testdata/invalid-files/module-calls.tf
// (TestLoadModuleCall) and internal/command/testdata/validate-invalid/incorrectmodulename.
import { formatRange } from "@tofukit/hcl";
import { describe, expect, it } from "vitest";
import { constantString } from "../src/decode-module-call.js";
import { loadModule } from "../src/index.js";
import { checkTree } from "./check-tree.js";
import { lines } from "./diagnostics.js";

const moduleCallsTf = `
module "foo" {
  source = "./foo"
  # this block intentionally left (almost) blank
}

module "bar" {
  source = "opentofu/bar/aws"

  boom = "🎆"
  yes  = true
}

module "baz" {
  source = "git::https://example.com/"

  a = 1

  count = 12
  for_each = ["a", "b", "c"]

  depends_on = [
    module.bar,
  ]

  providers = {
    aws = aws.foo
  }
}
`;

describe("TestLoadModuleCall (invalid-files/module-calls.tf)", () => {
  const m = loadModule([{ name: "module-calls.tf", text: moduleCallsTf }]);

  it("reports count and for_each together, over the range from one to the other", () => {
    expect(lines(m.diagnostics)).toEqual([
      'error: Invalid combination of "count" and "for_each": The "count" and "for_each" meta-arguments are mutually-exclusive. Only one should be used to be explicit about the number of module instances to be created. @ module-calls.tf:19,3-20,11',
    ]);
  });

  it("decodes each call's name, source and declaration range", () => {
    expect(
      [...m.moduleCalls.values()].map(
        (c) =>
          `${c.name} ${constantString(c.source!.expr)} ${formatRange(c.declRange)} ${c.declRange.start.byte}`,
      ),
    ).toEqual([
      "foo ./foo module-calls.tf:2,1-13 1",
      "bar opentofu/bar/aws module-calls.tf:7,1-13 87",
      "baz git::https://example.com/ module-calls.tf:14,1-13 166",
    ]);
  });

  it("keeps depends_on and providers as meta-arguments, and the rest for the child", () => {
    const baz = m.moduleCalls.get("baz")!;
    expect(formatRange(baz.dependsOn!.expr.range)).toBe("module-calls.tf:22,16-24,4");
    expect(formatRange(baz.providers!.nameRange)).toBe("module-calls.tf:26,3-12");
    expect(baz.arguments.map((a) => a.name)).toEqual(["a"]);
    expect(m.moduleCalls.get("bar")!.arguments.map((a) => a.name)).toEqual(["boom", "yes"]);
  });
});

describe("validate-invalid/incorrectmodulename", () => {
  it("reports the missing source and the bad name with OpenTofu's ranges", () => {
    const result = checkTree({
      "main.tf": 'module "super#module" {\n}\n\nmodule "super" {\n  source = var.modulename\n}\n',
    });
    // OpenTofu's JSON view widens the zero-length range of a missing argument to one character
    // (1,23-1,24); the diagnostic itself is at the start of the body.
    expect(lines(result.diagnostics)).toEqual([
      "error: Invalid module instance name: A name must start with a letter or underscore and may contain only letters, digits, underscores, and dashes. @ main.tf:1,8-22",
      'error: Missing required argument: The argument "source" is required, but no definition was found. @ main.tf:1,23-23',
      "error: Undefined variable: Undefined variable var.modulename @ main.tf:5,12-26",
    ]);
    expect(result.unchecked.map((u) => `${u.address} ${u.code}: ${u.reason}`)).toEqual([
      "module.super#module no-source: it has no source",
      "module.super source-error: its source could not be evaluated",
    ]);
  });
});
