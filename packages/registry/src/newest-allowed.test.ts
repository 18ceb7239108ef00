// Version selection from a registry's list: installRegistryModule's rules for modules
// (prereleases only when requested exactly; TestModuleInstaller_Prerelease's cases), the newest
// acceptable version for providers.
import { describe, expect, it } from "vitest";
import { newestAllowed, parseModuleVersionConstraint, parseProviderVersionConstraint } from "./index.js";

describe("newestAllowed for modules", () => {
  const listed = ["0.0.1", "0.0.2", "0.0.3-alpha.1", "v0.0.2-beta", "not a version", "0.1.0"];
  const cases: [string, string | null][] = [
    ["0.0.3-alpha.1", "0.0.3-alpha.1"],
    ["=0.0.3-alpha.1", "0.0.3-alpha.1"],
    ["v0.0.3-alpha.1", "0.0.3-alpha.1"],
    ["=v0.0.3-alpha.1", "0.0.3-alpha.1"],
    // The prerelease itself is never selected; a later release still is.
    [">=0.0.3-alpha.1", "0.1.0"],
    [">=0.0.3-alpha.1, <0.1.0", null],
    ["<=0.0.3-alpha.1", "0.0.2"],
    ["0.0.3-alpha.1, >=0.0.2", null],
    ["~> 0.0.1", "0.0.2"],
    [">= 0.0.1", "0.1.0"],
    ["~> 0", "0.1.0"],
    ["> 5", null],
  ];
  for (const [constraint, want] of cases) {
    it(`${constraint} selects ${want}`, () => {
      expect(newestAllowed(listed, parseModuleVersionConstraint(constraint))).toBe(want);
    });
  }

  it("reads the registry's strings as go-version does and returns the string as listed", () => {
    expect(newestAllowed(["v1.0.0", "v1.2.0", "1.1.0"], parseModuleVersionConstraint("~> 1.0"))).toBe(
      "v1.2.0",
    );
    expect(newestAllowed(["1.0", "1.0.0"], parseModuleVersionConstraint("1.0.0"))).toBe("1.0");
  });

  it("lets ~> 1 reach 2.x and beyond (hashicorp/terraform#30025)", () => {
    expect(newestAllowed(["1.5.0", "2.0.0", "3.11.0"], parseModuleVersionConstraint("~> 2"))).toBe("3.11.0");
  });
});

describe("newestAllowed for providers", () => {
  it("takes the newest acceptable version", () => {
    const listed = ["1.0.0", "1.9.3", "2.0.0", "2.0.0-beta1", "v2.1.0", "junk"];
    expect(newestAllowed(listed, parseProviderVersionConstraint("~> 1.0"))).toBe("1.9.3");
    expect(newestAllowed(listed, parseProviderVersionConstraint(">= 1.0"))).toBe("2.0.0");
    expect(newestAllowed(listed, parseProviderVersionConstraint("2.0.0-beta1"))).toBe("2.0.0-beta1");
    expect(newestAllowed(listed, parseProviderVersionConstraint("> 3"))).toBeNull();
  });
});
