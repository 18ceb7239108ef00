// A direct call checks its arguments' types before unknown values decide anything, as cty's
// Function.Call does: cases from go-cty's function/stdlib/format_test.go (TestFormat,
// "Unknowns"), function/stdlib/csv_test.go (TestCSVDecode) and OpenTofu's
// internal/lang/funcs/string_test.go (TestStrContains).
import { boolVal, numberVal, stringVal, t, unknownVal } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { failure } from "./support.js";

describe("argument types checked before unknowns", () => {
  it("format refuses an unknown bool format string", () => {
    expect(failure("format", unknownVal(t.bool), boolVal(true))).toEqual({
      message: "string required, but received bool",
      argIndex: 0,
    });
  });
  it("strcontains refuses a number substring", () => {
    expect(failure("strcontains", stringVal("hello1"), numberVal(1))).toEqual({
      message: "string required, but received number",
      argIndex: 1,
    });
    expect(failure("strcontains", unknownVal(t.string), numberVal(1)).message).toBe(
      "string required, but received number",
    );
  });
  it("csvdecode refuses a bool, before and apart from null", () => {
    expect(failure("csvdecode", boolVal(true))).toEqual({
      message: "string required, but received bool",
      argIndex: 0,
    });
    expect(failure("csvdecode", unknownVal(t.bool)).message).toBe("string required, but received bool");
  });
});
