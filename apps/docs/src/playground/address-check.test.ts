import { describe, expect, it } from "vitest";
import { constraintAnswer, sourceAnswer, versionList } from "./address-check.js";

describe("the address tab's source addresses", () => {
  it("give a registry module's parts and forms", () => {
    expect(sourceAnswer("Example.com:443/HashiCorp/Consul/aws//modules/cluster", "module")).toEqual({
      ok: true,
      rows: [
        ["kind", "registry"],
        ["host", "example.com"],
        ["namespace", "HashiCorp"],
        ["name", "Consul"],
        ["targetSystem", "aws"],
        ["subdir", "modules/cluster"],
        ["toString()", "example.com/HashiCorp/Consul/aws//modules/cluster"],
        ["forDisplay()", "example.com/HashiCorp/Consul/aws//modules/cluster"],
        ["forRegistryProtocol()", "HashiCorp/Consul/aws"],
      ],
    });
  });

  it("give local and remote sources as OpenTofu normalizes them", () => {
    const local = sourceAnswer(".\\modules\\..\\network", "module");
    expect(local.ok && local.rows).toContainEqual(["forDisplay()", "./network"]);
    const remote = sourceAnswer("github.com/org/repo//sub?ref=v1.2.0", "module");
    expect(remote.ok && remote.rows).toContainEqual([
      "toString()",
      "git::https://github.com/org/repo.git//sub?ref=v1.2.0",
    ]);
  });

  it("give a provider's parts, a bare type meaning hashicorp's", () => {
    const p = sourceAnswer("AWS", "provider");
    expect(p.ok && p.rows).toEqual([
      ["hostname", "registry.opentofu.org"],
      ["namespace", "hashicorp"],
      ["type", "aws"],
      ["toString()", "registry.opentofu.org/hashicorp/aws"],
      ["forDisplay()", "hashicorp/aws"],
    ]);
  });

  it("give the reference's error for a refused address", () => {
    expect(sourceAnswer("boop/bloop", "module")).toEqual({
      ok: false,
      error: "OpenTofu cannot detect a supported external module source type for boop/bloop",
    });
    const versioned = sourceAnswer("./local", "module-versioned");
    expect(versioned.ok).toBe(false);
    expect(sourceAnswer("a/b/c/d", "provider")).toMatchObject({
      ok: false,
      error: expect.stringMatching(/^Invalid provider source string: /),
    });
  });
});

describe("the address tab's version constraints", () => {
  it("test versions with each engine and give the canonical text", () => {
    const versions = versionList("1.2.0, 3.1.0 2.0.0-beta1");
    expect(constraintAnswer("~> 1, >= 1.2", "provider", versions)).toEqual({
      ok: true,
      canonical: "~> 1.0, >= 1.2.0",
      tests: [
        { version: "1.2.0", allowed: true },
        { version: "3.1.0", allowed: false },
        { version: "2.0.0-beta1", allowed: false },
      ],
    });
    const module = constraintAnswer("~> 1", "module", ["3.1.0"]);
    expect(module).toEqual({ ok: true, canonical: "~> 1", tests: [{ version: "3.1.0", allowed: true }] });
  });

  it("say which versions are not versions, and refuse a malformed constraint", () => {
    const answer = constraintAnswer(">= 1.0", "provider", ["v1.0.0"]);
    expect(answer.ok && answer.tests[0]).toMatchObject({
      version: "v1.0.0",
      allowed: undefined,
      error: expect.any(String),
    });
    expect(constraintAnswer(">== 1", "module", [])).toMatchObject({
      ok: false,
      error: expect.stringContaining(">== 1"),
    });
  });
});
