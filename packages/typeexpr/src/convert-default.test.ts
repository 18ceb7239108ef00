import { convert } from "@tofukit/convert";
import {
  boolVal,
  consoleString,
  emptyObjectVal,
  nullVal,
  numberVal,
  rawEquals,
  stringVal,
  t,
  typeEquals,
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

  it("converts {} into an object type of optional attributes exactly as convert does", () => {
    const inner = t.object({ b: t.string, a: t.list(t.number) }, ["a", "b"]);
    for (const type of [
      t.object({ index_document: t.string, error_document: t.string }, ["index_document", "error_document"]),
      t.object({ z: inner, y: t.dynamic, x: t.map(inner) }, ["x", "y", "z"]),
      t.object({ a: t.string, b: t.bool }, ["a"]),
      t.object({}),
    ]) {
      const r = convertDefault(emptyObjectVal, type);
      let want: ReturnType<typeof convertDefault>;
      try {
        want = { ok: true, value: convert(emptyObjectVal, type) };
      } catch (e) {
        want = { ok: false, message: (e as Error).message };
      }
      expect(r.ok).toBe(want.ok);
      if (r.ok && want.ok) {
        expect(typeEquals(r.value.type, want.value.type)).toBe(true);
        expect(rawEquals(r.value, want.value)).toBe(true);
        expect(consoleString(r.value)).toBe(consoleString(want.value));
      } else {
        expect(r).toEqual(want);
      }
    }
  });
});
