// hashicorp/go-version's version_test.go tables (TestNewVersion, TestVersionCompare,
// TestComparePreReleases, TestVersionString, the accessor and comparison tables).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { compareModuleVersions, parseModuleVersion, VersionError } from "./index.js";
import {
  ModuleVersion,
  readModuleVersionInGeneral,
  readPlainModuleVersionFastPath,
} from "./module-version.js";

const cmp = (a: string, b: string): number =>
  compareModuleVersions(parseModuleVersion(a), parseModuleVersion(b));

describe("parseModuleVersion (TestNewVersion)", () => {
  const cases: [string, boolean][] = [
    ["", true],
    ["1.2.3", false],
    ["1.0", false],
    ["1", false],
    ["1.2.beta", true],
    ["1.21.beta", true],
    ["foo", true],
    ["1.2-5", false],
    ["1.2-beta.5", false],
    ["\n1.2", true],
    ["1.2.0-x.Y.0+metadata", false],
    ["1.2.0-x.Y.0+metadata-width-hyphen", false],
    ["1.2.3-rc1-with-hyphen", false],
    ["1.2.3.4", false],
    ["1.2.0.4-x.Y.0+metadata", false],
    ["1.2.0.4-x.Y.0+metadata-width-hyphen", false],
    ["1.2.0-X-1.2.0+metadata~dist", false],
    ["1.2.3.4-rc1-with-hyphen", false],
    ["v1.2.3", false],
    ["foo1.2.3", true],
    ["1.7rc2", false],
    ["v1.7rc2", false],
    ["1.0-", false],
    ["controller-v0.40.2", true],
    ["azure-cli-v1.4.2", true],
    // TestNewConstraint's overflow and the 64-bit limit of TestVersionSegments64.
    ["11387778780781445675529500000000000000000", true],
    ["1.4.9223372036854775807", false],
    ["1.2.3+", true],
    ["1..2", true],
    ["1.2.3.", true],
  ];
  for (const [input, err] of cases) {
    it(`${JSON.stringify(input)} ${err ? "is refused" : "is read"}`, () => {
      if (err) expect(() => parseModuleVersion(input)).toThrow(VersionError);
      else expect(parseModuleVersion(input).original).toBe(input);
    });
  }

  it("gives go-version's texts", () => {
    expect(() => parseModuleVersion("foo")).toThrowError(
      expect.objectContaining({
        code: "TOFUKIT_REGISTRY_MALFORMED_VERSION",
        message: "malformed version: foo",
      }),
    );
    expect(() => parseModuleVersion("99999999999999999999")).toThrowError(
      'error parsing version: strconv.ParseInt: parsing "99999999999999999999": value out of range',
    );
  });

  it("reads the parts (TestVersionSegments64, TestVersionPrerelease, TestVersionMetadata)", () => {
    expect(parseModuleVersion("1.4.9223372036854775807").segments).toEqual([1n, 4n, 9223372036854775807n]);
    const parts: [string, bigint[], string, string][] = [
      ["1.2.3", [1n, 2n, 3n], "", ""],
      ["1.2-beta", [1n, 2n, 0n], "beta", ""],
      ["1-x.Y.0", [1n, 0n, 0n], "x.Y.0", ""],
      ["1.2.0-x.Y.0", [1n, 2n, 0n], "x.Y.0", ""],
      ["1.2.0-7.Y.0", [1n, 2n, 0n], "7.Y.0", ""],
      ["1.2.0-x.Y.0+metadata", [1n, 2n, 0n], "x.Y.0", "metadata"],
      ["1.2.0-metadata-1.2.0+metadata~dist", [1n, 2n, 0n], "metadata-1.2.0", "metadata~dist"],
      ["1.0-", [1n, 0n, 0n], "-", ""],
      ["1.7rc2", [1n, 7n, 0n], "rc2", ""],
    ];
    for (const [input, segments, prerelease, metadata] of parts) {
      expect(parseModuleVersion(input)).toMatchObject({ segments, prerelease, metadata });
    }
  });

  it("renders go-version's String (TestVersionString)", () => {
    const cases: [string, string][] = [
      ["1.2.3", "1.2.3"],
      ["1.2-beta", "1.2.0-beta"],
      ["1.2.0-x.Y.0", "1.2.0-x.Y.0"],
      ["1.2.0-x.Y.0+metadata", "1.2.0-x.Y.0+metadata"],
      ["1.2.0-metadata-1.2.0+metadata~dist", "1.2.0-metadata-1.2.0+metadata~dist"],
      ["v01.02.03", "1.2.3"],
      ["v0.9.0-beta2", "0.9.0-beta2"],
      ["1.0", "1.0.0"],
    ];
    for (const [input, want] of cases) expect(String(parseModuleVersion(input))).toBe(want);
  });
});

