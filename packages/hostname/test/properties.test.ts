import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { displayOf, forComparison, forDisplay, type Hostname, HostnameError, isValid } from "../src/index.js";
import { tr46ForComparison } from "./tr46-reference.js";

// Characters that exercise every branch: mapped, deviation, ignored, disallowed, RTL, marks, joiners, dots.
const interesting = [
  ..."abzZ09-.ßςΣüÖéçıİﬁⅸ中日本한жЖωבا١١१☃💩ｅＡ。．_% @*",
  "\u0301",
  "\u200c",
  "\u200d",
  "\u00ad",
  "\u200b",
  "XN--",
  "Xn--",
];
const anyCodePoint = fc.string({ unit: "binary", minLength: 1, maxLength: 1 });
const names = fc
  .array(fc.oneof(fc.constantFrom(...interesting), anyCodePoint), { maxLength: 12 })
  .map((parts) => parts.join(""));

function tryForComparison(given: string): Hostname | null {
  try {
    return forComparison(given);
  } catch (error) {
    if (error instanceof HostnameError) return null;
    throw error;
  }
}

describe("agreement with plain tr46 processing", () => {
  it("gives tr46's answer for every name without a '--' (the reference tests hyphens at UTF-8 byte offsets)", () => {
    fc.assert(
      fc.property(
        names.filter((s) => !s.includes("--") && !s.includes(":") && !/xn--/i.test(s)),
        (given) => {
          expect(tryForComparison(given)).toBe(tr46ForComparison(given));
        },
      ),
      { numRuns: 20_000 },
    );
  }, 60_000);

  it("differs from tr46 exactly where Go's byte-offset hyphen check does", () => {
    // "é--x": code points 3–4 are "-x" (tr46 accepts), but UTF-8 bytes 3–4 are "--" (Go rejects).
    expect(tr46ForComparison("é--x.com")).toBe("xn----x-9la.com");
    expect(() => forComparison("é--x.com")).toThrow('idna: invalid label "é--x"');
    // "ß--b" is the other way round: bytes 3–4 are "-b".
    expect(tr46ForComparison("💩ß--b")).toBe(null);
    expect(forComparison("💩ß--b")).toBe("xn----b-4ka34805d");
  });

  it("decodes upper-case ACE labels like the reference, where tr46 refuses them", () => {
    expect(tr46ForComparison("XN--")).toBe(null);
    expect(forComparison("XN--")).toBe("");
  });
});

describe("round trip through the display form", () => {
  it("forComparison(displayOf(h)) gives back h, except for names with empty labels", () => {
    // Shared with the reference: labels are checked before mapping, so "．a" or "\u200b" normalize
    // to ".a" or "", whose display forms the same checks then refuse.
    const emptyLabels = (h: string) => {
      const host = h.split(":")[0]!;
      return host === "" || host.startsWith(".") || /\.\.(?!\.?$)/.test(host) || /\.\.\.$/.test(host);
    };
    let checked = 0;
    fc.assert(
      fc.property(names, (given) => {
        const h = tryForComparison(given);
        if (h === null || emptyLabels(h)) return;
        checked++;
        expect(forComparison(displayOf(h))).toBe(h);
      }),
      { numRuns: 20_000 },
    );
    expect(checked).toBeGreaterThan(1_000);
  }, 60_000);
});

describe("robustness", () => {
  it("throws nothing but HostnameError, and forDisplay never throws (10^5 random strings)", () => {
    fc.assert(
      fc.property(fc.oneof(names, fc.string({ unit: "binary", maxLength: 40 })), (given) => {
        const h = tryForComparison(given);
        // Plain checks, not expect(): this runs 10^5 times.
        return (
          isValid(given) === (h !== null) &&
          typeof forDisplay(given) === "string" &&
          (h === null || typeof displayOf(h) === "string")
        );
      }),
      { numRuns: 100_000 },
    );
  }, 60_000);

  it("handles long input in linear time", () => {
    const long = `${"ü".repeat(100_000)}.example`;
    const started = performance.now();
    expect(forComparison(long)).toMatch(/^xn--/);
    expect(performance.now() - started).toBeLessThan(2_000);
  });
});
