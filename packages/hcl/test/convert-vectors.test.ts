import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { rawEquals, typeFromJSON, valueFromJSON } from "@tofukit/cty";
import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import { evaluateExpression, parseExpression } from "../src/index.js";

interface ConvertVector {
  readonly hcl?: string;
  readonly input?: { readonly type: unknown; readonly value: unknown };
  readonly want: { readonly ok: boolean; readonly diags?: readonly { readonly stage?: string }[] };
}

const path = fileURLToPath(new URL("../../../conformance/vectors/convert.jsonl", import.meta.url));
const vectors = readFileSync(path, "utf8")
  .split("\n")
  .filter((l) => l.trim() !== "")
  .map((l) => parse(l) as unknown as ConvertVector)
  .filter((v) => v.hcl !== undefined);

describe("the recorded tfvars values of convert.jsonl", () => {
  it("evaluate to exactly the recorded input values", () => {
    const mismatches: string[] = [];
    for (const v of vectors) {
      if (v.input === undefined) continue;
      const { expr, diagnostics } = parseExpression(v.hcl as string);
      const evaluated = evaluateExpression(expr);
      const want = valueFromJSON(v.input.value, typeFromJSON(v.input.type), { parsed: true });
      if (diagnostics.length > 0 || evaluated.diagnostics.length > 0 || !rawEquals(evaluated.value, want)) {
        mismatches.push(v.hcl as string);
      }
    }
    expect(mismatches).toEqual([]);
  }, 60_000);

  it("reject the values the reference rejected", () => {
    const accepted = vectors
      .filter((v) => v.want.ok === false && v.want.diags?.[0]?.stage === "value")
      .filter((v) => {
        const { expr, diagnostics } = parseExpression(v.hcl as string);
        return diagnostics.length === 0 && evaluateExpression(expr).diagnostics.length === 0;
      })
      .map((v) => v.hcl);
    expect(accepted).toEqual([]);
  });
});
