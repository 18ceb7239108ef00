// Operator chains evaluate in time linear in their length: the evaluator walks a chain's left
// spine iteratively, and joins the levels' diagnostics without copying them.
import { scalingExponent } from "@tofukit/test-support/scaling";
import { describe, expect, it } from "vitest";
import { evaluateExpression, parseExpression } from "./index.js";

describe("operator chains", () => {
  for (const [op, operand] of [
    ["+", "1"],
    ["&&", "true"],
    ["==", "true"],
    // Every operand wrong: one diagnostic per operand.
    ["+", "true"],
  ] as const) {
    // Timing on a shared machine is noisy: the sizes take turns, each timed after a full
    // collection, and a run that a burst of load bends is tried again.
    it(`of ${op} on ${operand} take linear time`, { timeout: 120_000, retry: 2 }, () => {
      const chain = (n: number) => parseExpression(`${`${operand} ${op} `.repeat(n)}${operand}`).expr;
      const { exponent, times } = scalingExponent([10_000, 20_000, 40_000], chain, (expr) => {
        evaluateExpression(expr);
      });
      // Quadratic work would give 2. A chain of wrong operands keeps one diagnostic per operand
      // alive, and collecting them grows a little faster than linearly (about 1.1 to 1.25).
      expect(exponent, `times ${times.join(", ")} ms`).toBeLessThanOrEqual(1.4);
    });
  }
});
