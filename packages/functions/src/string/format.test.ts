import {
  boolVal,
  emptyObjectVal,
  emptyTupleVal,
  listVal,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  t,
  tupleVal,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { call, failure } from "../../test/support.js";

const s = stringVal;
const n = (x: string | number) => numberVal(String(x));
const fmt = (f: string, ...args: Value[]) => call("format", s(f), ...args).asString();
const fmtErr = (f: string, ...args: Value[]) => failure("format", s(f), ...args).message;

describe("format", () => {
  it("reads literal text and %%", () => {
    expect(fmt("")).toBe("");
    expect(fmt("100%% successful")).toBe("100% successful");
    expect(fmt("100%%")).toBe("100%");
  });

  it("formats %v as the value's own text, or JSON", () => {
    expect(fmt("string %v", s("hello"))).toBe("string hello");
    expect(fmt("string %[2]v", boolVal(true), s("hello"))).toBe("string hello");
    expect(fmt("string %#v", s("hello"))).toBe('string "hello"');
    expect(fmt("number %v", n(2))).toBe("number 2");
    expect(fmt("number %#v", n(2))).toBe("number 2");
    expect(fmt("bool %v", boolVal(true))).toBe("bool true");
    expect(fmt("object %v", emptyObjectVal)).toBe("object {}");
    expect(fmt("tuple %v", emptyTupleVal)).toBe("tuple []");
    expect(fmt("%%%v", boolVal(false))).toBe("%false");
    expect(fmt("%v", nullVal(t.bool))).toBe("null");
    expect(fmt("%v", nullVal(t.dynamic))).toBe("null");
    expect(fmt("%v", objectVal({ a: s("<b>") }))).toBe('{"a":"\\u003cb\\u003e"}');
  });

  it("formats strings with width and precision in grapheme clusters", () => {
    expect(fmt("Hello, %s!", s("Ermintrude"))).toBe("Hello, Ermintrude!");
    expect(fmt("Hello, %q... if that _is_ your real name!", s("Ermintrude"))).toBe(
      'Hello, "Ermintrude"... if that _is_ your real name!',
    );
    expect(fmt("%10s", s("hello"))).toBe("     hello");
    expect(fmt("%-10s", s("hello"))).toBe("hello     ");
    expect(fmt("%4s", s("💃🏿"))).toBe("   💃🏿");
    expect(fmt("%-6q", s("💃🏿"))).toBe('"💃🏿"   ');
    expect(fmt("%.2s", s("hello"))).toBe("he");
    expect(fmt("%.5s", s("日本語日本語"))).toBe("日本語日本");
    expect(fmt("%.1q", s("日本語日本語"))).toBe('"日"');
    expect(fmt("%6.2q", s("hello"))).toBe('  "he"');
    expect(fmt("%-4.2s", s("hello"))).toBe("he  ");
    expect(fmt("%q", s("Hello\nWorld"))).toBe('"Hello\\nWorld"');
    expect(fmt("%s", n(12))).toBe("12");
  });

  it("formats integers as Go's big.Int", () => {
    expect(fmt("%d green bottles", n(10))).toBe("10 green bottles");
    expect(fmt("%[2]d things", n(1), n(10))).toBe("10 things");
    expect(fmt("%+d", n(10))).toBe("+10");
    expect(fmt("% d", n(10))).toBe(" 10");
    expect(fmt("%5d|", n(10))).toBe("   10|");
    expect(fmt("%-5d|", n(10))).toBe("10   |");
    expect(fmt("%05d", n(-42))).toBe("-0042");
    expect(fmt("%.3d", n(7))).toBe("007");
    expect(fmt("%.0d|", n(0))).toBe("|");
    expect(fmt("%b %o %x %X", n(5), n(9), n(254), n(254))).toBe("101 11 fe FE");
    expect(fmt("%#x %#o %#b", n(255), n(8), n(5))).toBe("0xff 010 0b101");
    expect(fmt("%d", s("12"))).toBe("12");
  });

  it("formats fractions as Go's big.Float", () => {
    expect(fmt("%f things", n(10))).toBe("10.000000 things");
    expect(fmt("%+f", n(10))).toBe("+10.000000");
    expect(fmt("% f", n(-10))).toBe("-10.000000");
    expect(fmt("%f", n("100000000000000000000000000000000000001"))).toBe(
      "100000000000000000000000000000000000001.000000",
    );
    expect(fmt("%f", n("1.00000000000000000000000000000000000001"))).toBe("1.000000");
    expect(fmt("%.4f", n("1.00000000000000000000000000000000000001"))).toBe("1.0000");
    expect(fmt("%.1f", n("1.06"))).toBe("1.1");
    expect(fmt("%.2f", n("3.14159"))).toBe("3.14");
    expect(fmt("%.0f %.0f %.0f", n("0.5"), n("1.5"), n("2.5"))).toBe("0 2 2");
    expect(fmt("%e", n(1000))).toBe("1.000000e+03");
    expect(fmt("%E", n(1000))).toBe("1.000000E+03");
    expect(fmt("%g", n(1000))).toBe("1000");
    expect(fmt("%g", n("0.00000000000000000000001"))).toBe("1e-23");
    expect(fmt("%G", n("0.00000000000000000000001"))).toBe("1E-23");
    expect(fmt("%8.3f|", n("3.14159"))).toBe("   3.142|");
    expect(fmt("%-8.3f|", n("3.14159"))).toBe("3.142   |");
    expect(fmt("%08.3f", n("-3.14159"))).toBe("-003.142");
    expect(fmt("%-08.2f|", n("1.5"))).toBe("00001.50|");
    expect(fmt("%e %.2e", n(0), n(12345))).toBe("0.000000e+00 1.23e+04");
    expect(fmt("%g %g %.3g", n(100000), n(1000000), n(0))).toBe("100000 1e+06 0");
    expect(fmt("%v %v", n(1000000), n("0.5"))).toBe("1e+06 0.5");
    expect(fmt("%x %d", n(-255), n("123456789012345678901234567890"))).toBe(
      "-ff 123456789012345678901234567890",
    );
    expect(fmt("%-05d|", n(7))).toBe("7    |");
    // Decimal ties round by the 512-bit binary value: 0.15 is a little above, 2.675 and 1.005 a
    // little below, 0.25 exact (half to even).
    expect(fmt("%.1f %.2f %.2f %.1f", n("0.15"), n("2.675"), n("1.005"), n("0.25"))).toBe(
      "0.2 2.67 1.00 0.2",
    );
  });

  it("is unknown when an argument is unknown", () => {
    expect(call("format", s("Hello, %s!"), unknownVal(t.string)).isKnown).toBe(false);
    expect(call("format", s("%v"), tupleVal([unknownVal(t.string)])).isKnown).toBe(false);
  });

  it("reports cty's errors", () => {
    expect(fmtErr("%s is not in the args list")).toBe(
      'not enough arguments for "%s" at 0: need index 1 but have 0 total',
    );
    expect(fmtErr("%[3]s is not in the args list", s("a"), s("b"))).toBe(
      'not enough arguments for "%[3]s" at 0: need index 3 but have 2 total',
    );
    expect(fmtErr("%[0]s is not valid because args are 1-based", s("a"))).toBe(
      "unrecognized format character '0' at offset 2",
    );
    expect(fmtErr("%v %v %v", s("a"), s("b"))).toBe(
      'not enough arguments for "%v" at 6: need index 3 but have 2 total',
    );
    expect(fmtErr("%z", s("a"))).toBe("unsupported format verb 'z' in \"%z\" at offset 0");
    expect(fmtErr("%#z", s("a"))).toBe("unsupported format verb 'z' in \"%#z\" at offset 0");
    expect(fmtErr("%012z", s("a"))).toBe("unsupported format verb 'z' in \"%012z\" at offset 0");
    expect(fmtErr("%☠", s("a"))).toBe("unrecognized format character '☠' at offset 1");
    expect(fmtErr("%💃🏿", s("a"))).toBe("unrecognized format character '💃' at offset 1");
    expect(failure("format", s("no verbs"), s("a"))).toEqual({
      message: "too many arguments; no verbs in format string",
      argIndex: 1,
    });
    expect(failure("format", s("%s"), s("a"), s("b"))).toEqual({
      message: "too many arguments; only 1 used by format string",
      argIndex: 2,
    });
    expect(fmtErr("%d", boolVal(true))).toBe(
      'unsupported value for "%d" at 0: number required, but have bool',
    );
    expect(fmtErr("%s", nullVal(t.string))).toBe(
      'unsupported value for "%s" at 0: null value cannot be formatted',
    );
    expect(fmtErr("%d", n("1.5"))).toBe('unsupported value for "%d" at 0: an integer is required');
    expect(fmtErr("abc %")).toBe("invalid format string starting at offset 5");
    expect(fmtErr("ü %5")).toBe("invalid format string starting at offset 5");
  });
});

describe("formatlist", () => {
  const strs = (...xs: string[]) => listVal(xs.map(s));
  it("formats element by element, repeating single values", () => {
    const r = call("formatlist", s("Hello, %s!"), strs("Valentina", "Ander", "Olivia", "Sam"));
    expect(r.elements().map((v) => v.asString())).toEqual([
      "Hello, Valentina!",
      "Hello, Ander!",
      "Hello, Olivia!",
      "Hello, Sam!",
    ]);
    const r2 = call("formatlist", s("%s, %s!"), s("Salutations"), strs("Valentina", "Ander"));
    expect(r2.elements().map((v) => v.asString())).toEqual([
      "Salutations, Valentina!",
      "Salutations, Ander!",
    ]);
    expect(call("formatlist", s("%s"), listVal([], t.string)).length).toBe(0);
    expect(
      call("formatlist", s("no args"))
        .elements()
        .map((v) => v.asString()),
    ).toEqual(["no args"]);
  });
  it("refuses lists of different lengths and names the iteration of a failure", () => {
    expect(failure("formatlist", s("%s %s"), strs("a", "b"), strs("c"))).toEqual({
      message: "argument 2 has length 1, which is inconsistent with argument 1 of length 2",
      argIndex: 2,
    });
    expect(failure("formatlist", s("%s"), tupleVal([emptyObjectVal])).message).toBe(
      'error on format iteration 0: unsupported value for "%s" at 0: string required, but have object',
    );
  });
  it("gives unknown elements for unknown values", () => {
    const r = call("formatlist", s("%s"), tupleVal([s("a"), unknownVal(t.string)]));
    expect(r.elements()[1]!.isKnown).toBe(false);
  });
});
