// Growth exponents of normalization on very long names: time against name length, fitted over
// doubling sizes (1 is linear, 2 quadratic). `npm run bench` prints one line per case; the tests
// keep the same guarantee with single long names under a timeout.
import { reportGrowth } from "@tofukit/test-support/growth";
import { bench, describe } from "vitest";
import { forComparison, forDisplay } from "../src/index.js";

function normalize(name: string): void {
  try {
    forComparison(name);
  } catch {
    // a refused name is timed all the same
  }
  forDisplay(name);
}

reportGrowth("hostname", [
  {
    label: "long ASCII names",
    sizes: [2_000_000, 4_000_000, 8_000_000],
    make: (n) => `${"a".repeat(60)}.`.repeat(n / 61),
    run: normalize,
  },
  {
    label: "long Unicode names",
    sizes: [40_000, 80_000, 160_000],
    make: (n) => "café.例え.".repeat(n / 8),
    run: normalize,
    repeats: 9,
  },
  {
    label: "one long label of many different characters",
    sizes: [25_000, 50_000, 100_000],
    make: (n) =>
      Array.from({ length: n }, (_, i) => String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000))).join(""),
    run: normalize,
  },
]);

const long = "café.例え.".repeat(20_000);
describe("a Unicode name of 160,000 characters", () => {
  bench("forComparison and forDisplay", () => {
    normalize(long);
  });
});
