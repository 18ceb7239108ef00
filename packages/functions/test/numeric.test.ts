import { CtyNumber, markedVal, marksOf, numberVal, SENSITIVE, stringVal, t, unknownVal } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { call, failure, show } from "./support.js";

const n = (s: string | number) => numberVal(typeof s === "number" ? String(s) : s);

describe("abs", () => {
  it("drops the sign and keeps marks", () => {
    expect(show("abs", n(-12.4))).toBe("12.4");
    expect(show("abs", n(0))).toBe("0");
    const r = call("abs", markedVal(n(-1), [SENSITIVE]));
    expect([...marksOf(r)]).toEqual([SENSITIVE]);
  });
});

describe("ceil and floor", () => {
  it("round to whole numbers as the docs show", () => {
    expect(show("ceil", n(5))).toBe("5");
    expect(show("ceil", n(5.1))).toBe("6");
    expect(show("floor", n(5))).toBe("5");
    expect(show("floor", n(4.9))).toBe("4");
    expect(show("ceil", n(-1.5))).toBe("-1");
    expect(show("floor", n(-1.5))).toBe("-2");
    expect(show("ceil", n(-0.5))).toBe("0");
  });
  it("stay exact on long decimals", () => {
    expect(show("floor", n("12345678901234567890123.999999999999999"))).toBe("12345678901234567890123");
    expect(show("ceil", n("12345678901234567890123.000000000000001"))).toBe("12345678901234567890124");
  });
  it("keep infinities", () => {
    expect(show("ceil", numberVal(CtyNumber.infinity(false)))).toBe("+Inf");
  });
});

describe("log and pow", () => {
  it("compute in float64 as cty does", () => {
    expect(show("log", n(50), n(10))).toBe("1.6989700043360185");
    expect(show("log", n(16), n(2))).toBe("4");
    expect(show("log", n(1), n(10))).toBe("0");
    expect(show("log", n(0), n(10))).toBe("-Inf");
    expect(show("log", n(10), n(0))).toBe("-0");
    expect(show("pow", n(3), n(2))).toBe("9");
    expect(show("pow", n(4), n(0))).toBe("1");
    expect(show("pow", n(2), n(-2))).toBe("0.25");
    expect(show("pow", n(-3), n(2))).toBe("9");
  });
  it("report a NaN result as big.Float's panic", () => {
    expect(failure("log", n(-1), n(10)).message).toBe(
      "panic in function implementation: Float.SetFloat64(NaN)",
    );
  });
});

describe("max and min", () => {
  it("pick the extreme of their arguments", () => {
    expect(show("max", n(12), n(54), n(3))).toBe("54");
    expect(show("min", n(12), n(54), n(3))).toBe("3");
  });
  it("need at least one number", () => {
    expect(failure("max").message).toBe("must pass at least one number");
  });
});

describe("signum", () => {
  it("gives the sign of whole numbers", () => {
    expect(show("signum", n(-13))).toBe("-1");
    expect(show("signum", n(0))).toBe("0");
    expect(show("signum", n(344))).toBe("1");
  });
  it("refuses fractions as gocty does", () => {
    expect(failure("signum", n(1.5)).message).toBe(
      "value must be a whole number, between -9223372036854775808 and 9223372036854775807",
    );
  });
});

describe("parseint", () => {
  it("reads the docs' examples", () => {
    expect(show("parseint", stringVal("100"), n(10))).toBe("100");
    expect(show("parseint", stringVal("FF"), n(16))).toBe("255");
    expect(show("parseint", stringVal("-10"), n(16))).toBe("-16");
    expect(show("parseint", stringVal("1011111011101111"), n(2))).toBe("48879");
    expect(show("parseint", stringVal("aA"), n(62))).toBe("656");
    expect(show("parseint", stringVal("Aa"), n(62))).toBe("2242");
    expect(show("parseint", stringVal("-00FF00"), n(16))).toBe("-65280");
    expect(
      show("parseint", stringVal("999999999999999999999999999999999999999999999999999999999999"), n(10)),
    ).toBe("999999999999999999999999999999999999999999999999999999999999");
  });
  it("refuses text that is not an integer in the base", () => {
    expect(failure("parseint", stringVal("FF"), n(10))).toEqual({
      message: 'cannot parse "FF" as a base 10 integer',
      argIndex: 0,
    });
    expect(failure("parseint", stringVal("1.2"), n(10)).message).toBe(
      'cannot parse "1.2" as a base 10 integer',
    );
    expect(failure("parseint", stringVal(""), n(10)).message).toBe('cannot parse "" as a base 10 integer');
  });
  it("redacts sensitive arguments in its message and marks the result", () => {
    expect(
      failure("parseint", markedVal(stringVal("FF"), [SENSITIVE]), markedVal(n(10), [SENSITIVE])).message,
    ).toBe("cannot parse (sensitive value) as a base (sensitive value) integer");
    expect([...marksOf(call("parseint", markedVal(stringVal("128"), [SENSITIVE]), n(10)))]).toEqual([
      SENSITIVE,
    ]);
  });
  it("checks the base and the first argument's type", () => {
    for (const b of [63, -1, 1, 0]) {
      expect(failure("parseint", stringVal("1"), n(b))).toEqual({
        message: "base must be a whole number between 2 and 62 inclusive",
        argIndex: 1,
      });
    }
    expect(failure("parseint", n(2), n(10))).toEqual({
      message: "first argument must be a string, not number",
      argIndex: 0,
    });
  });
  it("is unknown for an unknown string", () => {
    expect(call("parseint", unknownVal(t.string), n(10)).isKnown).toBe(false);
  });
});
