import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CtyError } from "./errors.js";
import { type Type, t } from "./type.js";
import { typeFromJSON, typeToJSON } from "./type-json.js";
import {
  boolVal,
  listVal,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringVal,
  tupleVal,
  type Value,
} from "./value.js";
import { rawEquals } from "./value-equality.js";
import { valueFromJSON, valueToJSON } from "./value-json.js";

describe("cty JSON values", () => {
  it("keeps every digit of a number", () => {
    const v = valueFromJSON("123456789012345678901234567890.5", t.number);
    expect(valueToJSON(v)).toBe("123456789012345678901234567890.5");
  });

  it("prints numbers like Text('f', -1)", () => {
    expect(valueToJSON(valueFromJSON("1e3", t.number))).toBe("1000");
    expect(valueToJSON(valueFromJSON("-0", t.number))).toBe("-0");
  });

  it("reads strings, numbers and bools into a string", () => {
    expect(valueFromJSON("1e3", t.string).asString()).toBe("1e3");
    expect(valueFromJSON("true", t.string).asString()).toBe("true");
  });

  it("reads numbers given as strings", () => {
    expect(valueFromJSON('"1.5"', t.number).asNumber().toString()).toBe("1.5");
  });

  it("fills missing object attributes with typed nulls and refuses unknown ones", () => {
    const ty = t.object({ a: t.string, b: t.list(t.number) });
    const v = valueFromJSON('{"a":"x"}', ty);
    expect(v.get("b")!.isNull).toBe(true);
    expect(() => valueFromJSON('{"c":1}', ty)).toThrow(CtyError);
  });

  it("wraps dynamic values with their type", () => {
    const v = valueFromJSON('{"value":["a"],"type":["list","string"]}', t.dynamic);
    expect(typeToJSON(v.type)).toEqual(["list", "string"]);
    expect(valueToJSON(v, t.dynamic)).toBe('{"value":["a"],"type":["list","string"]}');
  });

  it("decodes sets into canonical order", () => {
    expect(valueToJSON(valueFromJSON('["b","a","b"]', t.set(t.string)))).toBe('["a","b"]');
  });

  it("refuses tuples of the wrong length", () => {
    expect(() => valueFromJSON("[1]", t.tuple([t.number, t.number]))).toThrow(CtyError);
  });

  it("reports broken JSON text with Go's encoding/json message", () => {
    expect(() => valueFromJSON('{"a" 1}', t.dynamic)).toThrow(
      "invalid JSON: invalid character '1' after object key",
    );
    expect(() => valueFromJSON("[1,", t.list(t.number))).toThrow(
      "invalid JSON: unexpected end of JSON input",
    );
  });

  it("refuses JSON nested too deeply with a typed error", () => {
    const deep = `${"[".repeat(100000)}${"]".repeat(100000)}`;
    expect(() => valueFromJSON(deep, t.dynamic)).toThrow(CtyError);
  });

  it("round-trips random values", () => {
    fc.assert(
      fc.property(arbitraryValue(3), (v) => {
        const back = valueFromJSON(valueToJSON(v), v.type);
        expect(rawEquals(back, v)).toBe(true);
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

const decimal = fc
  .tuple(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.integer({ min: -30, max: 30 }))
  .map(([m, e]) => `${m}e${e}`);

const primitive: fc.Arbitrary<Value> = fc.oneof(
  fc.string().map(stringVal),
  decimal.map((d) => numberVal(d)),
  fc.boolean().map(boolVal),
);

function arbitraryValue(depth: number): fc.Arbitrary<Value> {
  if (depth === 0) return primitive;
  const inner = arbitraryValue(depth - 1);
  return fc.oneof(
    { weight: 3, arbitrary: primitive },
    fc.array(inner, { maxLength: 4 }).map((vs) => tupleVal(vs)),
    fc.dictionary(fc.string({ maxLength: 4 }), inner, { maxKeys: 4 }).map((d) => objectVal(d)),
    fc.array(primitive, { maxLength: 4 }).map((vs) => homogeneous(vs, "list")),
    fc.array(primitive, { maxLength: 4 }).map((vs) => homogeneous(vs, "set")),
    fc.dictionary(fc.string({ maxLength: 4 }), primitive, { maxKeys: 4 }).map((d) => homogeneousMap(d)),
    fc.constantFrom<Type>(t.string, t.list(t.number), t.object({ a: t.bool })).map((ty) => nullVal(ty)),
  );
}

function homogeneous(vs: Value[], kind: "list" | "set"): Value {
  const same = vs.filter((v) => v.type.key === vs[0]?.type.key);
  const ety = same[0]?.type ?? typeFromJSON("string");
  return kind === "list" ? listVal(same, ety) : setVal(same, ety);
}

function homogeneousMap(d: Record<string, Value>): Value {
  const entries = Object.entries(d);
  const first = entries[0]?.[1].type ?? t.string;
  return mapVal(
    entries.filter(([, v]) => v.type.key === first.key),
    first,
  );
}

describe("valueToJSON converts to the requested type first, as ctyjson.Marshal", () => {
  it("converts primitives", () => {
    expect(valueToJSON(stringVal("15"), t.number)).toBe("15");
    expect(valueToJSON(boolVal(true), t.string)).toBe('"true"');
    expect(valueToJSON(numberVal("1.50"), t.string)).toBe('"1.5"');
    expect(valueToJSON(stringVal("1"), t.bool)).toBe("true");
  });

  it("converts inside collections and structures", () => {
    expect(valueToJSON(tupleVal([numberVal(1), stringVal("2")]), t.list(t.string))).toBe('["1","2"]');
    expect(valueToJSON(objectVal({ a: numberVal(1) }), t.map(t.string))).toBe('{"a":"1"}');
    expect(valueToJSON(objectVal({ a: stringVal("7"), b: boolVal(true) }), t.object({ a: t.number }))).toBe(
      '{"a":7}',
    );
  });

  it("refuses what does not convert, with a typed error", () => {
    expect(() => valueToJSON(stringVal("x"), t.number)).toThrow(CtyError);
    expect(() => valueToJSON(stringVal("x"), t.number)).toThrow("a number is required");
    expect(() => valueToJSON(boolVal(true), t.number)).toThrow(/number required, but have bool/);
    expect(() => valueToJSON(tupleVal([stringVal("x")]), t.list(t.number))).toThrow(
      "[0]: a number is required",
    );
  });
});

describe("valueToJSON: strings as Go's encoding/json writes them", () => {
  it("escapes HTML characters and line separators in values and keys, as ctyjson.Marshal", () => {
    expect(valueToJSON(stringVal("<a href='x'>&</a>\u2028"))).toBe(
      "\"\\u003ca href='x'\\u003e\\u0026\\u003c/a\\u003e\\u2028\"",
    );
    expect(valueToJSON(objectVal([["<k>", numberVal(1)]]))).toBe('{"\\u003ck\\u003e":1}');
    expect(
      valueToJSON(
        mapVal([
          ["a&b", stringVal("x")],
          ["c", stringVal("y")],
        ]),
      ),
    ).toBe('{"a\\u0026b":"x","c":"y"}');
  });

  it("writes an unpaired surrogate as the replacement character, as Go writes invalid UTF-8", () => {
    expect(valueToJSON(stringVal("a\ud800b"))).toBe('"a\\ufffdb"');
    expect(valueToJSON(stringVal("😀"))).toBe('"😀"');
  });
});
