// Growth exponents of number parsing: time against the length of a number's text, fitted over
// doubling sizes (1 is linear, 2 quadratic). `npm run bench` prints one line per case; the tests
// keep the same guarantee with single long texts under a timeout.
import { reportGrowth } from "@tofukit/test-support/growth";
import { bench, describe } from "vitest";
import { parseNumber } from "../src/number.js";

reportGrowth("cty", [
  {
    label: "parseNumber of a text with n leading zeros",
    sizes: [250_000, 500_000, 1_000_000],
    make: (zeros) => `0.${"0".repeat(zeros)}${"7".repeat(5_000)}e-3`,
    run: (text: string) => {
      for (let i = 0; i < 5; i++) parseNumber(text);
    },
  },
  {
    label: "parseNumber and toString of n significant digits",
    sizes: [2_400, 4_800, 9_600],
    make: (digits) => `${"7".repeat(digits - 1)}3.5e-${digits}`,
    run: (text: string) => {
      for (let i = 0; i < 100; i++) parseNumber(text).toString();
    },
  },
]);

const widest = `${"7".repeat(9_998)}3.5e-9999`;
describe("a number of 9,999 significant digits", () => {
  bench("parseNumber and toString", () => {
    parseNumber(widest).toString();
  });
});
