import {
  consoleString,
  listVal,
  markedVal,
  marksOf,
  nullVal,
  numberVal,
  stringVal,
  t,
  unknownVal,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { call, failure, show } from "./support.js";

const s = stringVal;
const n = (x: number) => numberVal(x);
const str = (name: string, ...args: Parameters<typeof call>[1][]) => call(name, ...args).asString();

describe("regex and regexall", () => {
  it("give the match, a tuple of unnamed captures or an object of named ones", () => {
    expect(str("regex", s("[a-z]+"), s("135abc456def789"))).toBe("abc");
    expect(show("regex", s("([0-9]*)([a-z]*)"), s("135abc456def"))).toBe('[\n  "135",\n  "abc",\n]');
    const uri = call(
      "regex",
      s(
        "^(?:(?P<scheme>[^:/?#]+):)?(?://(?P<authority>[^/?#]*))?(?P<path>[^?#]*)(?:\\?(?P<query>[^#]*))?(?:#(?P<fragment>.*))?",
      ),
      s("http://www.ics.uci.edu/pub/ietf/uri/#Related"),
    );
    expect(uri.get("scheme")!.asString()).toBe("http");
    expect(uri.get("authority")!.asString()).toBe("www.ics.uci.edu");
    expect(uri.get("path")!.asString()).toBe("/pub/ietf/uri/");
    expect(uri.get("query")!.isNull).toBe(true);
    expect(uri.get("fragment")!.asString()).toBe("Related");
    const all = call("regexall", s("([0-9]*)([a-z]*)"), s("135abc456def"));
    expect(all.elements().map((e) => e.elements().map((v) => v.asString()))).toEqual([
      ["135", "abc"],
      ["456", "def"],
    ]);
    expect(call("regexall", s("[a-z]+"), s("1234")).length).toBe(0);
    expect(str("regex", s("(?i)HELLO"), s("say hello"))).toBe("hello");
    expect(
      call("regexall", s("a*"), s("baaab"))
        .elements()
        .map((v) => v.asString()),
    ).toEqual(["", "aaa", ""]);
  });

  it("use RE2, refusing lookaround and backreferences with Go's texts", () => {
    expect(failure("regex", s("(?=x)"), s("x"))).toEqual({
      message: "invalid regexp pattern: invalid or unsupported Perl syntax in (?=",
      argIndex: 0,
    });
    expect(failure("regex", s("(a)\\1"), s("aa")).message).toBe(
      "invalid regexp pattern: invalid escape sequence in \\1",
    );
    expect(failure("regex", s("("), s("x")).message).toBe("invalid regexp pattern: missing closing ) in (");
    expect(failure("regex", s("(?P<a>x)(y)"), s("xy")).message).toBe(
      "invalid regexp pattern: cannot mix both named and unnamed capture groups",
    );
  });

  it("fails when nothing matches", () => {
    expect(failure("regex", s("[a-z]+"), s("123")).message).toBe(
      "pattern did not match any part of the given string",
    );
  });

  it("keeps marks and is unknown for unknown inputs", () => {
    expect([...marksOf(call("regex", markedVal(s("[a-z]+"), ["sensitive"]), s("1a")))]).toEqual([
      "sensitive",
    ]);
    const u = call("regex", s("(?P<num>[0-9]*)"), unknownVal(t.string));
    expect(u.isKnown).toBe(false);
    expect(u.type.key).toBe(t.object({ num: t.string }).key);
    expect(call("regex", unknownVal(t.string), s("x")).type.kind).toBe("dynamic");
  });
});

describe("regex and regexall with whole-string patterns", () => {
  it("gives the whole string or fails as before", () => {
    expect(call("regex", s("^[a-z0-9-]+$"), s("rg-app-1")).asString()).toBe("rg-app-1");
    expect(call("regex", s("^[a-z]*$"), s("")).asString()).toBe("");
    expect(failure("regex", s("^[a-z0-9-]+$"), s("Bad_Name"))).toEqual({
      message: "pattern did not match any part of the given string",
      argIndex: undefined,
    });
  });

  it("follows Go's flags: $ is the end of the text, negated classes take newlines", () => {
    expect(failure("regex", s("^[a-z]+$"), s("abc\n")).message).toBe(
      "pattern did not match any part of the given string",
    );
    expect(call("regex", s("^[^x]+$"), s("a\nb")).asString()).toBe("a\nb");
    expect(failure("regex", s("^.+$"), s("a\nb")).message).toBe(
      "pattern did not match any part of the given string",
    );
  });

  it("matches strings with surrogates through RE2, by code point", () => {
    expect(call("regex", s("^.$"), s("😀")).asString()).toBe("😀");
    expect(call("regex", s("^[a-z]+.$"), s("ab😀")).asString()).toBe("ab😀");
  });

  it("keeps RE2's errors, result types, marks and unknowns", () => {
    expect(failure("regex", s("^a{1001}$"), s("a")).message).toBe(
      "invalid regexp pattern: invalid repeat count in {1001}",
    );
    expect(show("regex", s("^([a-z]+)-([0-9]+)$"), s("rg-12"))).toBe('[\n  "rg",\n  "12",\n]');
    expect([...marksOf(call("regex", s("^[a-z]+$"), markedVal(s("ab"), ["sensitive"])))]).toEqual([
      "sensitive",
    ]);
    expect(call("regex", s("^[a-z]+$"), unknownVal(t.string)).isKnown).toBe(false);
  });

  it("gives regexall the whole string once, or nothing", () => {
    const all = (p: string, x: string) =>
      call("regexall", s(p), s(x))
        .elements()
        .map((e) => e.asString());
    expect(all("^[a-z0-9-]+$", "rg-1")).toEqual(["rg-1"]);
    expect(all("^[a-z]*$", "")).toEqual([""]);
    expect(all("^[a-z]+$", "")).toEqual([]);
    expect(all("^[a-z]+$", "a\nb")).toEqual([]);
    expect(call("regexall", s("^[a-z]+$"), s("1")).type.key).toBe(t.list(t.string).key);
  });

  it("answers as RE2 for patterns outside the subset", () => {
    expect(call("regex", s("^(?i)abc$"), s("ABC")).asString()).toBe("ABC");
    expect(call("regex", s("^\\p{L}+$"), s("éж")).asString()).toBe("éж");
    expect(call("regex", s("^[[:alpha:]]+$"), s("abc")).asString()).toBe("abc");
    expect(call("regex", s("^a{$"), s("a{")).asString()).toBe("a{");
  });
});

describe("replace", () => {
  it("replaces substrings, or regular expression matches between slashes", () => {
    expect(str("replace", s("1 + 2 + 3"), s("+"), s("-"))).toBe("1 - 2 - 3");
    expect(str("replace", s("hello world"), s("/w.*d/"), s("everybody"))).toBe("hello everybody");
    expect(
      str("replace", s("hello world"), s("/(?P<first>\\w+) (?P<second>\\w+)/"), s("$second $first")),
    ).toBe("world hello");
    // biome-ignore lint/suspicious/noTemplateCurlyInString: Go's replacement template, not a JS template
    expect(str("replace", s("abc"), s("/(b)/"), s("[$1x|${1}x|$$]"))).toBe("a[|bx|$]c");
    expect(str("replace", s("abc"), s(""), s("-"))).toBe("-a-b-c-");
    expect(str("replace", s("/"), s("/"), s("x"))).toBe("x");
  });
  it("reports Go's regexp error", () => {
    expect(failure("replace", s("x"), s("/(/"), s("y")).message).toBe(
      "error parsing regexp: missing closing ): `(`",
    );
  });
});

describe("grapheme functions", () => {
  it("substr counts grapheme clusters and handles negative offsets as cty", () => {
    expect(str("substr", s("hello world"), n(1), n(4))).toBe("ello");
    expect(str("substr", s("🤔🤷"), n(0), n(1))).toBe("🤔");
    expect(str("substr", s("hello world"), n(-5), n(3))).toBe("wor");
    expect(str("substr", s("hello world"), n(6), n(-1))).toBe("world");
    expect(str("substr", s("hello"), n(10), n(2))).toBe("");
    expect(str("substr", s("hello"), n(1), n(0))).toBe("");
    expect(str("substr", s("hello"), n(-1), n(0))).toBe("o");
    expect(str("substr", s("noël"), n(0), n(3))).toBe("noë");
  });
  it("strrev keeps clusters whole", () => {
    expect(str("strrev", s("hello"))).toBe("olleh");
    expect(str("strrev", s("a\u0301b💃🏿"))).toBe("💃🏿ba\u0301".normalize("NFC"));
  });
});

describe("case and trimming", () => {
  it("maps case rune by rune as Go", () => {
    expect(str("upper", s("hello"))).toBe("HELLO");
    expect(str("upper", s("алло!"))).toBe("АЛЛО!");
    expect(str("upper", s("straße"))).toBe("STRAßE");
    expect(str("lower", s("HELLO"))).toBe("hello");
    expect(str("lower", s("АЛЛО!"))).toBe("алло!");
    expect(str("title", s("hello world"))).toBe("Hello World");
    expect(str("title", s("hello_world-foo bar.baz"))).toBe("Hello_world-Foo Bar.Baz");
  });
  it("trims as Go's strings package", () => {
    expect(str("trimspace", s("  hello\n\n"))).toBe("hello");
    expect(str("trimspace", s("\ufeffx"))).toBe("\ufeffx");
    expect(str("trim", s("?!hello?!"), s("!?"))).toBe("hello");
    expect(str("trimprefix", s("helloworld"), s("hello"))).toBe("world");
    expect(str("trimprefix", s("helloworld"), s("cat"))).toBe("helloworld");
    expect(str("trimsuffix", s("helloworld"), s("world"))).toBe("hello");
    expect(str("chomp", s("hello\n"))).toBe("hello");
    expect(str("chomp", s("hello\r\n\n\r"))).toBe("hello");
    expect(str("chomp", s("hello\n\nworld"))).toBe("hello\n\nworld");
  });
});

describe("join, split, indent and the predicates", () => {
  const strs = (...xs: string[]) => listVal(xs.map(s), t.string);
  it("join concatenates lists", () => {
    expect(str("join", s("-"), strs("foo", "bar", "baz"))).toBe("foo-bar-baz");
    expect(str("join", s(", "), strs("foo"), strs("bar", "baz"))).toBe("foo, bar, baz");
    expect(failure("join", s("-")).message).toBe("at least one list is required");
    expect(failure("join", s("-"), listVal([s("a"), nullVal(t.string)]))).toEqual({
      message: "element 1 is null; cannot concatenate null values",
      argIndex: 1,
    });
    expect(failure("join", s("-"), strs("a"), listVal([nullVal(t.string)])).message).toBe(
      "element 0 of list 2 is null; cannot concatenate null values",
    );
  });
  it("split cuts at every separator", () => {
    expect(consoleString(call("split", s(","), s("foo,bar,baz")))).toBe(
      'tolist([\n  "foo",\n  "bar",\n  "baz",\n])',
    );
    expect(
      call("split", s(","), s(""))
        .elements()
        .map((v) => v.asString()),
    ).toEqual([""]);
    expect(
      call("split", s(""), s("ab"))
        .elements()
        .map((v) => v.asString()),
    ).toEqual(["a", "b"]);
    expect(call("split", s(""), s("")).length).toBe(0);
  });
  it("indent pads every line but the first", () => {
    expect(str("indent", n(2), s("[\n  foo,\n  bar,\n]\n"))).toBe("[\n    foo,\n    bar,\n  ]\n  ");
  });
  it("startswith, endswith and strcontains test substrings", () => {
    expect(call("startswith", s("hello world"), s("hello")).asBool()).toBe(true);
    expect(call("startswith", s("hello world"), s("world")).asBool()).toBe(false);
    expect(call("startswith", unknownVal(t.string), s("")).asBool()).toBe(true);
    expect(call("startswith", unknownVal(t.string), s("a")).isKnown).toBe(false);
    expect(call("endswith", s("hello world"), s("world")).asBool()).toBe(true);
    expect(call("strcontains", s("hello world"), s("wor")).asBool()).toBe(true);
    expect(call("strcontains", s("hello world"), s("wod")).asBool()).toBe(false);
  });
});

describe("results past the engine's limits", () => {
  it("fail with FunctionError instead of RangeError", () => {
    expect(failure("indent", n(600_000_000), s("a\nb")).message).toMatch(/^the result would be longer than/);
    expect(failure("format", s("%700000000s"), s("x")).message).toMatch(/^the result would be longer than/);
    const big = s("x".repeat(1_000_000));
    expect(failure("replace", big, s("x"), s("y".repeat(1000))).message).toBe(
      "the result would be larger than a JavaScript string or array can hold",
    );
  });
});
