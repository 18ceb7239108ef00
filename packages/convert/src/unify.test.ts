import { t, typeToJSON } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { ty } from "../test/cty-json.js";
import { unify } from "./unify.js";

const json = (x: ReturnType<typeof unify>) => (x === null ? null : typeToJSON(x));

describe("unify", () => {
  it.each([
    [["string", "number"], false, "string"],
    [["string", "bool"], false, "string"],
    [["number", "bool"], true, null],
    [["number", "dynamic"], false, "dynamic"],
    [["number", "dynamic"], true, "number"],
    [
      [
        ["list", "string"],
        ["set", "string"],
      ],
      false,
      ["list", "string"],
    ],
    [
      [
        ["list", "number"],
        ["tuple", ["string", "number"]],
      ],
      false,
      ["list", "string"],
    ],
    [
      [
        ["map", "string"],
        ["object", { a: "number" }],
      ],
      false,
      ["map", "string"],
    ],
    [
      [
        ["object", { a: "number" }],
        ["object", { b: "number" }],
      ],
      false,
      ["map", "number"],
    ],
    [
      [
        ["object", {}],
        ["object", { a: "string" }],
      ],
      false,
      ["map", "string"],
    ],
    [
      [
        ["object", { a: "number" }],
        ["object", { a: "string" }],
      ],
      false,
      ["object", { a: "string" }],
    ],
    [
      [
        ["object", { a: "number" }],
        ["object", { a: "bool" }],
      ],
      true,
      null,
    ],
    [
      [
        ["object", { a: "number" }],
        ["tuple", []],
      ],
      true,
      null,
    ],
    [
      [
        ["tuple", ["number"]],
        ["tuple", ["string"]],
      ],
      false,
      ["tuple", ["string"]],
    ],
    [
      [
        ["tuple", ["number"]],
        ["tuple", ["string", "number"]],
      ],
      false,
      ["list", "string"],
    ],
    [
      [
        ["set", "string"],
        ["tuple", ["string"]],
      ],
      false,
      ["set", "string"],
    ],
    [[["list", "string"], "dynamic"], false, "dynamic"],
    [["string", "string", "string"], false, "string"],
  ])("%j (unsafe: %s) → %j", (types, unsafe, want) => {
    expect(json(unify(types.map(ty), { unsafe }))).toEqual(want);
  });

  it("has no answer for no types", () => {
    expect(unify([])).toBeNull();
  });

  it("unifies 50,000 equal types in one pass", { timeout: 60_000 }, () => {
    const many = Array.from({ length: 50000 }, () => t.object({ a: t.string, b: t.list(t.number) }));
    expect(json(unify(many))).toEqual(["object", { a: "string", b: ["list", "number"] }]);
  });
});
