// Recorded answers of the reference formatter (test/fixtures/fmt-recorded.json): hand-picked
// inputs for each rule and generated files of attributes, comments and blocks.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { format } from "../src/format.js";

const { cases } = JSON.parse(
  readFileSync(new URL("./fixtures/fmt-recorded.json", import.meta.url), "utf8"),
) as { cases: { input: string; want: string }[] };

describe("recorded tofu fmt answers", () => {
  it(`formats all ${cases.length} inputs byte for byte`, () => {
    const wrong = cases.filter((c) => format(c.input) !== c.want);
    expect(wrong.slice(0, 5)).toEqual([]);
  });
});
