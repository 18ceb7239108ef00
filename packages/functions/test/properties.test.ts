// Properties of the string functions on random input: identities that hold for every string,
// and format/regex/replace refusing bad input only with FunctionError, never a JS error.
import { boolVal, FunctionError, numberVal, stringVal, type Value } from "@tofukit/cty";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call } from "./support.js";

const text = fc.string({ unit: "grapheme", maxLength: 20 }).map((s) => s.normalize("NFC"));
const str = (v: Value) => v.asString();

function onlyFunctionErrors(f: () => unknown): void {
  try {
    f();
  } catch (e) {
    expect(e).toBeInstanceOf(FunctionError);
  }
}

describe("string identities", () => {
  it("hold for random strings", () => {
    fc.assert(
      fc.property(text, (s) => {
        const v = stringVal(s);
        expect(str(call("format", stringVal("%s"), v))).toBe(s);
        expect(str(call("strrev", call("strrev", v)))).toBe(s);
        expect(str(call("substr", v, numberVal(0), call("length", v)))).toBe(s);
        expect(str(call("join", stringVal(","), call("split", stringVal(","), v)))).toBe(s);
        expect(str(call("replace", v, stringVal(""), stringVal("")))).toBe(s);
        expect(call("startswith", v, stringVal("")).asBool()).toBe(true);
      }),
      { numRuns: 200 },
    );
  }, 60_000);
});

describe("bad input", () => {
  const arg = fc.oneof(
    text.map(stringVal),
    fc.integer().map((n) => numberVal(n)),
    fc.boolean().map(boolVal),
  );
  it("format fails only with FunctionError", () => {
    const formatText = fc.stringMatching(/^[%a-z0-9.#+\- [\]]{0,12}$/);
    fc.assert(
      fc.property(formatText, fc.array(arg, { maxLength: 3 }), (f, args) => {
        onlyFunctionErrors(() => call("format", stringVal(f), ...args));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
  it("regex and replace fail only with FunctionError", () => {
    const pattern = fc.stringMatching(/^[()[\]{}?*+.|^$\\a-c0-9<>P=!:-]{0,10}$/);
    fc.assert(
      fc.property(pattern, text, (p, s) => {
        onlyFunctionErrors(() => call("regex", stringVal(p), stringVal(s)));
        onlyFunctionErrors(() => call("regexall", stringVal(p), stringVal(s)));
        onlyFunctionErrors(() => call("replace", stringVal(s), stringVal(`/${p}/`), stringVal("$1")));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});
