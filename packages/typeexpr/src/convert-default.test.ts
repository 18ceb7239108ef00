import { convert } from "@tofukit/convert";
import {
  boolVal,
  consoleString,
  nullVal,
  numberVal,
  stringVal,
  t,
  typeToJSON,
  unknownVal,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { convertDefault } from "./convert-default.js";

describe("convertDefault", () => {
  it("returns a primitive default of its attribute's exact type unchanged, as convert does", () => {
    for (const v of [
      stringVal("x"),
      numberVal("1.5"),
      boolVal(true),
      nullVal(t.string),
      unknownVal(t.bool),
    ]) {
      const r = convertDefault(v, v.type);
      expect(r).toEqual({ ok: true, value: v });
      expect(r.ok && r.value).toBe(v);
      expect(convert(v, v.type)).toBe(v);
    }
  });

  it("still converts between primitive types and into structural types", () => {
    const s = convertDefault(numberVal("5"), t.string);
    expect(s.ok && consoleString(s.value)).toBe('"5"');
    const n = convertDefault(stringVal("5"), t.number);
    expect(n.ok && consoleString(n.value)).toBe("5");
    const bad = convertDefault(stringVal("x"), t.number);
    expect(bad).toEqual({ ok: false, message: "a number is required" });
    const list = convertDefault(stringVal("x"), t.list(t.string));
    expect(list.ok).toBe(false);
    const opt = t.object({ a: t.string }, ["a"]);
    const o = convertDefault(nullVal(t.dynamic), opt);
    expect(o.ok && typeToJSON(o.value.type)).toEqual(["object", { a: "string" }]);
  });
});
