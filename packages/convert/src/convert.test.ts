import {
  consoleString,
  dynamicVal,
  mapValEmpty,
  nullVal,
  numberDiv,
  numberVal,
  objectVal,
  parseNumber,
  rawEquals,
  setVal,
  stringVal,
  t,
  tupleVal,
  tupleValPieces,
  typeToJSON,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { show, ty, val } from "../test/cty-json.js";
import { convert } from "./convert.js";
import { convertWithDefaults } from "./convert-with-defaults.js";
import { applyDefaults } from "./defaults.js";
import { ConversionError } from "./errors.js";
import { formatPath } from "./path.js";
import { unify } from "./unify.js";

function failure(v: Value, type: unknown): { message: string; path: string; code: string } {
  try {
    convert(v, ty(type));
  } catch (e) {
    if (e instanceof ConversionError) return { message: e.message, path: formatPath(e.path), code: e.code };
    throw e;
  }
  throw new Error("converted");
}

describe("primitive conversions", () => {
  it.each([
    ["number", "string", "1e3", "1000"],
    ["number", "string", "Inf", "+Inf"],
    ["number", "string", "1p3", "8"],
    ["bool", "string", "1", "true"],
    ["string", "number", 1.5, "1.5"],
    ["string", "bool", true, "true"],
  ])("converts to %s from %s %j", (target, from, json, want) => {
    const out = convert(val(from, json), ty(target));
    expect(consoleString(out).replace(/^"|"$/g, "")).toBe(want);
  });

  it("prints 1/3 with 155 significant digits, as a 512-bit float", () => {
    const third = numberVal(numberDiv(parseNumber("1"), parseNumber("3")));
    expect(convert(third, t.string).asString()).toBe(`0.${"3".repeat(154)}5`);
  });

  it("keeps -0 and trims trailing zeros", () => {
    expect(convert(numberVal("-0"), t.string).asString()).toBe("-0");
    expect(convert(numberVal("1.50"), t.string).asString()).toBe("1.5");
  });

  it.each([" 1", "0x10", "1_000", "", "1e"])("refuses %j as a number", (s) => {
    expect(failure(stringVal(s), "number")).toEqual({
      message: "a number is required",
      path: "",
      code: "TOFUKIT_CONVERT_NUMBER_REQUIRED",
    });
  });

  it.each([
    ["True", 'a bool is required; to convert from string, use lowercase "true"'],
    ["FALSE", 'a bool is required; to convert from string, use lowercase "false"'],
    [" true", "a bool is required"],
  ])("refuses %j as a bool", (s, message) => {
    expect(failure(stringVal(s), "bool").message).toBe(message);
  });

  it("never converts between number and bool", () => {
    expect(failure(numberVal(1), "bool")).toEqual({
      message: "bool required, but have number",
      path: "",
      code: "TOFUKIT_CONVERT_MISMATCH",
    });
  });
});

describe("static mismatches (cty's MismatchMessage)", () => {
  it.each([
    [["tuple", ["number"]], [1], "string", "string required, but have tuple"],
    ["string", "abc", ["list", "dynamic"], "list of dynamic required, but have string"],
    [
      ["tuple", ["number", "bool"]],
      [1, true],
      ["list", "dynamic"],
      "all list elements must have the same type",
    ],
    [
      ["tuple", ["number", "bool"]],
      [1, true],
      ["set", "dynamic"],
      "all set elements must have the same type",
    ],
    [
      ["object", { a: "number", b: ["tuple", ["number"]] }],
      { a: 1, b: [1] },
      ["map", "dynamic"],
      "all map elements must have the same type",
    ],
    [["tuple", ["string"]], ["a"], ["tuple", ["string", "number"]], "tuple required"],
    [
      ["object", {}],
      {},
      ["object", { a: "string", b: "number", c: "bool" }],
      'attributes "a", "b", and "c" are required',
    ],
    [["object", {}], {}, ["object", { a: "string", b: "number" }], 'attributes "a" and "b" are required'],
    [
      ["object", { a: "bool", b: ["tuple", ["number"]] }],
      { a: true, b: [1] },
      ["object", { a: "number", b: "bool" }],
      'attribute "a": number required, but have bool',
    ],
    [["map", "string"], { a: "x" }, ["object", { a: ["list", "string"] }], "object required"],
    [
      ["tuple", [["object", { a: "string" }], "string"]],
      [{ a: "x" }, "b"],
      ["list", ["object", { a: "string" }]],
      "element 1: object required, but have string",
    ],
    ["number", 1, ["map", "dynamic"], "map of dynamic required, but have number"],
    [["tuple", []], [], ["object", {}], "object required, but have tuple"],
    ["bool", true, ["set", "number"], "set of number required, but have bool"],
    [["list", "string"], ["a"], ["map", "string"], "map of string required"],
    [
      ["list", "bool"],
      [true],
      ["list", ["list", "string"]],
      "incorrect list element type: list of string required, but have bool",
    ],
  ])("%j %j → %j: %s", (inType, json, target, message) => {
    expect(failure(val(inType, json), target)).toEqual({
      message,
      path: "",
      code: "TOFUKIT_CONVERT_MISMATCH",
    });
  });
});

describe("dynamic errors carry the path", () => {
  it("names the attribute", () => {
    expect(failure(val(["object", { a: "string" }], { a: "x" }), ["object", { a: "number" }])).toMatchObject({
      message: "a number is required",
      path: ".a",
    });
  });

  it("names map keys and list indexes", () => {
    const v = val(["object", { k: ["object", { a: ["tuple", ["number", "string"]] }] }], {
      k: { a: [1, "q"] },
    });
    expect(failure(v, ["map", ["object", { a: ["list", "number"] }]])).toMatchObject({
      message: "a number is required",
      path: '["k"].a[1]',
    });
  });

  it("reports a failed re-unification at the last element (cty's quirk)", () => {
    const v = val(
      [
        "tuple",
        [
          ["tuple", ["number"]],
          ["tuple", ["bool"]],
          ["tuple", ["number"]],
        ],
      ],
      [[1], [true], [2]],
    );
    expect(failure(v, ["list", ["list", "dynamic"]])).toEqual({
      message: "cannot find a common base type for all elements",
      path: "[2]",
      code: "TOFUKIT_CONVERT_NO_COMMON_TYPE",
    });
  });

  it("refuses lists whose converted elements differ", () => {
    const v = val(
      [
        "tuple",
        [
          ["object", { a: ["tuple", ["number"]] }],
          ["object", { a: "dynamic" }],
        ],
      ],
      [{ a: [1] }, { a: null }],
    );
    expect(failure(v, ["list", "dynamic"]).message).toBe(
      "element types must all match for conversion to list",
    );
  });

  it("names a missing map key for a required attribute", () => {
    expect(
      failure(val(["map", "string"], { a: "x" }), ["object", { a: "string", b: "string" }]),
    ).toMatchObject({
      message: 'map has no element for required attribute "b"',
      code: "TOFUKIT_CONVERT_MISSING_ATTRIBUTE",
    });
  });

  it("refuses a map element an optional attribute cannot take", () => {
    const v = val(["map", "string"], { a: "x", b: "y" });
    expect(failure(v, ["object", { a: ["list", "string"], b: "string" }, ["a"]]).message).toBe(
      'map element type is incompatible with attribute "a": list of string required, but have string',
    );
  });
});

describe("collections", () => {
  it("turns a tuple into a list of the unified element type", () => {
    expect(show(convert(val(["tuple", ["number", "string"]], [1, "a"]), ty(["list", "dynamic"])))).toEqual([
      ["list", "string"],
      ["1", "a"],
    ]);
  });

  it("unifies objects of different shapes into maps", () => {
    const v = val(
      [
        "tuple",
        [
          ["object", { a: "number" }],
          ["object", { b: "number" }],
        ],
      ],
      [{ a: 1 }, { b: 1 }],
    );
    expect(show(convert(v, ty(["list", "dynamic"])))).toEqual([
      ["list", ["map", "number"]],
      [{ a: 1 }, { b: 1 }],
    ]);
  });

  it("unifies objects of one shape attribute by attribute", () => {
    const v = val(
      [
        "tuple",
        [
          ["object", { a: "number", b: "string" }],
          ["object", { a: "string", b: "number" }],
        ],
      ],
      [
        { a: 1, b: "x" },
        { a: "y", b: 2 },
      ],
    );
    expect(show(convert(v, ty(["list", "dynamic"])))).toEqual([
      ["list", ["object", { a: "string", b: "string" }]],
      [
        { a: "1", b: "x" },
        { a: "y", b: "2" },
      ],
    ]);
  });

  it("orders a set turned into a list by UTF-8 bytes", () => {
    const v = val(["set", "string"], ["b", "B", "a", "é", "10", "9"]);
    expect(show(convert(v, t.list(t.string)))[1]).toEqual(["10", "9", "B", "a", "b", "é"]);
  });

  it("orders sets of lists by cty's hash serialization", () => {
    const v = val(["set", ["list", "number"]], [[2e10], [1e9]]);
    expect(show(convert(v, ty(["list", "dynamic"])))).toEqual([
      ["list", ["list", "number"]],
      [[1000000000], [20000000000]],
    ]);
  });

  it("dedupes and sorts a set built from a tuple", () => {
    const v = val(["tuple", ["number", "number", "string", "number"]], [3, 1, "1", 2]);
    expect(show(convert(v, t.set(t.number)))[1]).toEqual([1, 2, 3]);
  });

  it("makes a set with unknowns an unknown list, unless it has a single element", () => {
    const two = setVal([unknownVal(t.string), stringVal("a")]);
    const out = convert(two, t.list(t.string));
    expect(out.isKnown).toBe(false);
    expect(typeToJSON(out.type)).toEqual(["list", "string"]);
    const one = convert(setVal([unknownVal(t.string)]), t.list(t.string));
    expect(one.isKnown).toBe(true);
    expect(one.elements()[0]!.isKnown).toBe(false);
  });

  it("keeps cty's quirk: a set with unknowns becomes an unknown list of the set's element type", () => {
    const out = convert(setVal([unknownVal(t.string), stringVal("a")]), t.list(t.bool));
    expect(out.isKnown).toBe(false);
    expect(typeToJSON(out.type)).toEqual(["list", "string"]);
  });

  it("fills nulls with the unified type", () => {
    expect(
      show(
        convert(val(["object", { a: "dynamic", b: "number" }], { a: null, b: 1 }), ty(["map", "dynamic"])),
      ),
    ).toEqual([["map", "number"], { a: null, b: 1 }]);
    expect(
      show(convert(val(["tuple", ["dynamic", "dynamic"]], [null, null]), ty(["list", "dynamic"]))),
    ).toEqual([
      ["list", "dynamic"],
      [null, null],
    ]);
  });

  it("unifies an unknown of any type with concrete primitives", () => {
    const out = convert(tupleVal([dynamicVal, numberVal(1)]), t.list(t.dynamic));
    expect(typeToJSON(out.type)).toEqual(["list", "number"]);
    expect(out.elements()[0]!.isKnown).toBe(false);
  });

  it("cannot put an unknown of any type beside a structural element in a list", () => {
    expect(failure(tupleVal([tupleVal([numberVal(1)]), dynamicVal]), ["list", "dynamic"]).message).toBe(
      "all list elements must have the same type",
    );
  });

  it("can in a map: the unknown takes the other element's type", () => {
    const out = convert(objectVal({ a: tupleVal([numberVal(1)]), b: dynamicVal }), t.map(t.dynamic));
    expect(typeToJSON(out.type)).toEqual(["map", ["tuple", ["number"]]]);
    expect(out.get("b")!.isKnown).toBe(false);
  });

  it("collapses 0.1 + 0.2 and 0.3 in a set", () => {
    const sum = numberVal(parseNumber("0.1").add(parseNumber("0.2")));
    expect(show(convert(tupleVal([sum, numberVal("0.3")]), t.set(t.number)))[1]).toEqual([0.3]);
  });
});

describe("objects", () => {
  it("drops attributes the target lacks and nulls missing optional ones", () => {
    const v = val(
      [
        "tuple",
        [
          ["object", { x: "string" }],
          ["object", { y: "string" }],
        ],
      ],
      [{ x: "a" }, { y: "b" }],
    );
    expect(show(convert(v, ty(["list", ["object", { x: "string" }, ["x"]]])))).toEqual([
      ["list", ["object", { x: "string" }]],
      [{ x: "a" }, { x: null }],
    ]);
  });

  it("turns a map into an object", () => {
    const v = val(["map", "string"], { a: "1", b: "x", extra: "z" });
    expect(show(convert(v, ty(["object", { a: "number", b: "string" }])))).toEqual([
      ["object", { a: "number", b: "string" }],
      { a: 1, b: "x" },
    ]);
  });

  it("keeps a top-level value of the target type as it is", () => {
    const v = val(["object", { a: "string" }], { a: "x" });
    expect(convert(v, ty(["object", { a: "string" }]))).toBe(v);
  });
});

describe("null and unknown values", () => {
  it("passes values through a target of any", () => {
    const v = nullVal(t.string);
    expect(convert(v, t.dynamic)).toBe(v);
  });

  it("types nulls with the target, optional markers dropped", () => {
    const out = convert(nullVal(t.dynamic), ty(["object", { a: "string" }, ["a"]]));
    expect(out.isNull).toBe(true);
    expect(typeToJSON(out.type)).toEqual(["object", { a: "string" }]);
  });

  it("fills any in the target from the unknown's own type", () => {
    const out = convert(unknownVal(ty(["object", { a: "string", b: "string" }])), t.map(t.dynamic));
    expect(out.isKnown).toBe(false);
    expect(typeToJSON(out.type)).toEqual(["map", "string"]);
  });

  it("gives an unknown map converted to an object the full target type", () => {
    const v = objectVal({ t: unknownVal(t.map(t.string)) });
    const out = convert(v, ty(["object", { t: ["object", { s: "string", l: ["list", "string"] }, ["l"]] }]));
    expect(typeToJSON(out.get("t")!.type)).toEqual(["object", { l: ["list", "string"], s: "string" }]);
  });
});

describe("long lists", () => {
  // More elements than a ChunkedArray piece holds, so results are joined from several pieces.
  const type = ty(["list", ["object", { a: "string", b: "string" }, ["b"]]]);

  it("converts the changed elements of a long tuple and keeps the others", () => {
    const full = objectVal({ a: stringVal("x"), b: stringVal("y") });
    const items = Array.from({ length: 20000 }, (_, i) =>
      i % 3 === 0 ? objectVal({ a: numberVal(i) }) : full,
    );
    const out = convert(tupleVal(items), type);
    expect(out.type.kind).toBe("list");
    const elems = out.elements();
    expect(elems.length).toBe(20000);
    expect(elems[0]!.get("a")!.asString()).toBe("0");
    expect(elems[1]).toBe(full);
    expect(elems[19998]!.get("a")!.asString()).toBe("19998");
    expect(elems[19998]!.get("b")!.isNull).toBe(true);
    expect(elems[19999]).toBe(full);
  }, 60_000);

  it("converts a long tuple in pieces as it converts the same tuple in one array", () => {
    // Pieces of uneven lengths; some elements change, the others are kept.
    const full = objectVal({ a: stringVal("x"), b: stringVal("y") });
    const items = Array.from({ length: 21000 }, (_, i) =>
      i % 7 === 0 ? objectVal({ a: numberVal(i) }) : full,
    );
    const pieced = tupleValPieces([items.slice(0, 5000), items.slice(5000, 17000), items.slice(17000)]);
    const out = convert(pieced, type);
    expect(rawEquals(out, convert(tupleVal(items), type))).toBe(true);
    expect(out.elements()[7]!.get("a")!.asString()).toBe("7");
    expect(out.elements()[20999]).toBe(full);
    // Unchanged pieces are shared as they are.
    const same = convert(
      tupleValPieces([items.slice(1, 7), items.slice(8, 20000)].map((p) => p.fill(full))),
      type,
    );
    expect(same.elementPieces().length).toBe(2);
    // Elements that still differ in type after their conversions are unified over the whole list.
    const mixed = Array.from({ length: 17000 }, (_, i) => (i % 2 === 0 ? numberVal(i) : stringVal(`s${i}`)));
    const anyList = ty(["list", "dynamic"]);
    const unified = convert(tupleValPieces([mixed.slice(0, 9000), mixed.slice(9000)]), anyList);
    expect(rawEquals(unified, convert(tupleVal(mixed), anyList))).toBe(true);
    expect(unified.type.key).toBe(t.list(t.string).key);
  }, 60_000);

  it("reports a failing element of a long tuple at its path", () => {
    const items = Array.from({ length: 17000 }, () => objectVal({ a: stringVal("1") }));
    items[16999] = objectVal({ a: stringVal("one") });
    expect(failure(tupleVal(items), ["list", ["object", { a: "number" }]])).toEqual({
      message: "a number is required",
      path: "[16999].a",
      code: "TOFUKIT_CONVERT_NUMBER_REQUIRED",
    });
  }, 60_000);
});

describe("deep nesting", () => {
  function nested(levels: number): { value: Value; type: ReturnType<typeof ty> } {
    let value: Value = numberVal(1);
    let type = ty("string") as ReturnType<typeof ty>;
    for (let i = 0; i < levels; i++) {
      value = tupleVal([value]);
      type = t.list(type);
    }
    return { value, type };
  }

  it("converts 1,000 levels", () => {
    const { value, type } = nested(1000);
    let out = convert(value, type);
    for (let i = 0; i < 1000; i++) out = out.elements()[0]!;
    expect(out.asString()).toBe("1");
  });

  it("refuses much deeper input with a typed error instead of overflowing the stack", () => {
    expect(() => nested(100000)).toThrow(/deeper than/);
  });
});

describe("optional attributes missing from a map", () => {
  it("are nulls of their type without optional markers, so converting again changes nothing", () => {
    const type = t.object({ x: t.object({ y: t.string }, ["y"]) }, ["x"]);
    const once = convert(mapValEmpty(t.string), type);
    const x = once.get("x");
    expect(x?.isNull).toBe(true);
    expect(x?.type.hasOptional).toBe(false);
    expect(typeToJSON(once.type)).toEqual(["object", { x: ["object", { y: "string" }] }]);
    const twice = convert(once, type);
    expect(rawEquals(twice, once)).toBe(true);
  });
});

describe("strings to numbers, at the limits", () => {
  // A decimal expansion of the exponent, or digit-by-digit arithmetic, would run past the timeout.
  it("converts binary exponents and long digit strings in bounded time", { timeout: 60_000 }, () => {
    for (let i = 0; i < 50; i++) convert(stringVal("5p-100000"), t.number);
    const long = `0.${"3".repeat(9_999)}`;
    for (let i = 0; i < 50; i++) convert(stringVal(long), t.number);
  });

  it("refuses a string of more than 10,000 significant digits as not a number", () => {
    expect(failure(stringVal("7".repeat(10_001)), "number")).toMatchObject({
      code: "TOFUKIT_CONVERT_NUMBER_REQUIRED",
      message: "a number is required",
    });
  });
});

describe("values and types of another copy of @tofukit/cty", () => {
  const foreign = Object.create({
    [Symbol.for("tofukit.cty.copy")]: { version: "9.9.9", url: "file:///elsewhere/cty/dist/copy.js" },
  });

  it("are refused with CtyError TOFUKIT_CTY_OTHER_COPY naming the other copy", () => {
    for (const call of [
      () => convert(foreign, t.string),
      () => convert(stringVal("a"), foreign),
      () => convertWithDefaults(foreign, t.string),
      () => applyDefaults(foreign, { type: t.string, defaultValues: new Map(), children: new Map() }),
      () => unify([t.string, foreign]),
    ]) {
      expect(call).toThrowError(
        /another copy of @tofukit\/cty \(9\.9\.9 from file:\/\/\/elsewhere\/cty\/dist\/copy\.js\)/,
      );
    }
  });
});
