import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { BIDI_AN, BIDI_RAL, bidiOf, propertiesOf } from "../src/idna-properties.js";
import { displayOf, forComparison, forDisplay, type Hostname, HostnameError, isValid } from "../src/index.js";
import { tr46ForComparison, tr46Mapped } from "./tr46-reference.js";

const hasRtl = (s: string) =>
  Array.from(s).some((ch) => {
    const bidi = bidiOf(propertiesOf(ch.codePointAt(0)!));
    return bidi === BIDI_RAL || bidi === BIDI_AN;
  });

/**
 * The reference decides whether a name is a bidi domain name from the characters as given, tr46
 * (and UTS #46) from the mapped ones; they differ where mapping adds or removes right-to-left
 * characters (U+2135 ALEF SYMBOL, bidi class L, maps to Hebrew alef).
 */
const mappingChangesDirection = (s: string) => hasRtl(s) !== hasRtl(tr46Mapped(s));

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
        names.filter(
          (s) => !s.includes("--") && !s.includes(":") && !/xn--/i.test(s) && !mappingChangesDirection(s),
        ),
        (given) => {
          expect(tryForComparison(given)).toBe(tr46ForComparison(given));
        },
      ),
      { numRuns: 5_000 },
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

  it("decides bidi-ness on the characters as given, like the reference", () => {
    // ℵ (bidi class L) maps to א (R): the reference sees no bidi domain name and accepts it.
    expect(forComparison("ℵa")).toBe("xn--a-zhc");
    expect(tr46ForComparison("ℵa")).toBe(null);
  });

  it("decodes upper-case ACE labels like the reference, where tr46 refuses them", () => {
    expect(tr46ForComparison("XN--")).toBe(null);
    expect(forComparison("XN--")).toBe("");
  });
});

describe("round trip through the display form", () => {
  it("forComparison(displayOf(h)) gives back h, except where the reference cannot either", () => {
    // Shared with the reference: labels are checked before mapping, so "．a" or "\u200b" normalize
    // to ".a" or "", whose display forms the same checks then refuse; and a name whose mapping
    // makes it right-to-left ("ℵa" → "xn--a-zhc") fails the bidi rule when decoded (the reference's
    // Hostname.ForDisplay panics there; displayOf returns the ASCII form).
    const emptyLabels = (h: string) => {
      const host = h.split(":")[0]!;
      return host === "" || host.startsWith(".") || /\.\.(?!\.?$)/.test(host) || /\.\.\.$/.test(host);
    };
    let checked = 0;
    fc.assert(
      fc.property(names, (given) => {
        const h = tryForComparison(given);
        if (h === null || emptyLabels(h) || mappingChangesDirection(given)) return;
        checked++;
        expect(forComparison(displayOf(h))).toBe(h);
      }),
      { numRuns: 10_000 },
    );
    expect(checked).toBeGreaterThan(500);
  }, 60_000);
});

describe("robustness", () => {
  it("throws nothing but HostnameError, and forDisplay never throws (20,000 random strings)", () => {
    fc.assert(
      fc.property(fc.oneof(names, fc.string({ unit: "binary", maxLength: 40 })), (given) => {
        const h = tryForComparison(given);
        // Plain checks, not expect(): this runs 20,000 times.
        return (
          isValid(given) === (h !== null) &&
          typeof forDisplay(given) === "string" &&
          (h === null || typeof displayOf(h) === "string")
        );
      }),
      { numRuns: 20_000 },
    );
  }, 60_000);

  it("normalizes a label of 100,000 ü in one pass", { timeout: 60_000 }, () => {
    const long = `${"ü".repeat(100_000)}.example`;
    expect(forComparison(long)).toMatch(/^xn--/);
  });
});
