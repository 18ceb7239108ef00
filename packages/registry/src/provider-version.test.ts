// apparentlymart/go-versions' TestParseExactVersion (versions/constraints/version_test.go) and
// its prerelease order (Version.LessThan), quirks included.
import { describe, expect, it } from "vitest";
import { compareProviderVersions, parseProviderVersion, VersionError } from "./index.js";

describe("parseProviderVersion (TestParseExactVersion)", () => {
  const cases: [string, string | { error: string }][] = [
    ["", { error: "empty specification" }],
    ["1", "1.0.0"],
    ["1.1", "1.1.0"],
    ["1.1.1", "1.1.1"],
    ["1.0.0.0", { error: "too many numbered portions; only three are allowed (major, minor, patch)" }],
    ["v1.0.0", { error: 'a "v" prefix should not be used' }],
    ["1.0.0-beta2", "1.0.0-beta2"],
    ["1.0-beta2", "1.0.0-beta2"],
    ["1.0.0-beta.2", "1.0.0-beta.2"],
    ["1.0.0+foo", "1.0.0+foo"],
    ["1.0.0+foo.bar", "1.0.0+foo.bar"],
    ["1.0.0-beta1+foo.bar", "1.0.0-beta1+foo.bar"],
    ["> 1.1.1", { error: `can't use constraint operator ">"; an exact version is required` }],
    [
      "garbage",
      { error: "invalid specification; required format is three positive integers separated by periods" },
    ],
    ["& 1.1.0", { error: `invalid sequence "&" at start of specification` }],
    ["1.*.*", { error: "can't use wildcard for minor number; an exact version is required" }],
    ["1.0.x", { error: "can't use wildcard for patch number; an exact version is required" }],
    ["1.0 || 2.0", { error: "can't specify multiple versions; a single exact version is required" }],
    ["1.0.0, 2.0.0", { error: "can't specify multiple versions; a single exact version is required" }],
    ["1.0.0 - 2.0.0", { error: "can't specify version range; a single exact version is required" }],
    // Quirks the behaviour notes verified: leading zeros, a bare "-", spaces.
    ["1.02.0", "1.2.0"],
    ["1.0.0-", "1.0.0"],
    [" 1.0.0", { error: "extraneous spaces at start of specification" }],
    ["1.0.0 ", { error: "extraneous spaces at end of specification" }],
    [
      "18446744073709551616",
      { error: 'strconv.ParseUint: parsing "18446744073709551616": value out of range' },
    ],
  ];
  for (const [input, want] of cases) {
    it(JSON.stringify(input), () => {
      if (typeof want === "string") expect(String(parseProviderVersion(input))).toBe(want);
      else {
        expect(() => parseProviderVersion(input)).toThrowError(
          expect.objectContaining({ code: "TOFUKIT_REGISTRY_MALFORMED_VERSION", message: want.error }),
        );
      }
    });
  }

  it("throws a VersionError", () => {
    expect(() => parseProviderVersion("v1")).toThrow(VersionError);
  });
});

describe("compareProviderVersions", () => {
  const v = parseProviderVersion;
  const cases: [string, string, number][] = [
    ["1.0.0", "1.0.1", -1],
    ["1.0.0", "1.0.0+b2", 0],
    ["1.0.0-beta", "1.0.0", -1],
    ["1.0.0-alpha", "1.0.0-beta", -1],
    ["1.0.0-beta.2", "1.0.0-beta.11", -1],
    ["1.0.0-2", "1.0.0-a", -1],
    // The quirk: fewer dot-separated parts sort first, whatever they say.
    ["1.0.0-beta", "1.0.0-alpha.1", -1],
    ["2.0.0", "10.0.0", -1],
  ];
  for (const [a, b, want] of cases) {
    it(`${a} vs ${b}`, () => {
      expect(compareProviderVersions(v(a), v(b))).toBe(want);
      expect(compareProviderVersions(v(b), v(a))).toBe(want === 0 ? 0 : -want);
    });
  }
});
