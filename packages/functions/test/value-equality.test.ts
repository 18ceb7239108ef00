import { markedVal, numberVal, SENSITIVE, stringVal } from "@tofukit/cty";
import { describe, expect, it } from "vitest";

describe("toEqual on cty values", () => {
  it("compares payloads and marks, not only types", () => {
    expect(stringVal("a")).toEqual(stringVal("a"));
    expect(stringVal("a")).not.toEqual(stringVal("b"));
    expect(numberVal(1n)).not.toEqual(numberVal(2n));
    expect(markedVal(stringVal("a"), [SENSITIVE])).not.toEqual(stringVal("a"));
  });
});
