// The README's example, kept working.
import { describe, expect, it } from "vitest";
import {
  formatLockFile,
  newestAllowed,
  parseLockFile,
  parseModuleSource,
  parseModuleVersionConstraint,
  parseProviderSource,
  parseProviderVersionConstraint,
  RegistryAddressError,
} from "../src/index.js";

describe("README example", () => {
  it("works as documented", () => {
    const mod = parseModuleSource("Example.com:443/HashiCorp/Consul/aws//modules/cluster");
    expect(mod.kind).toBe("registry");
    expect(String(mod)).toBe("example.com/HashiCorp/Consul/aws//modules/cluster");
    expect(mod.kind === "registry" && mod.forRegistryProtocol()).toBe("HashiCorp/Consul/aws");
    expect(String(parseModuleSource("github.com/org/repo//sub?ref=v1.2.0"))).toBe(
      "git::https://github.com/org/repo.git//sub?ref=v1.2.0",
    );
    expect(parseModuleSource(".\\modules\\..\\network").forDisplay()).toBe("./network");

    try {
      parseModuleSource("boop/bloop");
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(RegistryAddressError);
      const err = e as RegistryAddressError;
      expect([err.code, err.message]).toEqual([
        "TOFUKIT_REGISTRY_UNDETECTABLE_SOURCE",
        "OpenTofu cannot detect a supported external module source type for boop/bloop",
      ]);
    }

    expect(parseProviderSource("HashiCorp/AWS").forDisplay()).toBe("hashicorp/aws");

    expect(parseModuleVersionConstraint("~> 1").allows("3.1.0")).toBe(true);
    expect(parseProviderVersionConstraint("~> 1").allows("3.1.0")).toBe(false);
    expect(String(parseProviderVersionConstraint("~> 1, >= 1.2"))).toBe("~> 1.0, >= 1.2.0");
    expect(newestAllowed(["1.9.3", "2.0.0-beta1", "2.0.0"], parseProviderVersionConstraint(">= 1.0"))).toBe(
      "2.0.0",
    );

    const { providers, diagnostics } = parseLockFile(
      'provider "registry.opentofu.org/hashicorp/aws" {\n  version = "5.31.0"\n  constraints = "~> 5.0"\n}\n',
    );
    expect(diagnostics.length).toBe(0);
    expect(formatLockFile(providers.values())).toBe(
      '# This file is maintained automatically by "tofu init".\n# Manual edits may be lost in future updates.\n\nprovider "registry.opentofu.org/hashicorp/aws" {\n  version     = "5.31.0"\n  constraints = "~> 5.0"\n}\n',
    );
  });
});
