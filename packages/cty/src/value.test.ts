import { describe, expect, it } from "vitest";
import { CtyError } from "./errors.js";
import { parseNumber } from "./number.js";
import { t } from "./type.js";
import { typeToJSON } from "./type-json.js";
import {
  boolVal,
  listVal,
  listValNoCopy,
  listValPieces,
  mapVal,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringVal,
  tupleVal,
  tupleValNoCopy,
  tupleValPieces,
  unknownVal,
} from "./value.js";
import { rawEquals, valueEquals } from "./value-equality.js";

describe("values", () => {
  it("share one type among short tuples of one primitive type, and only among those", () => {
    const a = tupleVal([stringVal("a"), stringVal("b")]);
    const b = tupleVal([stringVal("c"), stringVal("d")]);
    expect(a.type).toBe(b.type);
    expect(typeToJSON(a.type)).toEqual(["tuple", ["string", "string"]]);
    expect(tupleVal([stringVal("a"), stringVal("b"), stringVal("c")]).type).not.toBe(a.type);
    expect(typeToJSON(tupleVal([stringVal("a"), numberVal(1)]).type)).toEqual([
      "tuple",
      ["string", "number"],
    ]);
    expect(tupleVal([boolVal(true)]).type).not.toBe(tupleVal([stringVal("x")]).type);
    expect(typeToJSON(tupleVal([boolVal(true)]).type)).toEqual(["tuple", ["bool"]]);
    const long = Array.from({ length: 40 }, (_, i) => numberVal(i));
    expect(typeToJSON(tupleVal(long).type)).toEqual(["tuple", long.map(() => "number")]);
  });
  it("share one type among objects of one shape, and only among those", () => {
    const a = objectVal(
      new Map([
        ["owner", stringVal("x")],
        ["env", stringVal("p")],
        ["index", numberVal(1)],
      ]),
    );
    const b = objectVal({ index: numberVal(2), env: stringVal("q"), owner: stringVal("y") });
    expect(a.type).toBe(b.type);
    expect(a.entryKeys()).toEqual(["env", "index", "owner"]);
    expect(b.get("owner")?.asString()).toBe("y");
    const c = objectVal({ index: stringVal("2"), env: stringVal("q"), owner: stringVal("y") });
    expect(c.type).not.toBe(a.type);
    expect(typeToJSON(c.type)).toEqual(["object", { env: "string", index: "string", owner: "string" }]);
    expect(typeToJSON(a.type)).toEqual(["object", { env: "string", index: "number", owner: "string" }]);
  });

  it("sort, normalize and check the keys of objects and maps however they are given", () => {
    const keys = ["z", "e\u0301", "a", "B"];
    const entries = keys.map((k, i) => [k, numberVal(i)] as const);
    for (const given of [new Map(entries), entries, Object.fromEntries(entries)]) {
      expect(objectVal(given).entryKeys()).toEqual(["B", "a", "z", "\u00e9"]);
      expect(mapVal(given).entryKeys()).toEqual(["B", "a", "z", "\u00e9"]);
      expect(mapVal(given).get("\u00e9")?.asNumber().toString()).toBe("1");
    }
    expect(() =>
      objectVal([
        ["\u00e9", numberVal(0)],
        ["e\u0301", numberVal(1)],
      ]),
    ).toThrow(/duplicate object key/);
  });

  it("normalize strings to NFC", () => {
    expect(stringVal("e\u0301").asString()).toBe("é");
  });

  it("carry typed nulls and unknowns", () => {
    const n = nullVal(t.list(t.string));
    expect(n.isNull).toBe(true);
    expect(n.isKnown).toBe(true);
    const u = unknownVal(t.number);
    expect(u.isKnown).toBe(false);
    expect(() => u.asNumber()).toThrow(CtyError);
  });

  it("infer object and tuple types from their members", () => {
    const o = objectVal({ b: numberVal(1), a: stringVal("x") });
    expect(typeToJSON(o.type)).toEqual(["object", { a: "string", b: "number" }]);
    expect([...o.attributes().keys()]).toEqual(["a", "b"]);
    expect(typeToJSON(tupleVal([boolVal(true)]).type)).toEqual(["tuple", ["bool"]]);
  });

  it("refuse lists whose elements differ in type", () => {
    expect(() => listVal([stringVal("a"), numberVal(1)])).toThrow(CtyError);
    expect(() => listVal([])).toThrow(CtyError);
  });

  it("refuse duplicate map keys", () => {
    expect(() =>
      mapVal([
        ["a", numberVal(1)],
        ["a", numberVal(2)],
      ]),
    ).toThrow(CtyError);
  });

  it("look up attributes among many keys in UTF-8 order", () => {
    // Past a few keys get() searches the sorted keys; U+E000 sorts before astral characters.
    const keys = ["\u{1F600}", "\uE000", "z", ...Array.from({ length: 20 }, (_, i) => `k${i}`)];
    const m = mapVal(keys.map((k, i) => [k, numberVal(i)] as const));
    for (let i = 0; i < keys.length; i++) expect(m.get(keys[i]!)!.asNumber().toString()).toBe(String(i));
    expect(m.get("k")).toBeUndefined();
    expect(m.entryKeys().slice(-3)).toEqual(["z", "\uE000", "\u{1F600}"]);
    expect([...m.attributes().keys()]).toEqual(m.entryKeys());
  });

  it("keep the arrays given to the no-copy constructors", () => {
    const elems = [stringVal("a"), stringVal("b")];
    expect(listValNoCopy(elems).elements()).toBe(elems);
    expect(tupleValNoCopy(elems).elements()).toBe(elems);
    expect(listVal(elems).elements()).not.toBe(elems);
  });

  it("make a list of pieces that is the list of their elements in every way", () => {
    const a = [stringVal("a"), unknownVal(t.string)];
    const b: ReturnType<typeof stringVal>[] = [];
    const c = [nullVal(t.dynamic), stringVal("c")];
    const pieces = listValPieces([a, b, c]);
    const flat = listVal([...a, ...b, ...c]);
    expect(pieces.type.key).toBe(flat.type.key);
    expect(pieces.length).toBe(4);
    expect(pieces.isWhollyKnown()).toBe(false);
    expect(rawEquals(pieces, flat)).toBe(true);
    expect(pieces.index(3)!.asString()).toBe("c");
    // A dynamic null among strings takes the list's element type, as in listVal.
    expect(pieces.elements()[2]!.type).toBe(t.string);
    expect(pieces.elements()).toBe(pieces.elements());
    expect(listValPieces([[stringVal("x")]]).elements()).toHaveLength(1);
    expect(listValPieces([[], []], t.bool).length).toBe(0);
    expect(listValPieces([[nullVal(t.dynamic)], [unknownVal(t.dynamic)]]).type.key).toBe(
      listVal([nullVal(t.dynamic), unknownVal(t.dynamic)]).type.key,
    );
  });

  it("make a tuple of pieces that is the tuple of their elements in every way", () => {
    const a = [stringVal("a"), numberVal(1)];
    const b = [nullVal(t.bool)];
    const c = [unknownVal(t.string), objectVal({ x: boolVal(true) })];
    const pieces = tupleValPieces([a, [], b, c]);
    const flat = tupleVal([...a, ...b, ...c]);
    expect(pieces.type.key).toBe(flat.type.key);
    expect(pieces.length).toBe(5);
    // elementPieces hands out the pieces as they are; elements() joins them, once.
    expect(pieces.elementPieces()).toEqual([a, [], b, c]);
    expect(pieces.elementPieces()[0]).toBe(a);
    expect(rawEquals(pieces, flat)).toBe(true);
    expect(pieces.elements()).toBe(pieces.elements());
    expect(pieces.elementPieces()).toEqual([pieces.elements()]);
    expect(pieces.index(4)!.get("x")!.asBool()).toBe(true);
    // A type hint of the same element types is taken as it is; another is not.
    expect(tupleValPieces([a, b, c], flat.type as never).type).toBe(flat.type);
    expect(tupleValPieces([a, c, b], flat.type as never).type.key).not.toBe(flat.type.key);
    expect(tupleValPieces([]).type.key).toBe(tupleVal([]).type.key);
    expect(() => tupleValPieces([a, ["not a value" as never]])).toThrow(CtyError);
  });

  it("hand out the elements of any list, set or tuple as pieces, and refuse other values", () => {
    const elems = [stringVal("a"), stringVal("b")];
    const list = listValNoCopy(elems);
    expect(list.elementPieces()).toEqual([elems]);
    expect(list.elementPieces()[0]).toBe(elems);
    expect(setVal(elems).elementPieces()).toEqual([setVal(elems).elements()]);
    expect(listValPieces([elems, elems]).elementPieces()).toEqual([elems, elems]);
    for (const v of [
      objectVal({}),
      stringVal("x"),
      nullVal(t.list(t.string)),
      unknownVal(t.list(t.string)),
    ]) {
      expect(() => v.elementPieces()).toThrow(CtyError);
    }
  });

  it("refuse pieces listVal refuses, with the same error", () => {
    const message = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return (e as CtyError).message;
      }
      return "no error";
    };
    const cases: unknown[][][] = [
      [[stringVal("a")], [numberVal(1)]],
      [[stringVal("a")], [numberVal(1), "not a value"]],
      [[], []],
    ];
    for (const pieces of cases) {
      const want = message(() => listVal(pieces.flat() as never));
      expect(want).not.toBe("no error");
      expect(message(() => listValPieces(pieces as never))).toBe(want);
    }
  });

  it("accept numbers as decimal strings, bigints and safe integers only", () => {
    expect(numberVal("1.50").asNumber().toString()).toBe("1.5");
    expect(
      numberVal(10n ** 30n)
        .asNumber()
        .toString(),
    ).toBe(`1${"0".repeat(30)}`);
    expect(() => numberVal(0.5)).toThrow(CtyError);
  });
});

describe("equality", () => {
  it("treats -0 and 0 as equal but not raw-equal", () => {
    expect(valueEquals(numberVal("-0"), numberVal(0)).asBool()).toBe(true);
    expect(rawEquals(numberVal("-0"), numberVal(0))).toBe(false);
  });

  it("is unknown when an unknown is involved", () => {
    expect(valueEquals(unknownVal(t.string), stringVal("a")).isKnown).toBe(false);
  });

  it("treats nulls of any type as equal", () => {
    expect(valueEquals(nullVal(t.string), nullVal(t.number)).asBool()).toBe(true);
  });

  it("compares structures deeply", () => {
    const a = setVal([numberVal(parseNumber("0.3")), numberVal(1)]);
    const b = setVal([numberVal(1), numberVal("0.3")]);
    expect(rawEquals(a, b)).toBe(true);
  });
});
