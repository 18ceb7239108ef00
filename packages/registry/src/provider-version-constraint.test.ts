// apparentlymart/go-versions' TestParseRubyStyle, TestParseRubyStyleMulti and
// TestMeetingConstraintsRuby, OpenTofu's TestVersionConstraintsString
// (internal/getproviders/types_test.go), the provider column of the behaviour notes'
// side-by-side table (§5.6) and the double parse of §5.4.
import { describe, expect, it } from "vitest";
import {
  type ProviderConstraintOperator,
  parseProviderVersionConstraint,
  parseProviderVersionConstraintRuby,
  VersionError,
} from "./index.js";

type Sel = [ProviderConstraintOperator, string];

describe("Ruby-style selections (TestParseRubyStyle)", () => {
  const ok: [string, Sel][] = [
    ["1", ["=", "1.0.0"]],
    ["1.1", ["=", "1.1.0"]],
    ["1.1.1", ["=", "1.1.1"]],
    ["1.0.0-beta2", ["=", "1.0.0-beta2"]],
    ["1.0-beta2", ["=", "1.0.0-beta2"]],
    ["1.0.0-beta.2", ["=", "1.0.0-beta.2"]],
    ["1.0.0+foo", ["=", "1.0.0+foo"]],
    ["1.0.0+foo.bar", ["=", "1.0.0+foo.bar"]],
    ["1.0.0-beta1+foo.bar", ["=", "1.0.0-beta1+foo.bar"]],
    ["> 1.1.1", [">", "1.1.1"]],
    [">1.1.1", [">", "1.1.1"]],
    [">= 1.1.1", [">=", "1.1.1"]],
    [">=1.1.1", [">=", "1.1.1"]],
    ["< 1.1.1", ["<", "1.1.1"]],
    ["<= 1.1.1", ["<=", "1.1.1"]],
    ["~> 1.1.1", ["~>patch", "1.1.1"]],
    ["~> 1.1", ["~>minor", "1.1.0"]],
    ["~> 1", ["~>minor", "1.0.0"]],
    ["= 1.1.1", ["=", "1.1.1"]],
    ["!= 1.1.1", ["!=", "1.1.1"]],
  ];
  for (const [input, [operator, boundary]] of ok) {
    it(`reads ${JSON.stringify(input)}`, () => {
      const [sel] = parseProviderVersionConstraintRuby(input).selections;
      expect(sel!.operator).toBe(operator);
      expect(String(sel!.boundary)).toBe(boundary);
    });
  }

  const bad: [string, string][] = [
    [
      "1.0.0.0",
      'invalid specification "1.0.0.0": too many numbered portions; only three are allowed (major, minor, patch)',
    ],
    ["v1.0.0", 'invalid specification "v1.0.0": a "v" prefix should not be used when specifying versions'],
    [
      ">= v1.0.0",
      'invalid specification ">= v1.0.0": a "v" prefix should not be used when specifying versions',
    ],
    ["=> 1.1.1", 'invalid specification "=> 1.1.1": invalid constraint operator "=>"; did you mean ">="?'],
    ["=>1.1.1", 'invalid specification "=>1.1.1": invalid constraint operator "=>"; did you mean ">="?'],
    ["=< 1.1.1", 'invalid specification "=< 1.1.1": invalid constraint operator "=<"; did you mean "<="?'],
    ["=  1.1.1", 'invalid specification "=  1.1.1": only one space is expected after the operator "="'],
    ["garbage", 'missing comma after ""'],
    ["& 1.1.0", 'invalid specification "& 1.1.0": invalid constraint operator "&"'],
    [
      "1.*.*",
      `invalid specification "1.*.*": can't use wildcard for minor number; omit segments that should be unconstrained`,
    ],
    [
      "1.0.x",
      `invalid specification "1.0.x": can't use wildcard for patch number; omit segments that should be unconstrained`,
    ],
    ["1.0 || 2.0", 'missing comma after "1.0"'],
    ["1.0.0 - 2.0.0", 'missing comma after "1.0.0"'],
    [
      "~> v1.1.1",
      'invalid specification "~> v1.1.1": a "v" prefix should not be used when specifying versions',
    ],
    [
      ">= 1.0, < v2.0",
      'invalid specification "< v2.0": a "v" prefix should not be used when specifying versions',
    ],
    ["==1.0.0", 'invalid specification "==1.0.0": invalid constraint operator "=="'],
    ["^1.0", 'invalid specification "^1.0": invalid constraint operator "^"'],
    [">= 1.0 < 2.0", 'missing comma after ">= 1.0"'],
    ["1.0.0beta", 'missing comma after "1.0.0"'],
  ];
  for (const [input, message] of bad) {
    it(`refuses ${JSON.stringify(input)}`, () => {
      expect(() => parseProviderVersionConstraintRuby(input)).toThrowError(
        expect.objectContaining({ code: "TOFUKIT_REGISTRY_MALFORMED_CONSTRAINT", message }),
      );
    });
  }

  it("reads several selections (TestParseRubyStyleMulti)", () => {
    expect(parseProviderVersionConstraintRuby("").selections).toEqual([]);
    const sels = parseProviderVersionConstraintRuby(">= 1.0, < 2").selections;
    expect(sels.map((s) => [s.operator, String(s.boundary)])).toEqual([
      [">=", "1.0.0"],
      ["<", "2.0.0"],
    ]);
  });
});

