import { describe, expect, it } from "vitest";
import { CtyError } from "./errors.js";
import { friendlyName } from "./friendly-name.js";
import { type Type, t, typeEquals, withoutOptionalAttributesDeep } from "./type.js";
import { typeFromJSON, typeToJSON } from "./type-json.js";

describe("types", () => {
  it("are equal when structurally equal, optional markers included", () => {
    expect(typeEquals(t.list(t.string), t.list(t.string))).toBe(true);
    expect(typeEquals(t.list(t.string), t.set(t.string))).toBe(false);
    expect(typeEquals(t.object({ a: t.string }, ["a"]), t.object({ a: t.string }))).toBe(false);
    expect(typeEquals(t.object({ b: t.number, a: t.string }), t.object({ a: t.string, b: t.number }))).toBe(
      true,
    );
  });

  it("iterate object attributes in UTF-8 byte order", () => {
    const o = t.object({ b: t.string, "\u{1F600}": t.string, "\uFFFD": t.string, A: t.string });
    expect(o.attributeNames).toEqual(["A", "b", "\uFFFD", "\u{1F600}"]);
  });

  it("keep names, types and declared order aligned, however many attributes", () => {
    for (const count of [3, 12, 13, 40]) {
      const declared = Array.from({ length: count }, (_, i) => `a${String(count - i).padStart(2, "0")}`);
      const types = [t.string, t.number, t.bool, t.list(t.string)];
      const o = t.object(
        new Map(declared.map((name, i) => [name, types[i % types.length]!])),
        declared.filter((_, i) => i % 2 === 0),
      );
      expect(o.attributeNames).toEqual([...declared].sort());
      expect(o.declaredNames).toEqual(declared);
      for (let i = 0; i < count; i++) {
        const name = o.attributeNames[i]!;
        expect(o.attributeTypes[i]).toBe(o.attributes.get(name));
        expect(o.attributes.get(name)).toBe(types[declared.indexOf(name) % types.length]);
        expect(o.optional.has(name)).toBe(declared.indexOf(name) % 2 === 0);
      }
      expect([...o.attributes.keys()]).toEqual(o.attributeNames);
      expect(() => t.object([...o.attributes, [declared[0]!, t.string] as const])).toThrow(CtyError);
    }
  });

  it("share collection and stripped types per type object", () => {
    const o = t.object({ b: t.string, a: t.object({ c: t.number }, ["c"]) }, ["a"]);
    expect(t.list(o)).toBe(t.list(o));
    expect(t.map(o)).toBe(t.map(o));
    expect(t.set(o)).toBe(t.set(o));
    const plain = withoutOptionalAttributesDeep(o);
    expect(withoutOptionalAttributesDeep(o)).toBe(plain);
    expect(withoutOptionalAttributesDeep(plain)).toBe(plain);
    expect(plain.kind === "object" && plain.declaredNames).toEqual(["b", "a"]);
    expect(typeToJSON(plain)).toEqual(["object", { a: ["object", { c: "number" }], b: "string" }]);
  });

  it("refuses optional names that are not attributes", () => {
    expect(() => t.object({ a: t.string }, ["b"])).toThrow(CtyError);
  });

  it("drop optional markers deeply", () => {
    const ty = t.list(t.object({ a: t.object({ b: t.string }, ["b"]) }, ["a"]));
    expect(typeToJSON(withoutOptionalAttributesDeep(ty))).toEqual([
      "list",
      ["object", { a: ["object", { b: "string" }] }],
    ]);
  });

  it("refuse nesting deeper than the limit with a typed error", () => {
    let ty: Type = t.string;
    expect(() => {
      for (let i = 0; i < 5000; i++) ty = t.list(ty);
    }).toThrow(CtyError);
  });
});

describe("friendlyName", () => {
  it.each([
    [t.string, "string", "string"],
    [t.dynamic, "dynamic", "any type"],
    [t.list(t.number), "list of number", "list of number"],
    [t.list(t.dynamic), "list of dynamic", "list of any single type"],
    [t.list(t.list(t.dynamic)), "list of list of dynamic", "list of list of any single type"],
    [t.map(t.object({})), "map of object", "map of object"],
    [t.tuple([t.string]), "tuple", "tuple"],
  ])("names %o", (ty, plain, constraint) => {
    expect(friendlyName(ty)).toBe(plain);
    expect(friendlyName(ty, { constraint: true })).toBe(constraint);
  });
});

describe("cty JSON type encoding", () => {
  it.each([
    ["string", t.string],
    ["dynamic", t.dynamic],
    [["list", "number"], t.list(t.number)],
    [["tuple", []], t.tuple([])],
    [
      ["object", { a: "string", b: "number" }, ["a", "b"]],
      t.object({ b: t.number, a: t.string }, ["b", "a"]),
    ],
    [
      ["object", { a: ["list", "number"], b: ["set", ["object", { c: "string" }, ["c"]]] }, ["b"]],
      t.object({ a: t.list(t.number), b: t.set(t.object({ c: t.string }, ["c"])) }, ["b"]),
    ],
  ])("round-trips %j", (json, ty) => {
    expect(typeToJSON(ty)).toEqual(json);
    expect(typeEquals(typeFromJSON(json), ty)).toBe(true);
    expect(typeEquals(typeFromJSON(JSON.stringify(json)), ty)).toBe(true);
  });

  it.each([
    ["strin"],
    [["list"]],
    [["list", "string", "x"]],
    [["foo", "string"]],
    [["object", {}, ["a"]]],
    [42],
  ])("refuses %j", (json) => {
    expect(() => typeFromJSON(json)).toThrow(CtyError);
  });
});
