import { scalingExponent } from "@tofukit/test-support/scaling";
import { describe, expect, it } from "vitest";
import { forComparison, forDisplay } from "./index.js";

function attempt(given: string): void {
  try {
    forComparison(given);
  } catch {
    // refused: still timed
  }
}

describe("hostname normalization time grows linearly with the input", () => {
  // ASCII is the fast path: the sizes are large enough that each run takes tens of milliseconds,
  // so scheduling noise on a busy machine stays small beside the work.
  it("for long ASCII names", { timeout: 120_000, retry: 2 }, () => {
    const { exponent, times } = scalingExponent(
      [2_000_000, 4_000_000, 8_000_000],
      (n) => `${"a".repeat(60)}.`.repeat(n / 61),
      (name) => {
        attempt(name);
        forDisplay(name);
      },
    );
    expect(exponent, `times ${times.join(", ")} ms`).toBeLessThanOrEqual(1.2);
  });

  it("for long Unicode names", { timeout: 120_000, retry: 2 }, () => {
    const { exponent, times } = scalingExponent(
      [40_000, 80_000, 160_000],
      (n) => "café.例え.".repeat(n / 8),
      (name) => {
        attempt(name);
        forDisplay(name);
      },
      9,
    );
    expect(exponent, `times ${times.join(", ")} ms`).toBeLessThanOrEqual(1.2);
  });

  it("for one long label of many different characters", { timeout: 120_000, retry: 2 }, () => {
    const { exponent, times } = scalingExponent(
      [25_000, 50_000, 100_000],
      (n) =>
        Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000))).join(""),
      (name) => attempt(name),
      5,
    );
    expect(exponent, `times ${times.join(", ")} ms`).toBeLessThanOrEqual(1.2);
  });
});
