import { describe, expect, it } from "vitest";
import { CtyFunction, FunctionError, lookupFunction, typeConforms } from "./function.js";
import { containsMarked, SENSITIVE, unmarkDeep } from "./marks.js";
import { t } from "./type.js";
import { listVal, markedVal, marksOf, nullVal, numberVal, stringVal, unknownVal } from "./value.js";

const upper = new CtyFunction({
  params: [{ name: "str", type: t.string }],
  type: () => t.string,
  impl: ([s]) => stringVal(s!.asString().toUpperCase()),
});

describe("CtyFunction", () => {
  it("calls the implementation on known arguments", () => {
    expect(upper.call([stringVal("a")]).asString()).toBe("A");
  });

  it("answers unknown of the return type for an unknown argument, without calling", () => {
    const r = upper.call([unknownVal(t.string)]);
    expect(r.isKnown).toBe(false);
    expect(r.type).toBe(t.string);
  });

  it("hands a known collection holding unknowns to the implementation, as cty does", () => {
    const count = new CtyFunction({
      params: [{ name: "list", type: t.list(t.string) }],
      type: () => t.number,
      impl: ([l]) => numberVal(l!.length),
    });
    expect(
      count
        .call([listVal([unknownVal(t.string), stringVal("a")])])
        .asNumber()
        .toString(),
    ).toBe("2");
  });

  it("refuses a null argument with an argument error", () => {
    try {
      upper.call([nullVal(t.string)]);
      expect.unreachable();
    } catch (e) {
      expect(e).toBeInstanceOf(FunctionError);
      expect((e as FunctionError).argIndex).toBe(0);
      expect((e as FunctionError).message).toBe("argument must not be null");
    }
  });

  it("unmarks arguments and marks the result with their marks", () => {
    const r = upper.call([markedVal(stringVal("a"), [SENSITIVE])]);
    expect(r.asString()).toBe("A");
    expect([...marksOf(r)]).toEqual([SENSITIVE]);
  });

  it("refuses the wrong number of arguments", () => {
    expect(() => upper.call([])).toThrow(FunctionError);
  });

  it("looks functions up in maps and plain objects, own properties only", () => {
    expect(lookupFunction({ upper }, "upper")).toBe(upper);
    expect(lookupFunction({ upper }, "constructor")).toBeUndefined();
    expect(lookupFunction(new Map([["upper", upper]]), "upper")).toBe(upper);
  });

  it("tests conformance with dynamic as a wildcard", () => {
    expect(typeConforms(t.list(t.string), t.list(t.dynamic))).toBe(true);
    expect(typeConforms(t.list(t.string), t.set(t.string))).toBe(false);
  });
});

describe("marks", () => {
  it("strips nested marks and reports them", () => {
    const v = listVal([markedVal(numberVal(1), [SENSITIVE]), numberVal(2)]);
    expect(containsMarked(v)).toBe(true);
    const { value, marks } = unmarkDeep(v);
    expect(containsMarked(value)).toBe(false);
    expect([...marks]).toEqual([SENSITIVE]);
    expect(value.elements()[0]!.asNumber().toString()).toBe("1");
  });
});
