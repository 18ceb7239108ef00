import { t } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { typeString } from "./index.js";

describe("typeString", () => {
  it("prints every kind of type without spaces, attributes sorted", () => {
    const type = t.map(
      t.object({ b: t.tuple([t.string, t.dynamic]), a: t.set(t.list(t.bool)), c: t.number }),
    );
    expect(typeString(type)).toBe("map(object({a=set(list(bool)),b=tuple([string,any]),c=number}))");
  });

  it("Go-quotes attribute names that are not HCL identifiers", () => {
    expect(typeString(t.object({ "a b": t.number, "1x": t.number, ok: t.string, "é-1": t.bool }))).toBe(
      'object({"1x"=number,"a b"=number,ok=string,é-1=bool})',
    );
  });

  it("leaves optional-attribute markers out", () => {
    expect(typeString(t.object({ a: t.string }, ["a"]))).toBe("object({a=string})");
  });
});
