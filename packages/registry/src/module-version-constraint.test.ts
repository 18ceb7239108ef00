// hashicorp/go-version's constraint_test.go (TestNewConstraint, TestConstraintCheck,
// TestConstraintPrerelease, TestConstraintsString) and the module column of the behaviour
// notes' side-by-side table (§5.6).
import { describe, expect, it } from "vitest";
import { parseModuleVersionConstraint, VersionError } from "./index.js";

describe("parseModuleVersionConstraint (TestNewConstraint)", () => {
  const cases: [string, number | null][] = [
    [">= 1.2", 1],
    ["1.0", 1],
    [">= 1.x", null],
    [">= 1.2, < 1.0", 2],
    ["11387778780781445675529500000000000000000", null],
    ["", null],
    [" ", null],
    ["=> 1.0", null],
    ["==1.0.0", null],
    ["^1.0", null],
    [">= 1.0 < 2.0", null],
    ["~1.0", null],
    ["\v1.0", null],
  ];
  for (const [input, count] of cases) {
    it(JSON.stringify(input), () => {
      if (count === null) expect(() => parseModuleVersionConstraint(input)).toThrow(VersionError);
      else expect(parseModuleVersionConstraint(input).pieces).toHaveLength(count);
    });
  }

  it("gives go-version's text and OpenTofu's detail", () => {
    expect(() => parseModuleVersionConstraint("")).toThrowError(
      expect.objectContaining({
        code: "TOFUKIT_REGISTRY_MALFORMED_CONSTRAINT",
        message: "malformed constraint: ",
        detail: "This string does not use correct version constraint syntax.",
      }),
    );
    expect(() => parseModuleVersionConstraint(">= 1.0, => 2")).toThrowError("malformed constraint:  => 2");
  });
});

describe("ModuleVersionConstraint.allows (TestConstraintCheck)", () => {
  const cases: [string, string, boolean][] = [
    [">= 1.0, < 1.2", "1.1.5", true],
    ["< 1.0, < 1.2", "1.1.5", false],
    ["= 1.0", "1.1.5", false],
    ["= 1.0", "1.0.0", true],
    ["1.0", "1.0.0", true],
    ["~> 1.0", "2.0", false],
    ["~> 1.0", "1.1", true],
    ["~> 1.0", "1.2.3", true],
    ["~> 1.0.0", "1.2.3", false],
    ["~> 1.0.0", "1.0.7", true],
    ["~> 1.0.0", "1.1.0", false],
    ["~> 1.0.7", "1.0.4", false],
    ["~> 1.0.7", "1.0.7", true],
    ["~> 1.0.7", "1.0.8", true],
    ["~> 1.0.7", "1.0.7.5", true],
    ["~> 1.0.7", "1.0.6.99", false],
    ["~> 1.0.7", "1.0.8.0", true],
    ["~> 1.0.9.5", "1.0.9.5", true],
    ["~> 1.0.9.5", "1.0.9.4", false],
    ["~> 1.0.9.5", "1.0.9.6", true],
    ["~> 1.0.9.5", "1.0.9.5.0", true],
    ["~> 1.0.9.5", "1.0.9.5.1", true],
    ["~> 2.0", "2.1.0-beta", false],
    ["~> 2.1.0-a", "2.2.0", false],
    ["~> 2.1.0-a", "2.1.0", false],
    ["~> 2.1.0-a", "2.1.0-beta", true],
    ["~> 2.1.0-a", "2.2.0-alpha", false],
    ["> 2.0", "2.1.0-beta", false],
    [">= 2.1.0-a", "2.1.0-beta", true],
    [">= 2.1.0-a", "2.1.1-beta", false],
    [">= 2.0.0", "2.1.0-beta", false],
    [">= 2.1.0-a", "2.1.1", true],
    [">= 2.1.0-a", "2.1.1-beta", false],
    [">= 2.1.0-a", "2.1.0", true],
    ["<= 2.1.0-a", "2.0.0", true],
    // The module column of the behaviour notes' side-by-side table.
    ["~> 1", "2.0.0", true],
    ["~> 1", "3.1.0", true],
    ["~> 1.2", "2.0.0", false],
    ["~> 1.2.3", "1.3.0", false],
    ["~> 1.2.3.4", "1.2.3.5", true],
    ["= 1.2", "1.2.5", false],
    ["> 1.2", "1.2.1", true],
    [">= 1.0.0", "2.0.0-beta1", false],
    [">= 1.0.0-beta1", "1.0.0-beta2", true],
    ["~> 1.0.0-beta1", "1.0.0-beta2", true],
    ["= 1.0.0+b1", "1.0.0+b2", true],
    ["1.0.0", "1.0.0+b2", true],
    ["v1.0.0", "1.0.0", true],
    [">= v1.0.0", "1.0.0", true],
    ["1.0.0beta", "1.0.0-beta", true],
    [">= 01.0", "1.0.0", true],
    ["!= 1.0.0", "1.0.0", false],
    ["!= 1.0.0", "1.0.1", true],
  ];
  for (const [constraint, version, want] of cases) {
    it(`${constraint} ${want ? "allows" : "refuses"} ${version}`, () => {
      expect(parseModuleVersionConstraint(constraint).allows(version)).toBe(want);
    });
  }

  it("knows prerelease constraints (TestConstraintPrerelease)", () => {
    const cases: [string, boolean][] = [
      ["= 1.0", false],
      ["= 1.0-beta", true],
      ["~> 2.1.0", false],
      ["~> 2.1.0-dev", true],
      ["> 2.0", false],
      [">= 2.1.0-a", true],
    ];
    for (const [c, want] of cases) {
      expect(parseModuleVersionConstraint(c).pieces[0]!.version.prerelease !== "").toBe(want);
    }
  });

  it("renders the pieces as written (TestConstraintsString)", () => {
    expect(String(parseModuleVersionConstraint(">= 1.0, < 1.2"))).toBe(">= 1.0, < 1.2");
    expect(String(parseModuleVersionConstraint("~> 1.0.7"))).toBe("~> 1.0.7");
    expect(parseModuleVersionConstraint(" >=1.0 ,~> 2").pieces.map((p) => p.operator)).toEqual([">=", "~>"]);
  });
});
