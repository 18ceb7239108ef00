import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import type { Vector } from "../op-runner.js";
import { convertOp } from "./convert.js";

function vector(line: Record<string, unknown>): Vector {
  const raw = JSON.stringify(line);
  return { raw, data: parse(raw) as Record<string, unknown>, line: 1 };
}

function check(line: Record<string, unknown>): string | null {
  const v = vector(line);
  return convertOp.compare(v, convertOp.run(v));
}

describe("the convert op", () => {
  it("converts the README's example", () => {
    expect(
      check({
        op: "convert",
        expr: "list(any)",
        hcl: '["a", 1, true]',
        input: { type: ["tuple", ["string", "number", "bool"]], value: ["a", 1, true] },
        want: {
          ok: true,
          type: ["list", "string"],
          value: ["a", "1", "true"],
          console: 'tolist([\n  "a",\n  "1",\n  "true",\n])',
        },
      }),
    ).toBeNull();
  });

  it("applies defaults before converting", () => {
    expect(
      check({
        op: "convert",
        expr: 'object({a = optional(string, "d")})',
        input: { type: ["object", { a: "dynamic" }], value: { a: null } },
        want: {
          ok: true,
          type: ["object", { a: "string" }],
          value: { a: "d" },
          console: '{\n  "a" = "d"\n}',
        },
      }),
    ).toBeNull();
  });

  it("evaluates the hcl text when there is no input", () => {
    expect(
      check({
        op: "convert",
        expr: "number",
        hcl: '"1e3"',
        want: { ok: true, type: "number", value: 1000, console: "1000" },
      }),
    ).toBeNull();
  });

  it("compares errors, their paths and the alternatives of errorOneOf", () => {
    expect(
      check({
        op: "convert",
        expr: "object({a = number})",
        input: { type: ["object", { a: "string" }], value: { a: "x" } },
        want: { ok: false, stage: "convert", error: "a number is required", path: ".a" },
      }),
    ).toBeNull();
    expect(
      check({
        op: "convert",
        expr: "object({a = number, b = bool})",
        input: { type: ["object", { a: "bool", b: "bool" }], value: { a: true, b: true } },
        want: {
          ok: false,
          stage: "convert",
          errorOneOf: ['attribute "a": number required, but have bool', "other"],
        },
      }),
    ).toBeNull();
  });

  it("reports a wrong value", () => {
    expect(
      check({
        op: "convert",
        expr: "number",
        input: { type: "number", value: 1 },
        want: { ok: true, type: "number", value: 2, console: "2" },
      }),
    ).toBe("value differs");
  });

  it("reports an invalid constraint at the type stage", () => {
    const v = vector({
      op: "convert",
      expr: "list(optional(string))",
      input: { type: "string", value: "x" },
      want: {},
    });
    expect(convertOp.run(v)).toMatchObject({ ok: false, stage: "type" });
  });
});
