import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RawJSON, stringifyJSON } from "./json-output.js";

describe("stringifyJSON", () => {
  it("prints what JSON.stringify prints with a two-space indent", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stringifyJSON(value as never)).toBe(JSON.stringify(value, null, 2));
      }),
      { numRuns: 500 },
    );
  });

  it("inserts raw JSON texts as written and leaves out undefined members", () => {
    const out = stringifyJSON({
      a: new RawJSON("1.00000000000000000001"),
      skipped: undefined,
      b: [new RawJSON("{}")],
    });
    expect(out).toBe('{\n  "a": 1.00000000000000000001,\n  "b": [\n    {}\n  ]\n}');
  });
});
