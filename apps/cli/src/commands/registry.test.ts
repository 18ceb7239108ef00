import { describe, expect, it } from "vitest";
import { UsageError } from "../io.js";
import { forcedKind, inferAddressKind } from "./registry.js";

describe("inferAddressKind", () => {
  it.each([
    ["hashicorp/aws", "provider"],
    ["aws", "provider"],
    ["registry.example.com/acme/cloud", "provider"],
    ["127.0.0.1:8443/acme/cloud", "provider"],
    ["terraform-aws-modules/vpc/aws", "module"],
    ["registry.example.com/acme/network/aws", "module"],
    ["acme/network/aws//modules/vpc", "module"],
  ] as const)("%s is a %s address", (raw, kind) => {
    expect(inferAddressKind(raw)).toBe(kind);
  });
});

describe("forcedKind", () => {
  it("takes --module or --provider, not both", () => {
    expect(forcedKind({})).toBeUndefined();
    expect(forcedKind({ module: true })).toBe("module");
    expect(forcedKind({ provider: true })).toBe("provider");
    expect(() => forcedKind({ module: true, provider: true })).toThrow(UsageError);
  });
});
