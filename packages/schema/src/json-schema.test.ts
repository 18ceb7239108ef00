import { CtyNumber, numberVal, stringVal, t } from "@tofukit/cty";
import { Ajv2020 } from "ajv/dist/2020.js";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { JSON_SCHEMA_DRAFT, jsonSchemaOf, NUMBER_SYNTAX } from "./json-schema.js";

const ajv = new Ajv2020({ strict: true, allowUnionTypes: true });
const accepts = (type: Parameters<typeof jsonSchemaOf>[0], value: unknown) =>
  ajv.validate(jsonSchemaOf(type), value);

describe("jsonSchemaOf", () => {
  it("declares draft 2020-12", () => {
    expect(jsonSchemaOf(t.string).$schema).toBe(JSON_SCHEMA_DRAFT);
  });

  it("accepts numbers and bools for a string, as cty converts them", () => {
    expect([accepts(t.string, "x"), accepts(t.string, 15), accepts(t.string, true)]).toEqual([
      true,
      true,
      true,
    ]);
    expect([accepts(t.string, []), accepts(t.string, {})]).toEqual([false, false]);
  });

  it("accepts number strings for a number and refuses other strings", () => {
    for (const s of ["15", "-1.5e3", ".5", "5.", "+Inf", "1p4", "0x10", " 1", "1_000", "", "1e"]) {
      expect(accepts(t.number, s), s).toBe(CtyNumber.parse(s) !== null);
    }
    expect(accepts(t.number, true)).toBe(false);
  });

  it("reads number strings exactly as cty's number parser does", () => {
    const re = new RegExp(NUMBER_SYNTAX, "u");
    const text = fc.string({ unit: fc.constantFrom(..."0123456789.eEpP+-Inf x_"), maxLength: 12 });
    fc.assert(
      fc.property(text, (s) => re.test(s) === (CtyNumber.parse(s) !== null)),
      { numRuns: 3000 },
    );
  });

  it('accepts exactly "true", "1", "false" and "0" as bool strings', () => {
    expect(["true", "1", "false", "0", "True", "yes", ""].map((s) => accepts(t.bool, s))).toEqual([
      true,
      true,
      true,
      true,
      false,
      false,
      false,
    ]);
    expect([accepts(t.bool, 1), accepts(t.bool, false)]).toEqual([false, true]);
  });

  it("accepts null at every depth", () => {
    const type = t.object({ a: t.list(t.map(t.number)) });
    expect([
      accepts(type, null),
      accepts(type, { a: null }),
      accepts(type, { a: [null, { x: null }] }),
    ]).toEqual([true, true, true]);
  });

  it("requires non-optional attributes and accepts attributes the type lacks", () => {
    const type = t.object({ name: t.string, size: t.number }, ["size"]);
    expect(accepts(type, { name: "a" })).toBe(true);
    expect(accepts(type, { name: "a", extra: [1] })).toBe(true);
    expect(accepts(type, { size: 1 })).toBe(false);
  });

  it("takes tuples element by element, of exactly their length", () => {
    const type = t.tuple([t.string, t.bool]);
    expect([accepts(type, ["a", "1"]), accepts(type, ["a"]), accepts(type, ["a", true, 1])]).toEqual([
      true,
      false,
      false,
    ]);
    expect([accepts(t.tuple([]), []), accepts(t.tuple([]), [1])]).toEqual([true, false]);
  });

  it("takes lists and sets from arrays and maps from objects", () => {
    expect([accepts(t.set(t.number), [1, "2"]), accepts(t.list(t.number), { a: 1 })]).toEqual([true, false]);
    expect([accepts(t.map(t.bool), { a: "true" }), accepts(t.map(t.bool), [true])]).toEqual([true, false]);
  });

  it("accepts every value for any", () => {
    expect([accepts(t.dynamic, [1, "a"]), accepts(t.list(t.dynamic), [1, { a: 1 }])]).toEqual([true, true]);
  });

  it("annotates optional attributes with their defaults", () => {
    const type = t.object({ region: t.string, size: t.number }, ["region", "size"]);
    const defaults = {
      type,
      defaultValues: new Map([
        ["region", stringVal("eu")],
        ["size", numberVal(CtyNumber.parse("123456789012345678901234567890")!)],
      ]),
      children: new Map(),
    };
    const schema = jsonSchemaOf(type, defaults) as { properties: Record<string, { default: unknown }> };
    expect(schema.properties.region!.default).toBe("eu");
    // A double cannot hold it: written as the exact decimal string, which converts back.
    expect(schema.properties.size!.default).toBe("123456789012345678901234567890");
  });
});

describe("attribute names", () => {
  it("keeps an attribute named __proto__", () => {
    const schema = jsonSchemaOf(t.object(Object.fromEntries([["__proto__", t.number]]))) as {
      properties: object;
      required: string[];
    };
    expect(Object.keys(schema.properties)).toEqual(["__proto__"]);
    expect(JSON.parse(JSON.stringify(schema)).required).toEqual(["__proto__"]);
  });
});
