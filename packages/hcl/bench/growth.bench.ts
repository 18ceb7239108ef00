// Growth exponents of the paths a hostile or very large input takes: time against input size,
// fitted over doubling sizes (1 is linear, 2 quadratic). `npm run bench` prints one line per case;
// the tests keep the same guarantees with single large inputs under a timeout.
import { reportGrowth } from "@tofukit/test-support/growth";
import { bench, describe } from "vitest";
import { evaluateExpression, parseConfig, parseExpression, readLiteralAttributes } from "../src/index.js";

const sizes = [40_000, 80_000, 160_000];
const evaluateChain = (operand: string, op: string) => ({
  label: `evaluate ${operand} ${op} ${operand} …`,
  sizes,
  make: (n: number) => parseExpression(`${`${operand} ${op} `.repeat(n)}${operand}`).expr,
  run: evaluateExpression,
});

reportGrowth("hcl", [
  evaluateChain("1", "+"),
  evaluateChain("true", "&&"),
  evaluateChain("1", "=="),
  evaluateChain("true", "+"),
  {
    label: "parseExpression a.b.b…",
    sizes: [200_000, 400_000, 800_000],
    make: (n) => `a${".b".repeat(n)}`,
    run: parseExpression,
  },
  {
    label: "parseExpression a[0][0]…",
    sizes: [100_000, 200_000, 400_000],
    make: (n) => `a${"[0]".repeat(n)}`,
    run: parseExpression,
  },
  {
    label: "parseExpression of n invalid escapes",
    sizes,
    make: (n) => `"${"\\q".repeat(n)}"`,
    run: parseExpression,
  },
  {
    label: "parseConfig of n invalid escapes",
    sizes,
    make: (n) => `a = "${"\\q".repeat(n)}"\n`,
    run: parseConfig,
  },
  {
    label: "parseConfig of n bad \\u12 escapes",
    sizes,
    make: (n) => `a = "${"\\u12".repeat(n)}"\n`,
    run: parseConfig,
  },
  {
    label: "readLiteralAttributes of n invalid escapes",
    sizes,
    make: (n) => `a = "${"\\q".repeat(n)}"\n`,
    run: (src: string) => readLiteralAttributes(src),
  },
  {
    label: "parseConfig of n literal attributes",
    sizes: [20_000, 40_000, 80_000],
    make: (n) => Array.from({ length: n }, (_, i) => `a${i} = "v${i}"\n`).join(""),
    run: parseConfig,
  },
  {
    label: "evaluate a for over an n-element tuple",
    sizes,
    make: (n) => parseExpression(`[for x in [${"1,".repeat(n)}1] : x + 1]`).expr,
    run: evaluateExpression,
  },
  {
    label: "parseConfig of a string of n characters",
    sizes: [1_000_000, 2_000_000, 4_000_000],
    make: (n) => `a = "${"x\\n€".repeat(n / 4)}"\n`,
    run: parseConfig,
  },
]);

// vitest bench needs a benchmark in the file; this one keeps the largest chain's figure beside
// the others in the bench report.
const chain = parseExpression(`${"true + ".repeat(160_000)}true`).expr;
describe("a chain of 160,000 wrong operands", () => {
  bench("evaluate", () => {
    evaluateExpression(chain);
  });
});