describe("compareModuleVersions", () => {
  const compare: [string, string, number][] = [
    ["1.2.3", "1.4.5", -1],
    ["1.2-beta", "1.2-beta", 0],
    ["1.2", "1.1.4", 1],
    ["1.2", "1.2-beta", 1],
    ["1.2+foo", "1.2+beta", 0],
    ["v1.2", "v1.2-beta", 1],
    ["v1.2+foo", "v1.2+beta", 0],
    ["v1.2.3.4", "v1.2.3.4", 0],
    ["v1.2.0.0", "v1.2", 0],
    ["v1.2.0.0.1", "v1.2", 1],
    ["v1.2", "v1.2.0.0", 0],
    ["v1.2", "v1.2.0.0.1", -1],
    ["v1.2.0.0", "v1.2.0.0.1", -1],
    ["v1.2.3.0", "v1.2.3.4", -1],
    ["1.7rc2", "1.7rc1", 1],
    ["1.7rc2", "1.7", -1],
    ["1.2.0", "1.2.0-X-1.2.0+metadata~dist", 1],
    // TestVersionCompare_versionAndSemver
    ["0.0.2", "0.0.2", 0],
    ["1.0.2alpha", "1.0.2-alpha", 0],
    ["v1.2", "v1.2+meta", 0],
    ["v1.0.3-", "v1.0.3", -1],
  ];
  for (const [a, b, want] of compare) {
    it(`${a} vs ${b} (TestVersionCompare, TestEqual, TestGreaterThan, TestLessThan)`, () => {
      expect(cmp(a, b)).toBe(want);
      expect(cmp(b, a)).toBe(want === 0 ? 0 : -want);
    });
  }

  const prereleases: [string, string, number][] = [
    ["1.2-beta.2", "1.2-beta.2", 0],
    ["1.2-beta.1", "1.2-beta.2", -1],
    ["1.2-beta.2", "1.2-beta.11", -1],
    ["3.2-alpha.1", "3.2-alpha", 1],
    ["1.2-beta.2", "1.2-beta.1", 1],
    ["1.2-beta.11", "1.2-beta.2", 1],
    ["1.2-beta", "1.2-beta.3", -1],
    ["1.2-alpha", "1.2-beta.3", -1],
    ["1.2-beta", "1.2-alpha.3", 1],
    ["3.0-alpha.3", "3.0-rc.1", -1],
    ["3.0-alpha3", "3.0-rc1", -1],
    ["3.0-alpha.1", "3.0-alpha.beta", -1],
    ["5.4-alpha", "5.4-alpha.beta", 1],
    ["v1.2-beta.2", "v1.2-beta.2", 0],
    ["v1.2-beta.1", "v1.2-beta.2", -1],
    ["v3.2-alpha.1", "v3.2-alpha", 1],
    ["v3.2-rc.1-1-g123", "v3.2-rc.2", 1],
  ];
  for (const [a, b, want] of prereleases) {
    it(`${a} vs ${b} (TestComparePreReleases)`, () => expect(cmp(a, b)).toBe(want));
  }
});

describe("the plain-version fast path", () => {
  const text = fc
    .array(
      fc.oneof(
        { weight: 6, arbitrary: fc.constantFrom(..."0123456789") },
        { weight: 2, arbitrary: fc.constant(".") },
        { weight: 1, arbitrary: fc.constantFrom("v", "-", "+", "a", " ", "9999999999999999", "٣") },
      ),
      { maxLength: 24 },
    )
    .map((units) => units.join(""));
  const digits = fc.string({ unit: fc.constantFrom(..."0123456789"), minLength: 1, maxLength: 17 });
  const triple = fc
    .tuple(digits, digits, digits, text)
    .map(([a, b, c, tail]) => `${a}.${b}.${c}${tail.slice(0, 2)}`);
  const version = fc.oneof(triple, text);

  it("reads what it reads exactly as the general reading does", () => {
    let answered = 0;
    fc.assert(
      fc.property(version, (v) => {
        const fast = readPlainModuleVersionFastPath(v);
        if (fast === null) return;
        answered++;
        const general = readModuleVersionInGeneral(v);
        expect(general).toBeInstanceOf(ModuleVersion);
        const g = general as ModuleVersion;
        expect([fast.segments, fast.writtenSegments, fast.prerelease, fast.metadata, fast.original]).toEqual([
          g.segments,
          g.writtenSegments,
          g.prerelease,
          g.metadata,
          g.original,
        ]);
        expect(fast.toString()).toBe(g.toString());
      }),
      { numRuns: 3000 },
    );
    expect(answered).toBeGreaterThan(100);
  });

  it("leaves other forms to the general reading", () => {
    for (const v of [
      "1.2",
      "1.2.3.4",
      "v1.2.3",
      "1.2.3-beta",
      "1.2.3+meta",
      "1..2",
      "1.2.1234567890123456",
      "",
    ]) {
      expect(readPlainModuleVersionFastPath(v)).toBeNull();
    }
    expect(readPlainModuleVersionFastPath("01.002.3")?.toString()).toBe("1.2.3");
  });
});
