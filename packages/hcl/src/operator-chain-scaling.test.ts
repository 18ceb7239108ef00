// Operator chains evaluate in time linear in their length: the evaluator walks a chain's left
// spine iteratively, and joins the levels' diagnostics without copying them.
import { describe, expect, it } from "vitest";
import { evaluateExpression, parseExpression } from "./index.js";

/** The least-squares slope of log(time) over log(size). */
function fittedExponent(points: readonly [number, number][]): number {
  const xs = points.map(([n]) => Math.log(n));
  const ys = points.map(([, ms]) => Math.log(ms));
  const mx = xs.reduce((a, b) => a + b, 0) / xs.length;
  const my = ys.reduce((a, b) => a + b, 0) / ys.length;
  let num = 0;
  let den = 0;
  for (let i = 0; i < xs.length; i++) {
    num += (xs[i]! - mx) * (ys[i]! - my);
    den += (xs[i]! - mx) ** 2;
  }
  return num / den;
}

/** The best of a few runs of evaluating the chain, in milliseconds. */
function timeEvaluation(src: string): number {
  const { expr } = parseExpression(src);
  let best = Number.POSITIVE_INFINITY;
  for (let run = 0; run < 5; run++) {
    const start = performance.now();
    evaluateExpression(expr);
    best = Math.min(best, performance.now() - start);
  }
  return best;
}

describe("operator chains", () => {
  for (const [op, operand] of [
    ["+", "1"],
    ["&&", "true"],
    ["==", "true"],
    // Every operand wrong: one diagnostic per operand.
    ["+", "true"],
  ] as const) {
    // Timing on a shared machine is noisy: a run that a burst of load bends is tried again.
    it(`of ${op} on ${operand} take linear time`, { timeout: 120_000, retry: 2 }, () => {
      const chain = (n: number) => `${`${operand} ${op} `.repeat(n)}${operand}`;
      timeEvaluation(chain(10_000)); // warm-up
      const sizes = [10_000, 20_000, 40_000];
      const points = sizes.map((n) => [n, timeEvaluation(chain(n))] as [number, number]);
      expect(fittedExponent(points)).toBeLessThanOrEqual(1.2);
    });
  }
});
