// The schema property on the recorded conversions: for an `any`-free constraint, ajv accepts a
// JSON value exactly when OpenTofu converted it; with `any`, every converted value is accepted.

import { parseTypeConstraint } from "@tofukit/typeexpr";
import { Ajv2020 } from "ajv/dist/2020.js";
import { describe, expect, it } from "vitest";
import { jsonSchemaOf } from "../src/json-schema.js";
import { jsonShapedVectors } from "./vectors.js";

const vectors = jsonShapedVectors();
const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });

function outcome(v: (typeof vectors)[number]) {
  const { type, defaults } = parseTypeConstraint(v.expr);
  const schema = jsonSchemaOf(type, defaults);
  const valid = ajv.validate(schema, v.input!.value);
  return {
    line: v.line,
    expr: v.expr,
    value: v.input!.value,
    ok: v.want.ok,
    valid,
    dynamic: type.hasDynamic,
  };
}

describe("schemas of the recorded constraints", () => {
  const results = vectors.map(outcome);
  const exact = results.filter((r) => !r.dynamic);
  const superset = results.filter((r) => r.dynamic);

  it(`accepts a value iff OpenTofu converts it, on all ${exact.length} any-free lines`, () => {
    expect(exact.length).toBeGreaterThan(500);
    expect(exact.filter((r) => r.valid !== r.ok).slice(0, 10)).toEqual([]);
    expect(exact.some((r) => !r.ok)).toBe(true);
  });

  it(`never rejects a value OpenTofu converts, on all ${superset.length} lines with any`, () => {
    expect(superset.filter((r) => r.ok && !r.valid).slice(0, 10)).toEqual([]);
  });

  it("are valid draft 2020-12 schemas", () => {
    const seen = new Set<string>();
    for (const v of vectors) {
      if (seen.has(v.expr)) continue;
      seen.add(v.expr);
      const { type, defaults } = parseTypeConstraint(v.expr);
      const schema = jsonSchemaOf(type, defaults);
      expect(ajv.validateSchema(schema), `${v.expr}: ${ajv.errorsText(ajv.errors)}`).toBe(true);
    }
  });
});
