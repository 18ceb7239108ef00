import { describe, expect, it } from "vitest";
import { MAX_NUMBER_DIGITS, MAX_PLAIN_ZEROS, parseNumber } from "../src/number.js";

const n = parseNumber;

describe("numbers at big.Float's limits", () => {
  // The timeouts stand for "quickly": a decimal expansion of the exponent would run far past them.
  it("divides by a tiny number quickly, to a 512-bit quotient", { timeout: 30_000 }, () => {
    const q = n("1").div(n("3e-10000000"));
    expect(q.toString()).toMatch(/^3\.3{150,160}2?e\+9999999$/);
    expect(n("1").div(n("3e-100000000")).toString()).toMatch(/^3\.3+2?e\+99999999$/);
  });

  it("takes a remainder of a huge number without its power of ten", () => {
    expect(n("1e400000000").mod(n("7")).toString()).toBe("4");
    expect(n("-1e400000000").mod(n("7")).toString()).toBe("-4");
    expect(n("123456789e-1000000").mod(n("7e-1000010")).toString()).toBe(
      n("1234567890000000000").mod(n("7")).mul(n("1e-1000010")).toString(),
    );
    expect(n("5").mod(n("1e300000000")).toString()).toBe("5");
  });

  it("writes numbers that would need more than MAX_PLAIN_ZEROS zeros with an exponent", () => {
    expect(MAX_PLAIN_ZEROS).toBe(10_000);
    expect(n("1e600000000").toString()).toBe("1e+600000000");
    expect(n("-25e300000000").toString()).toBe("-2.5e+300000001");
    expect(n("3e-10002").toString()).toBe("3e-10002");
    expect(n("1e10000").toString()).toBe(`1${"0".repeat(10_000)}`);
    expect(n("1e-10000").toString()).toBe(`0.${"0".repeat(9_999)}1`);
  });

  it("reads its own exponent form back", () => {
    for (const text of ["1e600000000", "-2.5e300000001", "3.25e-10002"]) {
      const once = n(text);
      expect(n(once.toString()).equals(once)).toBe(true);
    }
  });

  it("overflows to infinity and underflows to zero past the binary exponent range", () => {
    // big.Float's exponent is an int32: 2^2147483647 ≈ 10^646456992.
    expect(n("1e646456992").toString()).toBe("1e+646456992");
    expect(n("1e646456994").toString()).toBe("+Inf");
    expect(n("1e400000000").mul(n("1e400000000")).toString()).toBe("+Inf");
    expect(n("-1e400000000").mul(n("1e400000000")).toString()).toBe("-Inf");
    expect(n("1e-400000000").mul(n("1e-400000000")).toString()).toBe("0");
    expect(n("1").div(n("1e-700000000")).toString()).toBe("+Inf");
  });

  it("applies a large binary exponent without a decimal expansion", { timeout: 30_000 }, () => {
    for (let i = 0; i < 20; i++) n("5p-100000");
    expect(n("5p-100000").toString()).toMatch(/^5\.00499451899347083\d+e-30103$/);
    expect(n("1p100000").toGoString()).toBe("9.99002093e+30102");
    expect(n("1p3").toString()).toBe("8");
    expect(n("1.5p-1").toString()).toBe("0.75");
  });

  it("rounds long significands from their leading digits as from all of them", () => {
    const long = `1.${"3".repeat(5_000)}`;
    expect(n(long).toString()).toBe(n("4").div(n("3")).toString());
    // Just above a tie between two 512-bit values: the digits far out decide.
    const tie = n("1").add(n("2").div(n("1p513"))); // 1 + 2^-512: exact, a tie for rounding
    expect(tie.toString().length).toBeGreaterThan(150);
  });

  it("refuses significands longer than MAX_NUMBER_DIGITS digits", () => {
    expect(MAX_NUMBER_DIGITS).toBe(10_000);
    expect(() => n("7".repeat(10_001))).toThrow(/invalid number syntax/);
    expect(n(`1${"0".repeat(20_000)}`).toString()).toBe("1e+20000");
    expect(n(`0.${"0".repeat(20_000)}5`).toString()).toBe("5e-20001");
    expect(n("7".repeat(10_000)).toGoString()).toBe("7.777777778e+9999");
  });

  // Work growing with the square of the text's length would run far past these timeouts; the
  // linear reads take a fraction of a second. bench/growth.bench.ts prints the growth exponents.
  it("parses a number text of 4,000,000 zeros and 5,000 digits in one pass", { timeout: 60_000 }, () => {
    const text = `0.${"0".repeat(4_000_000)}${"7".repeat(5_000)}e-3`;
    for (let i = 0; i < 5; i++) expect(n(text).toString()).toMatch(/^7\.7+8?e-4000004$/);
  });

  it("parses and prints a number of 9,999 significant digits a thousand times", { timeout: 60_000 }, () => {
    const text = `${"7".repeat(9_998)}3.5e-9999`;
    for (let i = 0; i < 1_000; i++) expect(n(text).toString()).toMatch(/^0\.7{20}/);
  });
});
