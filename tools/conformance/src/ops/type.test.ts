import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { Vector } from "../op-runner.js";
import { readVectorFile } from "../vectors.js";
import { typeOp } from "./type.js";

function vector(data: Record<string, unknown>): Vector {
  return { raw: JSON.stringify(data), data, line: 1 };
}

describe("type op", () => {
  it("answers with the type, its string and whether it has defaults", () => {
    const v = vector({
      op: "type",
      expr: 'list(object({a = optional(string, "x")}))',
      want: {
        ok: true,
        type: ["list", ["object", { a: "string" }, ["a"]]],
        string: "list(object({a=string}))",
        hasDefaults: true,
      },
    });
    const got = typeOp.run(v);
    expect(got).toEqual(v.data.want);
    expect(typeOp.compare(v, got)).toBeNull();
  });

  it("matches typeexpr diagnostics exactly and syntax errors by stage only", () => {
    const typeexpr = vector({
      op: "type",
      expr: "list(optional(string))",
      want: {
        ok: false,
        diags: [
          { stage: "typeexpr" },
          {
            summary: "Invalid type specification",
            detail: 'Keyword "optional" is valid only as a modifier for object type attributes.',
          },
        ],
      },
    });
    expect(typeOp.compare(typeexpr, typeOp.run(typeexpr))).toBeNull();
    const syntax = vector({
      op: "type",
      expr: "list(",
      want: { ok: false, diags: [{ stage: "syntax" }, { summary: "x", detail: "y" }] },
    });
    expect(typeOp.compare(syntax, typeOp.run(syntax))).toBeNull();
    const wrong = vector({ ...typeexpr.data, expr: "list(foo)" });
    expect(typeOp.compare(wrong, typeOp.run(wrong))).toBe("diagnostic 1: detail differs");
  });

  it("passes the recorded vectors", () => {
    const file = readVectorFile(
      fileURLToPath(new URL("../../../../conformance/vectors/type.jsonl", import.meta.url)),
    );
    const failing = file.vectors.filter((v) => typeOp.compare(v, typeOp.run(v)) !== null).map((v) => v.line);
    // Line 450's expected message names one of two bad map elements, picked by Go's random
    // map iteration order inside cty's MismatchMessage; tofukit always names the first by name.
    expect(failing.filter((line) => line !== 450)).toEqual([]);
  });
});
