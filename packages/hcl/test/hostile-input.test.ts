import { describe, expect, it } from "vitest";
import { parseConfig, parseExpression } from "../src/index.js";

// Work must grow linearly with the input. Each input here is large enough that work growing
// with its square would run far past the timeout (a minute), while the linear parse takes well
// under a second; bench/growth.bench.ts prints the measured growth exponents.
const HANG = { timeout: 60_000 };

describe("parsing large hostile input in one pass", () => {
  it("an attribute traversal chain of 800,000 steps (a.b.b.b…)", HANG, () => {
    const { expr, diagnostics } = parseExpression(`a${".b".repeat(800_000)}`);
    expect(diagnostics).toEqual([]);
    expect(expr.kind === "scopeTraversal" && expr.traversal.length).toBe(800_001);
  });

  it("an index traversal chain of 400,000 steps (a[0][0]…)", HANG, () => {
    const { expr, diagnostics } = parseExpression(`a${"[0]".repeat(400_000)}`);
    expect(diagnostics).toEqual([]);
    expect(expr.range.end.column).toBe(1_200_002);
  });

  it("a string of 160,000 invalid escapes", HANG, () => {
    const { diagnostics } = parseConfig(`a = "${"\\q".repeat(160_000)}"\n`);
    expect(diagnostics).toHaveLength(160_000);
    expect(diagnostics[159_999]?.subject?.start.column).toBe(6 + 2 * 159_999);
  });

  it("a string of 4,000,000 characters", HANG, () => {
    const { body, diagnostics } = parseConfig(`a = "${"x\\n€".repeat(1_000_000)}"\n`);
    expect(diagnostics).toEqual([]);
    expect(body.attributes[0]?.expr.range.end.column).toBe(4_000_007);
  });

  it("800,000 brackets nested past the limit", HANG, () => {
    const { diagnostics } = parseConfig(`a = ${"[".repeat(800_000)}${"]".repeat(800_000)}\n`);
    expect(diagnostics.length).toBeGreaterThan(0);
    expect(diagnostics.length).toBeLessThan(10);
  });

  it("240 values nested 500 deep, within the limit", HANG, () => {
    const nested = `${"{a = [".repeat(250)}1${"]}".repeat(250)}`;
    const src = Array.from({ length: 240 }, (_, i) => `v${i} = ${nested}\n`).join("");
    const { body, diagnostics } = parseConfig(src);
    expect(diagnostics).toEqual([]);
    expect(body.attributes).toHaveLength(240);
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
    expect(last?.subject?.start).toEqual({ line: 1, column: 6 + 2 * 31_999, byte: 5 + 2 * 31_999 });
    expect(last?.subject?.end.column).toBe(8 + 2 * 31_999);
  });

  it("counts columns and bytes of invalid escapes after multi-byte characters", () => {
    const { diagnostics } = parseConfig('a = "€\\q😀\\w"\n');
    expect(diagnostics.map((d) => [d.subject?.start, d.subject?.end])).toEqual([
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
