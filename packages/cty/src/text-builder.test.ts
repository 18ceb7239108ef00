import { describe, expect, it } from "vitest";
import { TextBuilder } from "./text-builder.js";

describe("TextBuilder", () => {
  it("concatenates the parts in order", () => {
    const out = new TextBuilder();
    for (const part of ["a", "", "bc", "\n", "d"]) out.push(part);
    expect(out.text).toBe("abc\nd");
  });
});
