import { describe, expect, it } from "vitest";
import { displayOf, forComparison, forDisplay } from "./index.js";

// Spec §1.6: input → [ForDisplay(input), ForComparison(input).ForDisplay()] (null when invalid).
const rows: ReadonlyArray<readonly [string, string, string | null]> = [
  ["", "", null],
  ["example.com", "example.com", "example.com"],
  ["Example.Com", "example.com", "example.com"],
  ["example.com:", "example.com:", null],
  ["example.com:08080", "example.com:8080", "example.com:8080"],
  ["example.com:443", "example.com", "example.com"],
  ["example.com:99999", "example.com:99999", null],
  ["example.com:80:90", "example.com:80:90", null],
  [":443", "", null],
  [":8080", ":8080", null],
  ["[::1]", "[::1]", null],
  ["a...", "a...", null],
  ["münchen.de", "münchen.de", "münchen.de"],
  ["MÜNCHEN.DE", "münchen.de", "münchen.de"],
  ["Испытание.com", "испытание.com", "испытание.com"],
  ["例え.テスト", "例え.テスト", "例え.テスト"],
  ["faß.de", "fass.de", "faß.de"],
  ["σας.gr", "σασ.gr", "σας.gr"],
  ["ΣΑΣ.gr", "σασ.gr", "σασ.gr"],
  ["ẞ.de", "ss.de", "ß.de"],
  ["\u0130stanbul.com", "i\u0307stanbul.com", "i\u0307stanbul.com"],
  ["ǅ.com", "dž.com", "dž.com"],
  ["a\u200Db.com", "ab.com", null],
  ["a\u200Cb.com", "ab.com", null],
  ["\u200B.com", ".com", ".com"],
  ["xn--mnchen-3ya.de", "münchen.de", null],
  ["XN--mnchen-3ya.de", "münchen.de", "münchen.de"],
  ["foo.xn--p1ai", "foo.рф", null],
  ["xn--.com", ".com", null],
  ["XN--", "", ""],
  ["XN--A.com", "XN--A.com", null],
  ["foo_bar.com", "foo_bar.com", null],
  ["Foo_Bar.com", "Foo_Bar.com", null],
  ["HTTP://example.com", "http://example.com", null],
  ["\u00A0example.com", "\u00A0example.com", null],
  ["1ש.com", "1ש.com", null],
  ["שלום.com", "שלום.com", "שלום.com"],
];

describe("forDisplay", () => {
  it.each(rows)("shows %j as %j", (given, display) => {
    expect(forDisplay(given)).toBe(display);
  });

  it("never throws, whatever the input", () => {
    for (const given of ["\ud800", "xn--a", "a:b:c", "\u0000", "xn--zz-", "-", "..."]) {
      expect(typeof forDisplay(given)).toBe("string");
    }
  });
});

describe("displayOf", () => {
  it.each(rows.filter((row) => row[2] !== null))(
    "shows forComparison(%j) as its Unicode form",
    (given, _, shown) => {
      expect(displayOf(forComparison(given))).toBe(shown);
    },
  );

  it("returns the ASCII form where decoding fails the bidi rule (the reference panics)", () => {
    expect(displayOf(forComparison("ℵa"))).toBe("xn--a-zhc");
  });

  it("leaves the port alone", () => {
    expect(displayOf(forComparison("испытание.com:8080"))).toBe("испытание.com:8080");
    expect(displayOf(forComparison("example.com:-1"))).toBe("example.com:-1");
  });
});
