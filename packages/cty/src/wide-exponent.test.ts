import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { roundRational, shortestDecimal } from "./binary-rounding.js";
import { approxDecimal, roundScaled, WIDE_EXPONENT } from "./wide-exponent.js";

const mantissa = fc.bigInt({ min: 1n, max: (1n << 600n) - 1n });

describe("wide exponents", () => {
  it("rounds to the same 512 bits as exact powers of ten", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        mantissa,
        fc.bigInt({ min: 1n, max: 10n ** 40n }),
        fc.integer({ min: WIDE_EXPONENT + 1, max: 6_000 }),
        fc.boolean(),
        (num, den, k, negative) => {
          const exp10 = negative ? -k : k;
          const exact =
            exp10 > 0
              ? roundRational(num * 10n ** BigInt(exp10), den)
              : roundRational(num, den * 10n ** BigInt(-exp10));
          expect(roundScaled(num, den, exp10)).toEqual(exact);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("gives the leading digits of the exact decimal expansion", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n << 511n, max: (1n << 512n) - 1n }),
        fc.integer({ min: 3_600, max: 9_000 }),
        fc.boolean(),
        (x, k, negative) => {
          const e = negative ? -k : k;
          const exact = (e >= 0 ? x << BigInt(e) : x * 5n ** BigInt(-e)).toString();
          const approx = approxDecimal(x, e);
          expect(exact.startsWith(approx.digits.slice(0, 190))).toBe(true);
          expect(approx.exp).toBe(e >= 0 ? exact.length : exact.length + e);
        },
      ),
      { numRuns: 100 },
    );
  });

  it("picks the shortest decimal Go picks for a value with a wide exponent", () => {
    // 2^-10000 at 512 bits: its shortest decimal has the 155 or fewer digits Go prints.
    const d = shortestDecimal(1n << 511n, -10_511);
    expect(d.exp).toBe(-3010);
    expect(d.digits.startsWith("50123727492064520092975559")).toBe(true);
    expect(d.digits.length).toBeLessThanOrEqual(155);
  });
});
