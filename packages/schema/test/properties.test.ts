// The schema property on generated types and JSON values: for a type without `any`, ajv accepts
// a JSON value exactly when OpenTofu's conversion of it (as hcl reads a .tfvars.json) succeeds.
import { ConversionError, convert } from "@tofukit/convert";
import { type Type, t } from "@tofukit/cty";
import { jsonValue } from "@tofukit/hcl";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { jsonSchemaOf } from "../src/json-schema.js";

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });

const names = fc.constantFrom("a", "b", "c-d");
const typeArb: fc.Arbitrary<Type> = fc.letrec<{ type: Type }>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom<Type>(t.string, t.number, t.bool),
    tie("type").map((e) => t.list(e)),
    tie("type").map((e) => t.set(e)),
    tie("type").map((e) => t.map(e)),
    fc.array(tie("type"), { maxLength: 3 }).map((es) => t.tuple(es)),
    fc
      .uniqueArray(fc.tuple(names, tie("type"), fc.boolean()), { selector: ([n]) => n, maxLength: 3 })
      .map((attrs) =>
        t.object(
          Object.fromEntries(attrs.map(([n, ty]) => [n, ty])),
          attrs.filter(([, , optional]) => optional).map(([n]) => n),
        ),
      ),
  ),
})).type;

/** JSON values near the shape of `type`, and some of other shapes, so both answers occur often. */
function valueFor(type: Type): fc.Arbitrary<unknown> {
  const other = fc.oneof(
    fc.constantFrom(null, true, false, 0, 1, "1", "true", "x", "1e3", " 1", [], {}),
    fc.integer(),
  );
  switch (type.kind) {
    case "string":
    case "number":
    case "bool":
    case "dynamic":
      return other;
    case "list":
    case "set":
      return fc.oneof(fc.array(valueFor(type.element), { maxLength: 3 }), other);
    case "map":
      return fc.oneof(fc.dictionary(names, valueFor(type.element), { maxKeys: 3 }), other);
    case "tuple":
      return fc.oneof(fc.tuple(...type.elements.map(valueFor)), fc.array(other, { maxLength: 3 }), other);
    case "object": {
      const attrs = type.attributeNames.map((n, i) => [n, valueFor(type.attributeTypes[i]!)] as const);
      const record = fc.record(Object.fromEntries(attrs), { requiredKeys: [] });
      return fc.oneof(
        fc
          .tuple(record, fc.dictionary(fc.constantFrom("x", "a"), other, { maxKeys: 1 }))
          .map(([r, extra]) => ({
            ...extra,
            ...r,
          })),
        other,
      );
    }
  }
}

function converts(value: unknown, type: Type): boolean {
  try {
    convert(jsonValue(JSON.stringify(value)), type);
    return true;
  } catch (e) {
    if (e instanceof ConversionError) return false;
    throw e;
  }
}

describe("jsonSchemaOf on generated types and values", () => {
  it("accepts a value iff OpenTofu converts it", { timeout: 60_000 }, () => {
    let accepted = 0;
    let refused = 0;
    const pair = typeArb.chain((type) => fc.tuple(fc.constant(type), valueFor(type)));
    fc.assert(
      fc.property(pair, ([type, value]) => {
        const ok = converts(value, type);
        if (ok) accepted++;
        else refused++;
        expect(ajv.validate(jsonSchemaOf(type), value)).toBe(ok);
      }),
      { numRuns: 1500 },
    );
    expect(accepted).toBeGreaterThan(100);
    expect(refused).toBeGreaterThan(100);
  });
});