describe("ProviderVersionConstraint.allows (TestMeetingConstraintsRuby)", () => {
  const probe = [
    "0.9.0",
    "1.0.0",
    "1.0.0-beta1",
    "1.0.0+b2",
    "1.0.1",
    "1.2.0",
    "1.2.3",
    "1.2.9",
    "1.3.0",
    "1.9.0",
    "2.0.0",
    "2.0.0-beta1",
  ];
  const cases: [string, string[]][] = [
    ["1.0.0", ["1.0.0"]],
    ["= 1.0.0", ["1.0.0"]],
    ["!= 1.0.0", ["0.9.0", "1.0.0+b2", "1.0.1", "1.2.0", "1.2.3", "1.2.9", "1.3.0", "1.9.0", "2.0.0"]],
    ["> 1.0.0", ["1.0.1", "1.2.0", "1.2.3", "1.2.9", "1.3.0", "1.9.0", "2.0.0"]],
    ["> 1.0", ["1.0.1", "1.2.0", "1.2.3", "1.2.9", "1.3.0", "1.9.0", "2.0.0"]],
    ["< 1.0.0", ["0.9.0"]],
    [">= 1.0.0", ["1.0.0", "1.0.0+b2", "1.0.1", "1.2.0", "1.2.3", "1.2.9", "1.3.0", "1.9.0", "2.0.0"]],
    ["<= 1.0.0", ["0.9.0", "1.0.0", "1.0.0+b2"]],
    ["~> 1.2.3", ["1.2.3", "1.2.9"]],
    ["~> 1.2", ["1.2.0", "1.2.3", "1.2.9", "1.3.0", "1.9.0"]],
    ["~> 1", ["1.0.0", "1.0.0+b2", "1.0.1", "1.2.0", "1.2.3", "1.2.9", "1.3.0", "1.9.0"]],
    [">= 1, < 2", ["1.0.0", "1.0.0+b2", "1.0.1", "1.2.0", "1.2.3", "1.2.9", "1.3.0", "1.9.0"]],
    ["1.0.0, 2.0.0", []],
    ["1.0.0, 1.0.0", ["1.0.0"]],
    ["1.0.0, != 1.0.0", []],
    ["1.0.0-beta1, != 1.0.0-beta1", []],
    ["1.0.0-beta1", ["1.0.0-beta1"]],
    ["", ["0.9.0", "1.0.0", "1.0.0+b2", "1.0.1", "1.2.0", "1.2.3", "1.2.9", "1.3.0", "1.9.0", "2.0.0"]],
  ];
  for (const [constraint, want] of cases) {
    it(`${JSON.stringify(constraint)} allows ${want.join(" ") || "nothing"}`, () => {
      const c = parseProviderVersionConstraintRuby(constraint);
      expect(probe.filter((v) => c.allows(v))).toEqual(want);
    });
  }

  const sideBySide: [string, string, boolean][] = [
    ["~> 1", "2.0.0", false],
    ["~> 1", "3.1.0", false],
    ["~> 1.2", "2.0.0", false],
    ["~> 1.2.3", "1.3.0", false],
    ["= 1.2", "1.2.5", false],
    ["> 1.2", "1.2.1", true],
    [">= 1.0.0", "2.0.0-beta1", false],
    [">= 1.0.0-beta1", "1.0.0-beta2", false],
    ["~> 1.0.0-beta1", "1.0.0-beta2", false],
    ["= 1.0.0+b1", "1.0.0+b2", false],
    ["1.0.0", "1.0.0+b2", false],
    [">= 01.0", "1.0.0", true],
  ];
  for (const [constraint, version, want] of sideBySide) {
    it(`${constraint} ${want ? "allows" : "refuses"} ${version} (behaviour notes §5.6)`, () => {
      expect(parseProviderVersionConstraint(constraint).allows(version)).toBe(want);
    });
  }
});

