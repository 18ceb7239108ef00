import {
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  nullVal,
  numberVal,
  objectVal,
  rawEquals,
  stringVal,
  type Type,
  t,
  tupleVal,
  typeToJSON,
  type Value,
  withoutOptionalAttributesDeep,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { defaults, show, ty, val } from "../test/cty-json.js";
import { convert } from "./convert.js";
import type { Defaults } from "./defaults.js";
import { applyDefaults } from "./defaults.js";
import { ConversionError } from "./errors.js";
import { formatPath } from "./path.js";

/** OpenTofu's pipeline: defaults unless null, then conversion. */
function pipeline(value: Value, type: Type, d: Defaults | null): Value {
  const applied = d !== null && !value.isNull ? applyDefaults(value, d) : value;
  return convert(applied, type);
}

describe("applyDefaults (hcl ≥ 2.16.2)", () => {
  const aT = ty(["object", { a: "string" }, ["a"]]);
  const aD = defaults(aT, { a: stringVal("d") });

  it("replaces an explicit null attribute with its default", () => {
    expect(show(pipeline(val(["object", { a: "dynamic" }], { a: null }), aT, aD))).toEqual([
      ["object", { a: "string" }],
      { a: "d" },
    ]);
  });

  it("leaves a top-level null alone", () => {
    const out = pipeline(nullVal(t.dynamic), aT, aD);
    expect(out.isNull).toBe(true);
    expect(typeToJSON(out.type)).toEqual(["object", { a: "string" }]);
  });

  it("does not materialize an optional object without a default", () => {
    const inner = ty(["object", { s: "string", os: "string" }, ["os"]]);
    const outer = ty(["object", { o: ["object", { s: "string", os: "string" }, ["os"]] }, ["o"]]);
    const d = defaults(outer, {}, { o: defaults(inner, { os: stringVal("osd") }) });
    expect(show(pipeline(val(["object", {}], {}), outer, d))).toEqual([
      ["object", { o: ["object", { os: "string", s: "string" }] }],
      { o: null },
    ]);
  });

  it("applies nested defaults to an inserted default value (top-down)", () => {
    const inner = ty(["object", { b: "string" }, ["b"]]);
    const outer = t.object({ o: inner }, ["o"]);
    const converted = convert(objectVal({}), inner);
    const d = defaults(outer, { o: converted }, { o: defaults(inner, { b: stringVal("bd") }) });
    expect(show(pipeline(val(["object", {}], {}), outer, d))).toEqual([
      ["object", { o: ["object", { b: "string" }] }],
      { o: { b: "bd" } },
    ]);
  });

  it("leaves optional objects without defaults inside an inserted default null", () => {
    const c = ty(["object", { c: "string" }, ["c"]]);
    const b = t.object({ b: c }, ["b"]);
    const a = t.object({ a: b }, ["a"]);
    const d = defaults(
      a,
      { a: convert(objectVal({}), b) },
      { a: defaults(b, {}, { b: defaults(c, { c: stringVal("deep") }) }) },
    );
    expect(show(pipeline(val(["object", {}], {}), a, d))[1]).toEqual({ a: { b: null } });
  });

  it("lets list elements of a list(map) become objects, then converts", () => {
    const elem = ty(["object", { a: "number" }, ["a"]]);
    const type = t.list(elem);
    const d = defaults(type, {}, { "": defaults(elem, { a: numberVal(1) }) });
    const v = val(["list", ["map", "string"]], [{}, { a: "2" }]);
    expect(show(pipeline(v, type, d))).toEqual([
      ["list", ["object", { a: "number" }]],
      [{ a: 1 }, { a: 2 }],
    ]);
  });

  it("keeps null elements null", () => {
    const elem = ty(["object", { a: "string", b: "string" }, ["b"]]);
    const type = t.list(elem);
    const d = defaults(type, {}, { "": defaults(elem, { b: stringVal("x") }) });
    const v = val(["list", ["object", { a: "string", b: "string" }]], [{ a: "q", b: null }, null]);
    expect(show(pipeline(v, type, d))[1]).toEqual([{ a: "q", b: "x" }, null]);
  });

  it("lets defaults of any-typed attributes take part in unification", () => {
    const elem = ty(["object", { a: "dynamic" }, ["a"]]);
    const type = t.list(elem);
    const d = defaults(type, {}, { "": defaults(elem, { a: numberVal(1) }) });
    const ok = val(
      [
        "tuple",
        [
          ["object", {}],
          ["object", { a: "string" }],
        ],
      ],
      [{}, { a: "s" }],
    );
    expect(show(pipeline(ok, type, d))).toEqual([
      ["list", ["object", { a: "string" }]],
      [{ a: "1" }, { a: "s" }],
    ]);
    const bad = val(
      [
        "tuple",
        [
          ["object", {}],
          ["object", { a: "bool" }],
        ],
      ],
      [{}, { a: true }],
    );
    try {
      pipeline(bad, type, d);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(ConversionError);
      expect([formatPath((e as ConversionError).path), (e as ConversionError).message]).toEqual([
        "[1]",
        "cannot find a common base type for all elements",
      ]);
    }
  });

  it("dedupes set elements that become equal", () => {
    const elem = ty(["object", { a: "string", b: "string" }, ["b"]]);
    const type = t.set(elem);
    const d = defaults(type, {}, { "": defaults(elem, { b: stringVal("bd") }) });
    const v = val(
      [
        "tuple",
        [
          ["object", { a: "string" }],
          ["object", { a: "string", b: "string" }],
        ],
      ],
      [{ a: "1" }, { a: "1", b: "bd" }],
    );
    expect(show(pipeline(v, type, d))[1]).toEqual([{ a: "1", b: "bd" }]);
  });

  it("orders a set of objects after defaults", () => {
    const elem = ty(["object", { a: "string", b: "number" }, ["b"]]);
    const type = t.set(elem);
    const d = defaults(type, {}, { "": defaults(elem, { b: numberVal(1) }) });
    const v = val(
      [
        "tuple",
        [
          ["object", { a: "string" }],
          ["object", { a: "string", b: "number" }],
        ],
      ],
      [{ a: "z" }, { a: "b", b: 2 }],
    );
    expect(show(pipeline(v, type, d))[1]).toEqual([
      { a: "b", b: 2 },
      { a: "z", b: 1 },
    ]);
  });

  it("fills map elements that are objects", () => {
    const elem = ty(["object", { a: "string", b: "string" }, ["b"]]);
    const type = t.map(elem);
    const d = defaults(type, {}, { "": defaults(elem, { b: stringVal("bd") }) });
    const v = val(
      ["object", { x: ["object", { a: "string" }], y: ["object", { a: "string", b: "dynamic" }] }],
      {
        x: { a: "1" },
        y: { a: "2", b: null },
      },
    );
    expect(show(pipeline(v, type, d))[1]).toEqual({ x: { a: "1", b: "bd" }, y: { a: "2", b: "bd" } });
  });

  it("unifies a map input with its new default, then converts it back to an object", () => {
    const type = ty(["object", { a: "number", b: "string" }, ["a"]]);
    const d = defaults(type, { a: numberVal(1) });
    const applied = applyDefaults(mapVal({ b: stringVal("y") }), d);
    expect(show(applied)).toEqual([["map", "string"], { a: "1", b: "y" }]);
    expect(show(convert(applied, type))).toEqual([
      ["object", { a: "number", b: "string" }],
      { a: 1, b: "y" },
    ]);
  });

  it("turns a map into an object when the defaults do not unify", () => {
    const type = ty(["object", { a: ["list", "string"], b: "string" }, ["a"]]);
    const d = defaults(type, { a: listValEmpty(t.string) });
    expect(typeToJSON(applyDefaults(mapVal({ b: stringVal("y") }), d).type)).toEqual([
      "object",
      { a: ["list", "string"], b: "string" },
    ]);
  });

  it("gives an any-typed default its own type", () => {
    const type = ty(["object", { a: "dynamic" }, ["a"]]);
    expect(show(pipeline(objectVal({}), type, defaults(type, { a: numberVal(3) })))).toEqual([
      ["object", { a: "number" }],
      { a: 3 },
    ]);
  });

  it("leaves an empty map of objects empty", () => {
    const elem = ty(["object", { a: "string" }, ["a"]]);
    const type = t.map(elem);
    const out = pipeline(mapValEmpty(ty(["object", { a: "number" }])), type, null);
    expect(show(out)).toEqual([["map", ["object", { a: "string" }]], {}]);
    expect(typeToJSON(withoutOptionalAttributesDeep(type))).toEqual(typeToJSON(out.type));
  });

  it("fills every element of a long tuple", () => {
    const type = t.list(aT);
    const d: Defaults = { type, defaultValues: new Map(), children: new Map([["", aD]]) };
    const given = objectVal({ a: stringVal("given") });
    const items = Array.from({ length: 20000 }, (_, i) => (i % 2 === 0 ? objectVal({}) : given));
    const out = applyDefaults(tupleVal(items), d);
    expect(out.type.kind).toBe("tuple");
    const elems = out.elements();
    expect(elems.length).toBe(20000);
    expect(elems[0]!.get("a")!.asString()).toBe("d");
    expect(elems[19998]!.get("a")!.asString()).toBe("d");
    expect(elems[19999]!.get("a")!.asString()).toBe("given");
  });

  it("ignores shapes that do not match the defaults", () => {
    const type = ty(["object", { a: "string" }, ["a"]]);
    const d = defaults(type, { a: stringVal("d") });
    const v = listVal([stringVal("x")]);
    expect(rawEquals(applyDefaults(v, d), v)).toBe(true);
    expect(applyDefaults(stringVal("x"), d).asString()).toBe("x");
  });
});
