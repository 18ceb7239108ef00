// Hostname normalization takes time linear in the name. Each name here is long enough that work
// growing with its square would run far past the timeout (a minute), while the linear pass takes
// well under a second; bench/growth.bench.ts prints the measured growth exponents.
import { describe, expect, it } from "vitest";
import { forComparison, forDisplay } from "../src/index.js";

const HANG = { timeout: 60_000 };

describe("very long names are normalized in one pass", () => {
  it("16 MB of ASCII labels", HANG, () => {
    const name = `${"a".repeat(60)}.`.repeat(262_295);
    expect(forComparison(name)).toBe(name);
    expect(forDisplay(name)).toBe(name);
  });

  it("320,000 characters of Unicode labels", HANG, () => {
    const name = "café.例え.".repeat(40_000);
    const normalized = forComparison(name);
    expect(normalized.startsWith("xn--caf-dma.xn--r8jz45g.")).toBe(true);
    expect(normalized.split(".")).toHaveLength(80_001);
    expect(forDisplay(name)).toBe(name);
  });

  it("one label of 200,000 different characters", HANG, () => {
    const name = Array.from({ length: 200_000 }, (_, i) =>
      String.fromCodePoint(0x4e00 + ((i * 7919) % 20_000)),
    ).join("");
    expect(forComparison(name)).toMatch(/^xn--[a-z0-9]+$/);
  });
});
