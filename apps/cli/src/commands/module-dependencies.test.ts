import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { readModuleDependencies } from "./module-dependencies.js";

function moduleWith(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-deps-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
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

  it("reads every module of the tree: child requirements, merged constraints, nested calls", () => {
    const dir = moduleWith({
      "main.tf": `
terraform {
  required_providers {
    cloud = {
      source  = "example.com/acme/cloud"
      version = "~> 1.0"
    }
  }
}
module "net" {
  source = "./modules/net"
}
`,
      "modules/net/main.tf": `
terraform {
  required_providers {
    compute = {
      source  = "example.com/acme/cloud"
      version = ">= 1.1"
    }
    dns = {
      source  = "example.com/acme/dns"
      version = "0.9.0"
    }
  }
}
module "subnets" {
  source  = "example.com/acme/subnets/aws"
  version = "~> 2.0"
}
module "zone" {
  source = "../zone"
}
`,
      "modules/zone/zone.tf.json": JSON.stringify({
        terraform: { required_providers: { dns: { source: "example.com/acme/dns", version: "< 1.0" } } },
      }),
    });
    const deps = readModuleDependencies(dir);
    expect(deps.diagnostics).toEqual([]);
    expect(deps.modules.map((m) => [m.address, m.key, m.source?.kind])).toEqual([
      ["module.net", "net", "local"],
      ["module.net.module.subnets", "net.subnets", "registry"],
      ["module.net.module.zone", "net.zone", "local"],
    ]);
    expect(
      deps.providers.map((p) => [p.provider.toString(), p.names, p.modules, p.constraint.toString()]),
    ).toEqual([
      ["example.com/acme/cloud", ["cloud", "compute"], ["", "module.net"], "~> 1.0, >= 1.1.0"],
      ["example.com/acme/dns", ["dns"], ["module.net", "module.net.module.zone"], "0.9.0, < 1.0.0"],
    ]);
    // The registry module is not installed: reported, not dropped.
    expect(deps.unread.map((u) => [u.address, u.source])).toEqual([
      ["module.net.module.subnets", "example.com/acme/subnets/aws"],
    ]);
  });

  it("implies providers from resource, data, ephemeral, check and provider blocks, through the module's local names", () => {
    const dir = moduleWith({
      "main.tf": `
terraform {
  required_providers {
    cloud = {
      source = "example.com/acme/cloud"
    }
  }
}
resource "acme_thing" "a" {}
data "cloud_image" "b" {}
resource "other_thing" "c" {
  provider = cloud.west
}
resource "terraform_data" "d" {}
provider "legacy" {
  version = "~> 3.0"
}
check "up" {
  data "probe_http" "e" {}
}
ephemeral "secret_value" "f" {}
`,
      "extra.tf.json": JSON.stringify({
        resource: { json_thing: { g: { provider: "cloud.east" } }, jsonly_thing: { h: {} } },
      }),
      "modules/child/main.tf": `resource "cloud_thing" "x" {}
`,
      "child.tf": `module "child" {
  source = "./modules/child"
}
`,
    });
    const deps = readModuleDependencies(dir);
    expect(deps.diagnostics).toEqual([]);
    expect(deps.unread).toEqual([]);
    const byAddress = new Map(deps.providers.map((p) => [p.provider.toString(), p]));
    expect([...byAddress.keys()].sort()).toEqual([
      "example.com/acme/cloud",
      "registry.opentofu.org/hashicorp/acme",
      "registry.opentofu.org/hashicorp/cloud",
      "registry.opentofu.org/hashicorp/jsonly",
      "registry.opentofu.org/hashicorp/legacy",
      "registry.opentofu.org/hashicorp/probe",
      "registry.opentofu.org/hashicorp/secret",
    ]);
    // The root names `cloud` example.com/acme/cloud; the child, without an entry, means hashicorp/cloud.
    expect(byAddress.get("example.com/acme/cloud")?.modules).toEqual([""]);
    expect(byAddress.get("registry.opentofu.org/hashicorp/cloud")?.modules).toEqual(["module.child"]);
    expect(byAddress.get("registry.opentofu.org/hashicorp/legacy")?.constraint.toString()).toBe("~> 3.0");
    expect(byAddress.get("registry.opentofu.org/hashicorp/acme")?.constraint.toString()).toBe("");
  });

  it("reads a module tofu init installed, through modules.json", () => {
    const dir = moduleWith({
      "main.tf": `module "net" {
  source  = "example.com/acme/network/aws"
  version = "~> 1.0"
}
`,
      ".terraform/modules/modules.json": JSON.stringify({
        Modules: [
          { Key: "", Source: "", Dir: "." },
          {
            Key: "net",
            Source: "example.com/acme/network/aws",
            Version: "1.2.0",
            Dir: ".terraform/modules/net",
          },
        ],
      }),
      ".terraform/modules/net/main.tf": `terraform {
  required_providers {
    dns = {
      source  = "example.com/acme/dns"
      version = ">= 0.5"
    }
  }
}
`,
    });
    const deps = readModuleDependencies(dir);
    expect(deps.unread).toEqual([]);
    expect(deps.providers.map((p) => [p.provider.toString(), p.modules, p.constraint.toString()])).toEqual([
      ["example.com/acme/dns", ["module.net"], ">= 0.5.0"],
    ]);
  });

  it("reports a call whose directory is missing and the errors of a called module's files", () => {
    const dir = moduleWith({
      "main.tf": `module "gone" {
  source = "./modules/gone"
}
module "bad" {
  source = "./modules/bad"
}
`,
      "modules/bad/main.tf": `terraform {
  required_providers {
    x = {
      source = "a/b/c/d"
    }
  }
}
`,
    });
    const deps = readModuleDependencies(dir);
    expect(deps.unread.map((u) => [u.address, u.reason])).toEqual([
      ["module.gone", "its directory modules/gone cannot be read"],
    ]);
    expect(deps.diagnostics.map((d) => d.summary)).toContain("Invalid provider source string");
  });
});
