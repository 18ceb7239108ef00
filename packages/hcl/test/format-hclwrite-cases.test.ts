// hclwrite's own formatting cases (hashicorp/hcl hclwrite/format_test.go, TestFormat), as data.
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { hclwriteFormat } from "../src/format.js";

const { cases } = JSON.parse(
  readFileSync(new URL("./fixtures/hclwrite-format.json", import.meta.url), "utf8"),
) as { cases: { input: string; want: string }[] };

describe("hclwrite's formatting cases", () => {
  it.each(cases.map((c, i) => [i, c.input, c.want] as const))("case %i", (_i, input, want) => {
    expect(hclwriteFormat(input)).toBe(want);
  });
});
