import { scalingExponent } from "@tofukit/test-support/scaling";
import { describe, expect, it } from "vitest";
import { parseConfig, parseExpression } from "./index.js";

// Work must grow linearly with the input: these fit the exponent of time against size.
describe("parsing time grows linearly with the input", () => {
  it("for attribute traversal chains (a.b.b.b…)", { timeout: 120_000 }, () => {
    const { exponent, times } = scalingExponent(
      [100_000, 200_000, 400_000],
      (n) => `a${".b".repeat(n)}`,
      (src) => parseExpression(src),
    );
    expect(exponent, `times ${times.join(", ")} ms`).toBeLessThanOrEqual(1.2);
  });

  it("for index traversal chains (a[0][0]…)", { timeout: 120_000 }, () => {
    const { exponent, times } = scalingExponent(
      [50_000, 100_000, 200_000],
      (n) => `a${"[0]".repeat(n)}`,
      (src) => parseExpression(src),
    );
    expect(exponent, `times ${times.join(", ")} ms`).toBeLessThanOrEqual(1.2);
  });

  it("for strings full of invalid escapes", { timeout: 120_000 }, () => {
    const { exponent, times } = scalingExponent(
      [20_000, 40_000, 80_000],
      (n) => `a = "${"\\q".repeat(n)}"\n`,
      (src) => parseConfig(src),
    );
    expect(exponent, `times ${times.join(", ")} ms`).toBeLessThanOrEqual(1.2);
  });

  it("for long strings", { timeout: 120_000 }, () => {
    const { exponent, times } = scalingExponent(
      [500_000, 1_000_000, 2_000_000],
      (n) => `a = "${"x\\n€".repeat(n / 4)}"\n`,
      (src) => parseConfig(src),
    );
    expect(exponent, `times ${times.join(", ")} ms`).toBeLessThanOrEqual(1.2);
  });

  it("for nesting past the limit", { timeout: 120_000 }, () => {
    const { exponent, times } = scalingExponent(
      [100_000, 200_000, 400_000],
      (n) => `a = ${"[".repeat(n)}${"]".repeat(n)}\n`,
      (src) => parseConfig(src),
    );
    expect(exponent, `times ${times.join(", ")} ms`).toBeLessThanOrEqual(1.2);
  });

  it("for files of nested values within the limit", { timeout: 120_000 }, () => {
    const nested = `${"{a = [".repeat(250)}1${"]}".repeat(250)}`;
    const { exponent, times } = scalingExponent(
      [30, 60, 120],
      (n) => Array.from({ length: n }, (_, i) => `v${i} = ${nested}\n`).join(""),
      (src) => parseConfig(src),
    );
    expect(exponent, `times ${times.join(", ")} ms`).toBeLessThanOrEqual(1.2);
  });
});

describe("hostile input", () => {
  it("parses a 32,000-step traversal into one traversal expression", () => {
    const { expr, diagnostics } = parseExpression(`a${".b".repeat(32_000)}`);
    expect(diagnostics).toEqual([]);
    expect(expr.kind).toBe("scopeTraversal");
    if (expr.kind === "scopeTraversal") {
      expect(expr.traversal).toHaveLength(32_001);
      expect(expr.range.end.column).toBe(64_002);
    }
  });

  it("keeps index keys and attributes in order in a mixed chain", () => {
    const { expr } = parseExpression("a.b[0].c[x].d");
    expect(expr.kind).toBe("relativeTraversal");
    if (expr.kind === "relativeTraversal") {
      expect(expr.traversal.map((t) => (t.kind === "attr" ? t.name : "index"))).toEqual(["d"]);
      expect(expr.source.kind).toBe("index");
    }
  });

  it("reports each invalid escape of a 32,000-escape string at its own column", () => {
    const { diagnostics } = parseConfig(`a = "${"\\q".repeat(32_000)}"\n`);
    expect(diagnostics).toHaveLength(32_000);
    const last = diagnostics[31_999];
    expect(last?.summary).toBe("Invalid escape sequence");
    expect(last?.subject.start).toEqual({ line: 1, column: 6 + 2 * 31_999, byte: 5 + 2 * 31_999 });
    expect(last?.subject.end.column).toBe(8 + 2 * 31_999);
  });

  it("counts columns and bytes of invalid escapes after multi-byte characters", () => {
    const { diagnostics } = parseConfig('a = "€\\q😀\\w"\n');
    expect(diagnostics.map((d) => [d.subject.start, d.subject.end])).toEqual([
      [
        { line: 1, column: 7, byte: 8 },
        { line: 1, column: 9, byte: 10 },
      ],
      [
        { line: 1, column: 10, byte: 14 },
        { line: 1, column: 12, byte: 16 },
      ],
    ]);
  });
});

describe("number literals", () => {
  it("refuses a literal of more than 10,000 significant digits as an invalid number literal", () => {
    const { diagnostics } = parseExpression("7".repeat(10_001));
    expect(diagnostics.map((d) => [d.summary, d.detail])).toEqual([
      ["Invalid number literal", "Failed to recognize the value of this number literal."],
    ]);
    expect(parseExpression(`1${"0".repeat(20_000)}`).diagnostics).toEqual([]);
  });
});
