import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { numberAdd, parseNumber } from "./number.js";
import { t } from "./type.js";
import {
  boolVal,
  listVal,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringVal,
  unknownVal,
  type Value,
} from "./value.js";
import { rawEquals } from "./value-equality.js";

const strings = (v: Value) => v.elements().map((e) => (e.isKnown && !e.isNull ? e.asString() : String(e)));
const nums = (v: Value) => v.elements().map((e) => e.asNumber().toString());

describe("set order", () => {
  it("orders strings by UTF-8 bytes", () => {
    const s = setVal(["b", "B", "a", "é", "10", "9", "", "_", "aa"].map(stringVal));
    expect(strings(s)).toEqual(["", "10", "9", "B", "_", "a", "aa", "b", "é"]);
  });

  it("orders numbers numerically and drops duplicates by cty equality", () => {
    const s = setVal([numberVal(3), numberVal(1), numberVal("1.0"), numberVal(2)]);
    expect(nums(s)).toEqual(["1", "2", "3"]);
    const sum = numberAdd(parseNumber("0.1"), parseNumber("0.2"));
    expect(nums(setVal([numberVal(sum), numberVal("0.3")]))).toEqual(["0.3"]);
  });

  it("puts false before true", () => {
    expect(
      setVal([boolVal(true), boolVal(false)])
        .elements()
        .map((e) => e.asBool()),
    ).toEqual([false, true]);
  });

  it("puts known before unknown before null", () => {
    const s = setVal([nullVal(t.string), unknownVal(t.string), stringVal("z")]);
    expect(s.elements().map((e) => (e.isNull ? "null" : e.isKnown ? e.asString() : "?"))).toEqual([
      "z",
      "?",
      "null",
    ]);
  });

  it("keeps a null apart from the string that looks like its key", () => {
    expect(setVal([nullVal(t.string), stringVal("~"), stringVal("s~")]).elements()).toHaveLength(3);
  });

  it("keeps every unknown (they are never duplicates)", () => {
    expect(setVal([unknownVal(t.string), unknownVal(t.string)]).elements()).toHaveLength(2);
  });

  it("orders lists by cty's hash serialization: [10] < [1] < [2]", () => {
    const s = setVal([listVal([numberVal(2)]), listVal([numberVal(1)]), listVal([numberVal(10)])]);
    expect(s.elements().map((e) => nums(e)[0])).toEqual(["10", "1", "2"]);
  });

  it("orders [1.5e10] < [1e9] < [2e10]", () => {
    const s = setVal(["2e10", "1e9", "1.5e10"].map((n) => listVal([numberVal(n)])));
    expect(s.elements().map((e) => nums(e)[0])).toEqual(["15000000000", "1000000000", "20000000000"]);
  });

  it('orders ["a","c"] < ["b"] < []', () => {
    const s = setVal([listValOf([]), listValOf(["b"]), listValOf(["a", "c"])]);
    expect(s.elements().map((e) => strings(e).join(","))).toEqual(["a,c", "b", ""]);
  });

  it("orders objects by attribute values in name order", () => {
    const s = setVal([
      objectVal({ a: stringVal("y"), b: stringVal("x") }),
      objectVal({ a: stringVal("x"), b: stringVal("z") }),
    ]);
    expect(s.elements().map((e) => e.get("a")!.asString())).toEqual(["x", "y"]);
  });

  it("orders maps by quoted key and value", () => {
    const s = setVal([mapVal({ b: numberVal(1) }), mapVal({ a: numberVal(2) })]);
    expect(s.elements().map((e) => [...e.attributes().keys()][0])).toEqual(["a", "b"]);
  });

  it("does not depend on input order", () => {
    const elem = fc.oneof(
      fc.string().map(stringVal),
      fc.integer({ min: -50, max: 50 }).map((n) => listVal([numberVal(n)])),
    );
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -100, max: 100 }), { maxLength: 20 }), (ints) => {
        const vals = ints.map((n) => numberVal(n));
        if (vals.length === 0) return;
        const a = setVal(vals);
        const b = setVal([...vals].reverse());
        expect(rawEquals(a, b)).toBe(true);
      }),
      { numRuns: 100 },
    );
    fc.assert(
      fc.property(fc.array(elem, { minLength: 1, maxLength: 12 }), (vals) => {
        const same = vals.filter((v) => v.type.key === vals[0]!.type.key);
        const a = setVal(same);
        const b = setVal([...same].reverse());
        expect(rawEquals(a, b)).toBe(true);
      }),
      { numRuns: 100 },
    );
  }, 60_000);
});

function listValOf(items: string[]): Value {
  return listVal(items.map(stringVal), t.string);
}
