import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RawJSON, StreamedString, stringifyJSON, writeJSON } from "./json-output.js";

describe("stringifyJSON", () => {
  it("prints what JSON.stringify prints with a two-space indent", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        expect(stringifyJSON(value as never)).toBe(JSON.stringify(value, null, 2));
      }),
      { numRuns: 500 },
    );
  }, 60_000);

  it("inserts raw JSON texts as written and leaves out undefined members", () => {
    const out = stringifyJSON({
      a: new RawJSON("1.00000000000000000001"),
      skipped: undefined,
      b: [new RawJSON("{}")],
    });
    expect(out).toBe('{\n  "a": 1.00000000000000000001,\n  "b": [\n    {}\n  ]\n}');
  });
});

describe("StreamedString", () => {
  /** A string handed over in the given pieces. */
  const streamed = (pieces: readonly string[]) =>
    new StreamedString((write) => {
      for (const p of pieces) write(p);
    });

  it("writes what JSON.stringify writes for the joined pieces, however the text is cut", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ unit: "binary" }), { maxLength: 8 }), (pieces) => {
        const whole = pieces.join("");
        expect(stringifyJSON({ s: streamed(pieces) })).toBe(JSON.stringify({ s: whole }, null, 2));
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("keeps a surrogate pair cut between two pieces as one character", () => {
    const pieces = ["a\uD83D", "\uDE00b"];
    expect(stringifyJSON(streamed(pieces))).toBe('"a😀b"');
    // Lone halves are escaped, as JSON.stringify escapes them.
    expect(stringifyJSON(streamed(["x\uD83D"]))).toBe('"x\\ud83d"');
    expect(stringifyJSON(streamed(["\uDE00", "y"]))).toBe('"\\ude00y"');
    expect(stringifyJSON(streamed([]))).toBe('""');
  });
});

describe("writeJSON", () => {
  it("hands over in pieces exactly the text stringifyJSON returns", () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        const pieces: string[] = [];
        writeJSON(value as never, (p) => pieces.push(p));
        expect(pieces.join("")).toBe(stringifyJSON(value as never));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
