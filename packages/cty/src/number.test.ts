import { describe, expect, it } from "vitest";
import { CtyNumber, numberAdd, numberDiv, numberMod, numberMul, parseNumber } from "./number.js";

const text = (s: string) => parseNumber(s).toString();

describe("parsing as Go's big.ParseFloat(s, 10, 512)", () => {
  it.each([
    ["1e3", "1000"],
    ["1E3", "1000"],
    [".5", "0.5"],
    ["5.", "5"],
    ["00.5", "0.5"],
    ["017", "17"],
    ["+1", "1"],
    ["-0", "-0"],
    ["-0.0e5", "-0"],
    ["1p3", "8"],
    ["1P-3", "0.125"],
    ["Inf", "+Inf"],
    ["-inf", "-Inf"],
    ["1.50", "1.5"],
    ["1e21", "1000000000000000000000"],
    ["1e-7", "0.0000001"],
    ["1.5e-7", "0.00000015"],
    ["123456789012345678901234567890", "123456789012345678901234567890"],
    ["1e-2147483648", "0"],
  ])("reads %s as %s", (input, want) => {
    expect(text(input)).toBe(want);
  });

  it.each([
    " 1",
    "1 ",
    "1\n",
    "0x10",
    "0b101",
    "0o17",
    "1_000",
    "",
    ".",
    "-",
    "1e",
    "1e+",
    "INF",
    "Infinity",
    "NaN",
    "١",
    "1e2147483647",
  ])("refuses %j", (input) => {
    expect(CtyNumber.parse(input)).toBeNull();
  });

  it("prints 1e400 as a 1 followed by 400 zeros", () => {
    expect(text("1e400")).toBe(`1${"0".repeat(400)}`);
  });

  it("rounds a 170-digit integer to 512 bits and prints the shortest decimal that round-trips", () => {
    const digits = "12345678901234567890".repeat(8) + "1234567890";
    const out = text(digits);
    expect(out).toHaveLength(170);
    expect(out.startsWith("1234567890123456789012345678901234567890")).toBe(true);
    expect(out.replace(/0+$/, "").length).toBeLessThanOrEqual(156);
    expect(text(out)).toBe(out);
  });
});

describe("arithmetic", () => {
  it("adds decimals exactly: 0.1 + 0.2 = 0.3", () => {
    expect(numberAdd(parseNumber("0.1"), parseNumber("0.2")).toString()).toBe("0.3");
  });

  it("divides 1 by 3 like a 512-bit big.Float (155 significant digits ending in 5)", () => {
    const s = numberDiv(parseNumber("1"), parseNumber("3")).toString();
    expect(s).toBe(`0.${"3".repeat(154)}5`);
  });

  it("divides exactly when the quotient terminates", () => {
    expect(numberDiv(parseNumber("1"), parseNumber("8")).toString()).toBe("0.125");
    expect(numberDiv(parseNumber("10"), parseNumber("4")).toString()).toBe("2.5");
  });

  it("divides by zero to an infinity of the right sign", () => {
    expect(numberDiv(parseNumber("-1"), parseNumber("0")).toString()).toBe("-Inf");
  });

  it("multiplies exactly", () => {
    expect(numberMul(parseNumber("1.5"), parseNumber("-2")).toString()).toBe("-3");
  });

  it("takes the modulo as cty's Value.Modulo (go-cty cty/value_ops_test.go TestValueModulo, function/stdlib/number_test.go TestModulo)", () => {
    const mod = (a: string, b: string) => numberMod(parseNumber(a), parseNumber(b)).toString();
    expect(mod("10", "2")).toBe("0");
    expect(mod("-11", "2")).toBe("-1");
    expect(mod("1", "-2")).toBe("1");
    expect(mod("5", "1.5")).toBe("0.5");
    expect(mod("5", "0")).toBe("5");
    expect(mod("-5", "0")).toBe("-5");
    expect(mod("Inf", "1")).toBe("+Inf");
    expect(mod("-Inf", "1")).toBe("-Inf");
    expect(mod("1", "Inf")).toBe("+Inf");
    expect(mod("-1", "Inf")).toBe("-Inf");
    expect(() => mod("Inf", "0")).toThrow(/zero by infinity/);
    expect(() => mod("0", "-Inf")).toThrow(/zero by infinity/);
  });

  it("takes the modulo with the dividend's sign", () => {
    expect(numberMod(parseNumber("-7"), parseNumber("3")).toString()).toBe("-1");
    expect(numberMod(parseNumber("7.5"), parseNumber("2")).toString()).toBe("1.5");
  });

  it("compares numerically with -0 equal to 0", () => {
    expect(parseNumber("-0").equals(parseNumber("0"))).toBe(true);
    expect(parseNumber("2e10").compare(parseNumber("1e9"))).toBe(1);
    expect(parseNumber("-Inf").compare(parseNumber("-1e400"))).toBe(-1);
  });
});

describe("Go's %.10g (big.Float.String), used in set hashing", () => {
  it.each([
    ["100", "100"],
    ["1e9", "1000000000"],
    ["1e10", "1e+10"],
    ["1.5e10", "1.5e+10"],
    ["2e10", "2e+10"],
    ["0.0001", "0.0001"],
    ["0.00001", "1e-05"],
    ["12345678901", "1.23456789e+10"],
    ["1.23456789012", "1.23456789"],
    ["-0", "-0"],
    ["0", "0"],
  ])("%s prints as %s", (input, want) => {
    expect(parseNumber(input).toGoString()).toBe(want);
  });
});
