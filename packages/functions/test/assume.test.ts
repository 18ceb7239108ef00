// The assume… functions, from OpenTofu's internal/lang/funcs/assume_test.go (TestAssumeEqual,
// TestAssumeNotNull, TestAssumeStringPrefix) and internal/lang/functions_test.go (TestFunctions).
// Where the reference expects a refined unknown, tofukit's unrefined unknown is the answer.
import {
  consoleString,
  dynamicVal,
  EPHEMERAL,
  listVal,
  markedVal,
  marksOf,
  nullVal,
  numberVal,
  rawEquals,
  SENSITIVE,
  setVal,
  stringVal,
  t,
  tupleVal,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { evaluate, parseExpression } from "@tofukit/hcl";
import { describe, expect, it } from "vitest";
import { openTofuFunctions } from "../src/open-tofu-functions.js";
import { call, failure } from "./support.js";

const s = stringVal;
const same = (got: Value, want: Value) => expect(rawEquals(got, want), consoleString(got)).toBe(true);
const functions = openTofuFunctions();
function value(src: string): string {
  const r = evaluate(parseExpression(src).expr, { functions });
  expect(r.diagnostics.map((d) => d.detail)).toEqual([]);
  return consoleString(r.value);
}
function details(src: string, variables: Record<string, Value> = {}): string[] {
  return evaluate(parseExpression(src).expr, { functions, variables }).diagnostics.map((d) => d.detail ?? "");
}

describe("assumeequal", () => {
  it("gives the assumed value where the actual one is equal or not known yet", () => {
    same(call("assumeequal", unknownVal(t.string), s("hello")), s("hello"));
    same(call("assumeequal", s("hello"), unknownVal(t.string)), unknownVal(t.string));
    same(call("assumeequal", dynamicVal, unknownVal(t.string)), unknownVal(t.string));
    same(call("assumeequal", s("hello"), s("hello")), s("hello"));
    same(call("assumeequal", tupleVal([dynamicVal]), listVal([s("hello")])), listVal([s("hello")]));
    same(call("assumeequal", dynamicVal, listVal([s("hello")])), listVal([s("hello")]));
  });
  it("refuses a different value or a type that does not convert", () => {
    expect(failure("assumeequal", s("howdy"), s("hello"))).toEqual({
      message: "the actual value does not match the assumed value",
      argIndex: 0,
    });
    expect(failure("assumeequal", markedVal(s("howdy"), ["!"]), s("hello")).message).toBe(
      "the actual value does not match the assumed value",
    );
    expect(failure("assumeequal", listVal([s("hello")]), tupleVal([s("hello")])).message).toBe(
      "actual value type list of string does not match assumed value type tuple",
    );
    expect(failure("assumeequal", unknownVal(t.string), listVal([s("hello")])).message).toBe(
      "actual value type string does not match assumed value type list of string",
    );
  });
  it("carries the actual value's marks but sensitive and ephemeral, at their places", () => {
    same(
      call("assumeequal", markedVal(unknownVal(t.string), ["!"]), s("hello")),
      markedVal(s("hello"), ["!"]),
    );
    same(
      call("assumeequal", s("hello"), markedVal(unknownVal(t.string), ["!"])),
      markedVal(unknownVal(t.string), ["!"]),
    );
    same(call("assumeequal", markedVal(s("hello"), [SENSITIVE]), s("hello")), s("hello"));
    same(call("assumeequal", markedVal(unknownVal(t.string), [EPHEMERAL]), s("hello")), s("hello"));
    same(
      call("assumeequal", unknownVal(t.string), markedVal(s("hello"), [SENSITIVE])),
      markedVal(s("hello"), [SENSITIVE]),
    );
    const nested = call("assumeequal", tupleVal([markedVal(s("hello"), ["!"])]), listVal([s("hello")]));
    same(nested, listVal([markedVal(s("hello"), ["!"])]));
    same(
      call("assumeequal", tupleVal([markedVal(s("hello"), [SENSITIVE])]), listVal([s("hello")])),
      listVal([s("hello")]),
    );
  });
  it("works from HCL (functions_test.go)", () => {
    expect(value('assumeequal("a", "a")')).toBe('"a"');
  });
});

describe("assumenotnull", () => {
  it("passes a value that is not null and refuses null", () => {
    same(call("assumenotnull", unknownVal(t.string)), unknownVal(t.string));
    same(call("assumenotnull", s("hello")), s("hello"));
    expect(failure("assumenotnull", nullVal(t.string))).toEqual({
      message: "assumption was not upheld",
      argIndex: 0,
    });
  });
  it("needs a known type, with OpenTofu's message (backslashes and all)", () => {
    const message =
      'given value must have a known type; consider using the \\"convert\\" function to specify a type to assume';
    expect(failure("assumenotnull", dynamicVal).message).toBe(message);
    expect(failure("assumenotnull", nullVal(t.dynamic)).message).toBe(message);
    expect(value('assumenotnull("hello")')).toBe('"hello"');
  });
});

describe("assumestringprefix", () => {
  it("checks a known string against the prefix cty keeps", () => {
    same(call("assumestringprefix", unknownVal(t.string), s("foo-")), unknownVal(t.string));
    same(call("assumestringprefix", s("foo-123"), s("foo-")), s("foo-123"));
    same(call("assumestringprefix", nullVal(t.string), s("foo-")), nullVal(t.string));
    expect(failure("assumestringprefix", s("hello"), s("foo-"))).toEqual({
      message: "assumption was not upheld",
      argIndex: 0,
    });
    same(call("assumestringprefix", s("foo-123"), unknownVal(t.string)), unknownVal(t.string));
    // The prefix's last "o" could combine with what follows: cty keeps "fo".
    same(call("assumestringprefix", s("fox"), s("foo")), s("fox"));
  });
  it("converts its argument from HCL (functions_test.go)", () => {
    expect(value('assumestringprefix("foo-bar", "foo-")')).toBe('"foo-bar"');
    expect(value('assumestringprefix(true, "tru")')).toBe('"true"');
  });
});

describe("assume…length", () => {
  it("gives the converted collection when its length is in bounds (functions_test.go)", () => {
    expect(value("assumelistlength([1, 2], 1, 2)")).toBe("tolist([\n  1,\n  2,\n])");
    expect(value("assumelistlengthmax([1, 2], 3)")).toBe("tolist([\n  1,\n  2,\n])");
    expect(value("assumelistlengthmin([1, 2], 1)")).toBe("tolist([\n  1,\n  2,\n])");
    expect(value("assumemaplength({a = 1, b = 2}, 1, 2)")).toBe('tomap({\n  "a" = 1\n  "b" = 2\n})');
    expect(value("assumemaplengthmax({a = 1, b = 2}, 3)")).toBe('tomap({\n  "a" = 1\n  "b" = 2\n})');
    expect(value("assumemaplengthmin({a = 1, b = 2}, 1)")).toBe('tomap({\n  "a" = 1\n  "b" = 2\n})');
    expect(value("assumesetlength([1, 2], 1, 2)")).toBe("toset([\n  1,\n  2,\n])");
    expect(value("assumesetlengthmax([1, 2], 3)")).toBe("toset([\n  1,\n  2,\n])");
    expect(value("assumesetlengthmin([1, 2], 1)")).toBe("toset([\n  1,\n  2,\n])");
  });
  it("refuses a known length out of bounds, a null collection and bounds that cannot hold", () => {
    const two = listVal([numberVal(1), numberVal(2)]);
    expect(failure("assumelistlength", two, numberVal(3), numberVal(4)).message).toBe(
      "assumption was not upheld",
    );
    expect(failure("assumelistlengthmax", two, numberVal(1)).message).toBe("assumption was not upheld");
    expect(failure("assumelistlengthmin", nullVal(t.list(t.number)), numberVal(0)).message).toBe(
      "assumption was not upheld",
    );
    expect(
      failure("assumelistlength", unknownVal(t.list(t.number)), numberVal(3), numberVal(2)).message,
    ).toBe("assumption was not upheld");
    same(
      call("assumelistlength", unknownVal(t.list(t.number)), numberVal(1), numberVal(2)),
      unknownVal(t.list(t.number)),
    );
    // A set holding unknowns has no known length to check.
    const maybeOne = setVal([s("a"), unknownVal(t.string)]);
    same(call("assumesetlengthmax", maybeOne, numberVal(1)), maybeOne);
  });
  it("wants whole numbers below Go's MaxInt as bounds", () => {
    const two = listVal([numberVal(1), numberVal(2)]);
    expect(failure("assumelistlength", two, numberVal(1), numberVal("1.5"))).toEqual({
      message: "must be a whole number between 0 and 9223372036854775807",
      argIndex: 2,
    });
    expect(failure("assumelistlengthmin", two, numberVal("9223372036854775807"))).toEqual({
      message: "must be a whole number between 0 and 9223372036854775807",
      argIndex: 0,
    });
    expect(details("assumelistlengthmax(x, 0.5)", { x: two })).toEqual([
      'Invalid value for "value" parameter: must be a whole number between 0 and 9223372036854775807.',
    ]);
  });
  it("keep the marks of the collection", () => {
    const v = call("assumelistlengthmin", markedVal(listVal([s("a")]), ["!"]), numberVal(1));
    expect([...marksOf(v)]).toEqual(["!"]);
  });
});
