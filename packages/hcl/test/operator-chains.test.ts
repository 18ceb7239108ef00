// Operator chains evaluate in time linear in their length: the evaluator walks a chain's left
// spine iteratively, and joins the levels' diagnostics without copying them. Each chain is long
// enough that work growing with the square of its length (a copy of the diagnostics per level,
// a recursion per operand) would run far past the timeout, while the linear walk takes well under
// a second; bench/growth.bench.ts prints the measured growth exponents.
import { consoleString } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { evaluateExpression, parseExpression } from "../src/index.js";

const LENGTH = 200_000;

describe("operator chains", () => {
  for (const [op, operand, value, problems] of [
    ["+", "1", "200001", 0],
    ["&&", "true", "true", 0],
    ["==", "true", "true", 0],
    // Every operand wrong: one diagnostic per operand.
    ["+", "true", "(known after apply)", LENGTH + 1],
  ] as const) {
    it(`of ${LENGTH.toLocaleString("en")} ${op} on ${operand} evaluate in one pass`, {
      timeout: 60_000,
    }, () => {
      const { expr } = parseExpression(`${`${operand} ${op} `.repeat(LENGTH)}${operand}`);
      const { value: result, diagnostics } = evaluateExpression(expr);
      expect(diagnostics.length).toBe(problems);
      expect(consoleString(result)).toBe(value);
    });
  }
});
