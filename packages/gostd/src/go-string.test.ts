import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { toGoString } from "./go-string.js";

describe("toGoString", () => {
  it.each([
    ["plain", "plain"],
    ["a\ud800b", "a\ufffdb"],
    ["\udc00\ud800", "\ufffd\ufffd"],
    ["\ud83d\ude00", "😀"],
    ["\ud83d\ud83d\ude00", "\ufffd😀"],
  ])("reads %j as %j", (input, output) => {
    expect(toGoString(input)).toBe(output);
  });

  it("gives what a UTF-8 round trip gives", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary" }), (s) => {
        expect(toGoString(s)).toBe(new TextDecoder().decode(new TextEncoder().encode(s)));
      }),
    );
  });
});
