import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readModuleDependencies } from "./module-dependencies.js";

function moduleWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-deps-"));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

describe("readModuleDependencies", () => {
  it("reads module calls and required providers of native and JSON files, constraints merged", () => {
    const dir = moduleWith({
      "main.tf": `
terraform {
  required_providers {
    aws = {
      source  = "HashiCorp/AWS"
      version = ">= 5.0"
    }
    legacy = "~> 1.2"
    terraform = {
      source = "terraform.io/builtin/terraform"
    }
  }
}

module "vpc" {
  source  = "terraform-aws-modules/vpc/aws"
  version = "~> 5.1"
}

module "local" {
  source = "./modules/x"
}
`,
      "versions.tf.json": JSON.stringify({
        terraform: { required_providers: { aws: { source: "hashicorp/aws", version: "< 6.0" } } },
      }),
    });
    const deps = readModuleDependencies(dir);
    expect(deps.diagnostics).toEqual([]);
    expect(deps.modules.map((m) => [m.name, m.source?.kind, m.version])).toEqual([
      ["vpc", "registry", "~> 5.1"],
      ["local", "local", undefined],
    ]);
    expect(deps.providers.map((p) => [p.provider.toString(), p.names, p.constraint.toString()])).toEqual([
      ["registry.opentofu.org/hashicorp/aws", ["aws"], ">= 5.0.0, < 6.0.0"],
      ["registry.opentofu.org/hashicorp/legacy", ["legacy"], "~> 1.2"],
    ]);
  });

  it("reports a source that is not a static string and a bad provider address", () => {
    const dir = moduleWith({
      "main.tf": `
variable "where" {
  type = string
}

module "dynamic" {
  source = var.where
}

terraform {
  required_providers {
    bad = {
      source = "a/b/c/d"
    }
  }
}
`,
    });
    const deps = readModuleDependencies(dir);
    expect(deps.modules[0]?.problem).toBe("the source is not a static string");
    expect(deps.providers).toEqual([]);
    expect(deps.diagnostics.map((d) => d.summary)).toContain("Invalid provider source string");
  });
});
