import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodePunycode, encodePunycode } from "./punycode.js";

// Samples from RFC 3492 §7.1 and well-known names.
const samples: ReadonlyArray<readonly [string, string]> = [
  ["münchen", "mnchen-3ya"],
  ["bücher", "bcher-kva"],
  ["испытание", "80akhbyknj4f"],
  ["例え", "r8jz45g"],
  ["💩", "ls8h"],
  ["他们为什么不说中文", "ihqwcrb4cv8a8dqg056pqjye"],
  ["ليهمابتكلموشعربي؟", "egbpdaj6bu4bxfgehfvwxn"],
  ["3年B組金八先生", "3B-ww4c5e180e575a65lsy2b"],
  ["abc", "abc-"],
  ["", ""],
];

describe("punycode", () => {
  it.each(samples)("encodes %j as %j and back", (unicode, encoded) => {
    expect(encodePunycode(unicode)).toBe(encoded === "abc-" ? "abc-" : encoded);
    expect(decodePunycode(encoded)).toBe(unicode);
  });

  it("decodes upper-case digits like lower-case ones, keeping the basic part as given", () => {
    expect(decodePunycode("mnchen-3YA")).toBe("münchen");
    expect(decodePunycode("MNCHEN-3YA")).toBe("MüNCHEN");
  });

  it("keeps a basic part that ends in the delimiter, as the reference's decoder does", () => {
    expect(decodePunycode("abc-")).toBe("abc");
    expect(decodePunycode("ü-")).toBe("ü");
  });

  it.each(["-abc", "ab!", "a", "a-ü", "9999999999"])("refuses malformed input %j", (bad) => {
    const decoded = decodePunycode(bad);
    // "a" decodes to U+0080 (valid punycode, refused later by the label rules).
    if (bad === "a") expect(decoded).toBe("\u0080");
    else expect(decoded).toBeNull();
  });

  it("refuses labels that would decode to more than 1024 code points", () => {
    expect(decodePunycode(`${"a".repeat(1100)}-`)).toBe("a".repeat(1100));
    expect(decodePunycode(`${"a".repeat(1024)}-ba`)).toBeNull();
  });

  it("encodes long labels (the sorted, counted path) so that they decode back", { timeout: 60_000 }, () => {
    const codePoint = fc.oneof(
      fc.integer({ min: 0x20, max: 0x7e }),
      fc.integer({ min: 0x80, max: 0x3ff }),
      fc.integer({ min: 0x4e00, max: 0x4e40 }),
      fc.integer({ min: 0x1f600, max: 0x1f64f }),
    );
    fc.assert(
      fc.property(fc.array(codePoint, { minLength: 513, maxLength: 1000 }), (cps) => {
        const label = String.fromCodePoint(...cps);
        const encoded = encodePunycode(label);
        expect(encoded).not.toBeNull();
        expect(decodePunycode(encoded as string)).toBe(label);
      }),
      { numRuns: 300 },
    );
  });
});
