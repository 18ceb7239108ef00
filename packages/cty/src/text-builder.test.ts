import { describe, expect, it } from "vitest";
import { TextBuilder } from "./text-builder.js";

describe("TextBuilder", () => {
  it("concatenates the parts in order", () => {
    const out = new TextBuilder();
    for (const part of ["a", "", "bc", "\n", "d"]) out.push(part);
    expect(out.text).toBe("abc\nd");
  });

  it("keeps the order across many chunks, and can be read more than once", () => {
    const out = new TextBuilder();
    const expected: string[] = [];
    for (let i = 0; i < 10_000; i++) {
      const part = i % 3 === 0 ? "" : `${i},`;
      out.push(part);
      expected.push(part);
      if (i === 5000) expect(out.text).toBe(expected.join(""));
    }
    expect(out.text).toBe(expected.join(""));
    expect(out.text).toBe(expected.join(""));
  });

  it("is empty before anything is appended", () => {
    expect(new TextBuilder().text).toBe("");
  });

  it("hands complete chunks to a sink, in order, and the rest at the end", () => {
    const chunks: string[] = [];
    const out = new TextBuilder((c) => chunks.push(c));
    const expected: string[] = [];
    for (let i = 0; i < 5000; i++) {
      out.push(`${i};`);
      expected.push(`${i};`);
    }
    expect(chunks.length).toBeGreaterThan(1);
    out.end();
    expect(chunks.join("")).toBe(expected.join(""));
    expect(chunks.every((c) => c !== "")).toBe(true);
  });
});