describe("parseProviderVersionConstraint: the double parse (§5.4)", () => {
  const cases: [string, string, string][] = [
    ["", "malformed constraint: ", "This string does not use correct version constraint syntax."],
    ["=> 1.0", "malformed constraint: => 1.0", "This string does not use correct version constraint syntax."],
    [
      ">= v1.0",
      'invalid specification ">= v1.0": a "v" prefix should not be used when specifying versions',
      'Incorrect version constraint syntax: invalid specification ">= v1.0": a "v" prefix should not be used when specifying versions.',
    ],
    [
      "1.0.0.0",
      'invalid specification "1.0.0.0": too many numbered portions; only three are allowed (major, minor, patch)',
      'Incorrect version constraint syntax: invalid specification "1.0.0.0": too many numbered portions; only three are allowed (major, minor, patch).',
    ],
    [
      "1.0.0beta",
      'missing comma after "1.0.0"',
      'Incorrect version constraint syntax: missing comma after "1.0.0".',
    ],
  ];
  for (const [input, message, detail] of cases) {
    it(JSON.stringify(input), () => {
      let caught: unknown;
      try {
        parseProviderVersionConstraint(input);
      } catch (error) {
        caught = error;
      }
      expect(caught).toBeInstanceOf(VersionError);
      expect(caught).toMatchObject({ message, detail });
    });
  }
});

describe("ProviderVersionConstraint.toString (TestVersionConstraintsString)", () => {
  const cases: [string, string][] = [
    ["1.2.3", "1.2.3"],
    ["1.2.3-beta", "1.2.3-beta"],
    ["1.2.3+foo.bar", "1.2.3+foo.bar"],
    ["1.2.3-beta+foo.bar", "1.2.3-beta+foo.bar"],
    [">= 3", ">= 3.0.0"],
    ["~> 3", "~> 3.0"],
    ["~> 3.0", "~> 3.0"],
    ["~> 3.0.0", "~> 3.0.0"],
    ["> 1.0.0, < 1.0.0, >= 1.0.0, <= 1.0.0, != 1.0.0", "> 1.0.0, >= 1.0.0, <= 1.0.0, < 1.0.0, != 1.0.0"],
    [">= 3.0, < 4.0", ">= 3.0.0, < 4.0.0"],
    [">= 1.2.3, 1.2.3, ~> 1.2, 1.2.3", "~> 1.2, >= 1.2.3, 1.2.3"],
    [">= 2.68, >= 2.68.0", ">= 2.68.0"],
    [
      "< 1.2.3, <= 1.2.3, != 1.2.3, 1.2.3+local.2, 1.2.3+local.1, = 1.2.4, = 1.2.3, > 2, > 1.2.3, >= 1.2.3, ~> 1.2.3, ~> 1.2",
      "~> 1.2, > 1.2.3, >= 1.2.3, 1.2.3, ~> 1.2.3, <= 1.2.3, < 1.2.3, != 1.2.3, 1.2.3+local.1, 1.2.3+local.2, 1.2.4, > 2.0.0",
    ],
    ["~> 1.2, >= 1.2, 1.2.4", ">= 1.2.0, ~> 1.2, 1.2.4"],
    [">= 2, >= 1.2, < 1.3", ">= 1.2.0, < 1.3.0, >= 2.0.0"],
    ["", ""],
  ];
  for (const [input, want] of cases) {
    it(`${JSON.stringify(input)} → ${JSON.stringify(want)}`, () => {
      expect(String(parseProviderVersionConstraintRuby(input))).toBe(want);
    });
  }
});

describe("the scanner's stale separator (checked against go-versions)", () => {
  const cases: [string, string][] = [
    [">=", 'invalid specification ">=": only one space is expected after the operator ">="'],
    ["~>", 'invalid specification "~>": only one space is expected after the operator "~>"'],
    ["= ", 'invalid specification "=": only one space is expected after the operator "="'],
    ["<=alpha", 'invalid specification "<=": only one space is expected after the operator "<="'],
    [">=.1", 'invalid specification ">=": only one space is expected after the operator ">="'],
  ];
  for (const [input, message] of cases) {
    it(JSON.stringify(input), () => {
      expect(() => parseProviderVersionConstraintRuby(input)).toThrowError(message);
    });
  }
  it("still reads an operator directly before a number", () => {
    expect(String(parseProviderVersionConstraintRuby(">=1.1.1"))).toBe(">= 1.1.1");
    expect(() => parseProviderVersionConstraintRuby("~>x")).toThrowError(
      `invalid specification "~>x": can't use wildcard for major number; omit segments that should be unconstrained`,
    );
  });
});
