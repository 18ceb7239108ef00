import {
  boolVal,
  CtyNumber,
  listVal,
  listValEmpty,
  mapVal,
  markedVal,
  marksOf,
  nullVal,
  numberVal,
  objectVal,
  SENSITIVE,
  setVal,
  stringVal,
  t,
  tupleVal,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import iconv from "iconv-lite";
import { describe, expect, it } from "vitest";
import { callError, fn } from "../../test/function-call.js";
import { charsetFunctions } from "./charset-functions.js";
import { encodingFunctions } from "./encoding-functions.js";
import { gzipFunctions } from "./gzip-functions.js";
import { yamlFunctions } from "./yaml-functions.js";

// The encoding category: its own group and the three that load on their own.
const table = {
  ...encodingFunctions({}),
  ...gzipFunctions({}),
  ...charsetFunctions({}),
  ...yamlFunctions({}),
};
const s = stringVal;
const n = (x: string | number) => numberVal(typeof x === "number" ? BigInt(x) : x);
const call = (name: string, ...args: Value[]) => fn(table, name).call(args);
const err = (name: string, ...args: Value[]) => callError(fn(table, name), args);

describe("base64encode / base64decode", () => {
  it("encode UTF-8 text with the standard alphabet", () => {
    expect(call("base64encode", s("abc123!?$*&()'-=@~"))).toEqual(s("YWJjMTIzIT8kKiYoKSctPUB+"));
    expect(call("base64encode", s("Hello World"))).toEqual(s("SGVsbG8gV29ybGQ="));
    expect(call("base64decode", s("YWJjMTIzIT8kKiYoKSctPUB+"))).toEqual(s("abc123!?$*&()'-=@~"));
    expect(call("base64decode", s("SGVsbG8g\r\nV29ybGQ="))).toEqual(s("Hello World"));
  });

  it("keep the marks of a sensitive argument and redact it in messages", () => {
    const secret = markedVal(s("YWJj"), [SENSITIVE]);
    const out = call("base64decode", secret);
    expect(marksOf(out).has(SENSITIVE)).toBe(true);
    expect(err("base64decode", markedVal(s("dfg"), [SENSITIVE])).message).toBe(
      "failed to decode base64 data (sensitive value)",
    );
  });

  it("refuse bad base64 and bytes that are not UTF-8", () => {
    expect(err("base64decode", s("dfg")).message).toBe('failed to decode base64 data "dfg"');
    expect(err("base64decode", s("this-is-an-invalid-base64-data")).message).toBe(
      'failed to decode base64 data "this-is-an-invalid-base64-data"',
    );
    expect(err("base64decode", s("whee")).message).toBe(
      "the result of decoding the provided string is not valid UTF-8",
    );
  });
});

describe("base64gzip / base64gunzip", () => {
  it("gunzip what Go's gzip writer wrote", () => {
    expect(call("base64gunzip", s("H4sIAAAAAAAA/wAEAPv/dGVzdAAAAP//AwAMfn/YBAAAAA=="))).toEqual(s("test"));
    expect(call("base64gunzip", s("H4sIAAAAAAAA/ypJLS4BAAAA//8BAAD//wx+f9gEAAAA"))).toEqual(s("test"));
  });

  it("gzip with Go's header and a stream that decompresses to the text", () => {
    const gz = call("base64gzip", s("test")).asString();
    expect(gz.startsWith("H4sIAAAAAAAA/")).toBe(true);
    expect(call("base64gunzip", s(gz))).toEqual(s("test"));
    const long = "OpenTofu ".repeat(500);
    expect(call("base64gunzip", call("base64gzip", s(long)))).toEqual(s(long));
  });

  it("report what failed", () => {
    expect(err("base64gunzip", s("hello")).message).toBe('failed to decode base64 data "hello"');
    expect(err("base64gunzip", markedVal(s("hello"), [SENSITIVE])).message).toBe(
      "failed to decode base64 data (sensitive value)",
    );
    expect(err("base64gunzip", s("aGVsbG8gd29ybGQ=")).message).toBe(
      "failed to gunzip bytestream: gzip: invalid header",
    );
    expect(err("base64gunzip", s("")).message).toBe("failed to gunzip bytestream: EOF");
  });
});

describe("urlencode / urldecode", () => {
  it.each([
    ["abc123-_", "abc123-_"],
    ["foo:bar@localhost?foo=bar&bar=baz", "foo%3Abar%40localhost%3Ffoo%3Dbar%26bar%3Dbaz"],
    ["mailto:email?subject=this+is+my+subject", "mailto%3Aemail%3Fsubject%3Dthis%2Bis%2Bmy%2Bsubject"],
    ["foo/bar", "foo%2Fbar"],
    ["Hello World", "Hello+World"],
    ["hello 世界", "hello+%E4%B8%96%E7%95%8C"],
    ["a.b~c", "a.b~c"],
  ])("urlencode(%j) is %j and decodes back", (plain, encoded) => {
    expect(call("urlencode", s(plain))).toEqual(s(encoded));
    expect(call("urldecode", s(encoded))).toEqual(s(plain));
  });

  it("decodes %20, %00 and multi-byte sequences", () => {
    expect(call("urldecode", s("hello%20%E4%B8%96%E7%95%8C"))).toEqual(s("hello 世界"));
    expect(call("urldecode", s("hello%20%D8%AF%D9%86%DB%8C%D8%A7"))).toEqual(s("hello دنیا"));
    expect(call("urldecode", s("foo%00, bar!"))).toEqual(s("foo\u0000, bar!"));
  });

  it("refuses bad escapes as Go's QueryUnescape", () => {
    expect(err("urldecode", s("foo% bar")).message).toBe(`failed to decode URL '': invalid URL escape "% b"`);
    expect(err("urldecode", s("foo%2 bar")).message).toBe(
      `failed to decode URL '': invalid URL escape "%2 "`,
    );
    expect(err("urldecode", s("%GGfoo%2bar")).message).toBe(
      `failed to decode URL '': invalid URL escape "%GG"`,
    );
    expect(err("urldecode", s("abc%4")).message).toBe(`failed to decode URL '': invalid URL escape "%4"`);
  });
});

describe("jsonencode", () => {
  it("writes cty JSON with exact numbers and sorted keys", () => {
    expect(call("jsonencode", objectVal([["hello", s("world")]]))).toEqual(s('{"hello":"world"}'));
    expect(call("jsonencode", n("123456789012345678901234567890.000000000001"))).toEqual(
      s("123456789012345678901234567890.000000000001"),
    );
    expect(
      call(
        "jsonencode",
        mapVal([
          ["b", n(1)],
          ["a", n(2)],
        ]),
      ),
    ).toEqual(s('{"a":2,"b":1}'));
    expect(call("jsonencode", tupleVal([boolVal(true), nullVal(t.string), n("-1.5")]))).toEqual(
      s("[true,null,-1.5]"),
    );
    expect(call("jsonencode", setVal([s("b"), s("a")]))).toEqual(s('["a","b"]'));
    expect(call("jsonencode", nullVal(t.dynamic))).toEqual(s("null"));
    expect(call("jsonencode", listValEmpty(t.string))).toEqual(s("[]"));
  });

  it("escapes as Go's encoding/json", () => {
    expect(call("jsonencode", s('<b>&amp;</b> \u2028\u2029 "q" \\ \n\t\b\f\u0001\u007f é'))).toEqual(
      s(
        '"\\u003cb\\u003e\\u0026amp;\\u003c/b\\u003e \\u2028\\u2029 \\"q\\" \\\\ \\n\\t\\b\\f\\u0001\u007f é"',
      ),
    );
  });

  it("gives an unknown string for unknown input and refuses infinity", () => {
    expect(call("jsonencode", unknownVal(t.number)).isKnown).toBe(false);
    expect(call("jsonencode", tupleVal([unknownVal(t.number)])).isKnown).toBe(false);
    expect(err("jsonencode", numberVal(CtyNumber.infinity(false))).message).toBe(
      "cannot serialize infinity as JSON",
    );
  });
});

describe("jsondecode", () => {
  it("reads objects as objects and arrays as tuples, numbers exact", () => {
    expect(call("jsondecode", s('{"hello": "world"}'))).toEqual(objectVal([["hello", s("world")]]));
    expect(call("jsondecode", s("true"))).toEqual(boolVal(true));
    expect(call("jsondecode", s('[1, "a", null]'))).toEqual(tupleVal([n(1), s("a"), nullVal(t.dynamic)]));
    expect(call("jsondecode", s("0.1000000000000000000000001"))).toEqual(n("0.1000000000000000000000001"));
    expect(call("jsondecode", s("{}"))).toEqual(objectVal([]));
    expect(call("jsondecode", s('"\\u00e9\\ud83d\\ude00"'))).toEqual(s("é😀"));
    expect(call("jsondecode", s('"\\ud83d!"'))).toEqual(s("\ufffd!"));
  });

  it("takes the last of repeated keys of one type and refuses mixed types", () => {
    expect(call("jsondecode", s('{"a":1,"a":2}'))).toEqual(objectVal([["a", n(2)]]));
    expect(err("jsondecode", s('{"a":1,"a":"x"}')).message).toBe('duplicate "a" property in JSON object');
  });

  it("reports syntax errors as Go's decoder", () => {
    expect(err("jsondecode", s("")).message).toBe("EOF");
    expect(err("jsondecode", s("{")).message).toBe("unexpected EOF");
    expect(err("jsondecode", s("[1,]")).message).toBe("invalid character ']' looking for beginning of value");
    expect(err("jsondecode", s('{"a" 1}')).message).toBe("invalid character '1' after object key");
    expect(err("jsondecode", s("[1 2]")).message).toBe("invalid character '2' after array element");
    expect(err("jsondecode", s("1 2")).message).toBe("extraneous data after JSON object");
    expect(err("jsondecode", s("tru")).message).toBe("unexpected EOF");
    expect(err("jsondecode", s("trux")).message).toBe(
      "invalid character 'x' in literal true (expecting 'e')",
    );
    expect(err("jsondecode", s("-")).message).toBe("unexpected EOF");
    expect(err("jsondecode", s('"a\nb"')).message).toBe("invalid character '\\n' in string literal");
    // Go's scanner names the offending byte: a non-ASCII character by its first UTF-8 byte.
    expect(err("jsondecode", s("é")).message).toBe("invalid character 'Ã' looking for beginning of value");
    expect(err("jsondecode", s("[1,\u00a0]")).message).toBe(
      "invalid character 'Â' looking for beginning of value",
    );
  });

  it("gives an unknown of unknown type for unknown text", () => {
    const out = call("jsondecode", unknownVal(t.string));
    expect(out.isKnown).toBe(false);
  });
});

describe("csvdecode", () => {
  it("reads rows into objects keyed by the header", () => {
    const out = call("csvdecode", s("a,b,c\n1,2,3\n4,5,6"));
    expect(out).toEqual(
      listVal([
        objectVal([
          ["a", s("1")],
          ["b", s("2")],
          ["c", s("3")],
        ]),
        objectVal([
          ["a", s("4")],
          ["b", s("5")],
          ["c", s("6")],
        ]),
      ]),
    );
  });

  it("follows Go's encoding/csv: quotes, CRLF, blank lines", () => {
    const out = call("csvdecode", s('name,note\r\n"Smith, J","say ""hi""\r\nthere"\r\n\r\nx,y\r\n'));
    expect(out).toEqual(
      listVal([
        objectVal([
          ["name", s("Smith, J")],
          ["note", s('say "hi"\nthere')],
        ]),
        objectVal([
          ["name", s("x")],
          ["note", s("y")],
        ]),
      ]),
    );
  });

  it("gives an empty list of the header's object type without rows", () => {
    expect(call("csvdecode", s("a,b\n"))).toEqual(listValEmpty(t.object({ a: t.string, b: t.string })));
  });

  it("reports errors with their line", () => {
    expect(err("csvdecode", s("")).message).toBe("missing header line");
    expect(err("csvdecode", s("a,a\n1,2")).message).toBe('duplicate column name "a"');
    expect(err("csvdecode", s("a,b\n1,2,3")).message).toBe(
      "CSV parse error on line 2: wrong number of fields",
    );
    expect(err("csvdecode", s('a,b\n1,x"y')).message).toBe(
      'CSV parse error on line 2: bare " in non-quoted-field',
    );
    expect(err("csvdecode", s('a,b\n"1"x,2')).message).toBe(
      'CSV parse error on line 2: extraneous or missing " in quoted-field',
    );
  });
});

describe("textencodebase64 / textdecodebase64", () => {
  const text = "abc123!?$*&()'-=@~";
  it.each([
    ["UTF-8", "YWJjMTIzIT8kKiYoKSctPUB+"],
    ["UTF-16LE", "YQBiAGMAMQAyADMAIQA/ACQAKgAmACgAKQAnAC0APQBAAH4A"],
    ["CP936", "YWJjMTIzIT8kKiYoKSctPUB+"],
  ])("round-trip ASCII through %s", (charset, want) => {
    expect(call("textencodebase64", s(text), s(charset))).toEqual(s(want));
    expect(call("textdecodebase64", s(want), s(charset))).toEqual(s(text));
  });

  it.each([
    ["GBK", "你好，世界"],
    ["GBK", "€"],
    ["Shift_JIS", "こんにちは、ｶﾀｶﾅ"],
    ["EUC-KR", "안녕하세요"],
    ["Big5", "中文測試"],
    ["EUC-JP", "日本語"],
    ["GB18030", "你好😀"],
    ["windows-1252", "café €"],
    ["IBM437", "╔═╗ ░▒▓"],
    ["ISO-8859-1", "ÿé"],
    ["koi8-r", "Привет"],
    ["UTF-16BE", "é😀"],
  ])("encodes %s as iconv-lite does and decodes it back", (charset, sample) => {
    const want = iconv.encode(sample, charset).toString("base64");
    expect(call("textencodebase64", s(sample), s(charset))).toEqual(s(want));
    expect(call("textdecodebase64", s(want), s(charset))).toEqual(s(sample));
  });

  it("writes a byte order mark for UTF-16", () => {
    expect(call("textencodebase64", s("a"), s("UTF-16"))).toEqual(s("/v8AYQ=="));
    expect(call("textdecodebase64", s("//5hAA=="), s("utf-16"))).toEqual(s("a"));
  });

  it("gives OpenTofu's messages", () => {
    expect(err("textencodebase64", s("x"), s("NOT-EXISTS"))).toEqual({
      message: '"NOT-EXISTS" is not a supported IANA encoding name or alias in this OpenTofu version',
      argIndex: 1,
    });
    // Quoted as Go's %q: the zero-width space is escaped, not printed invisibly.
    expect(err("textencodebase64", s("x"), s("utf\u200b8")).message).toBe(
      '"utf\\u200b8" is not a supported IANA encoding name or alias in this OpenTofu version',
    );
    expect(err("textencodebase64", s("🤔"), s("cp437"))).toEqual({
      message: "the given string contains characters that cannot be represented in IBM437",
      argIndex: 0,
    });
    expect(err("textencodebase64", s("é"), s("us-ascii")).message).toBe(
      "the given string contains characters that cannot be represented in US-ASCII",
    );
    expect(err("textdecodebase64", s("<invalid base64>"), s("cp437"))).toEqual({
      message: "the given value is has an invalid base64 symbol at offset 0",
      argIndex: 0,
    });
    expect(err("textdecodebase64", s("gQ=="), s("windows-1250")).message).toBe(
      "the given string contains symbols that are not defined for windows-1250",
    );
    expect(err("textdecodebase64", s("YWJj="), s("UTF-8")).message).toBe(
      "the given value is has an invalid base64 symbol at offset 4",
    );
  });
});

describe("yamldecode", () => {
  const y = (src: string) => call("yamldecode", s(src));
  it("resolves scalars as go-cty-yaml", () => {
    expect(y("hello")).toEqual(s("hello"));
    expect(y('"True"')).toEqual(s("True"));
    expect(y("'NULL'")).toEqual(s("NULL"));
    expect(y("true")).toEqual(boolVal(true));
    expect(y("yes")).toEqual(boolVal(true));
    expect(y("Off")).toEqual(boolVal(false));
    expect(y("~")).toEqual(nullVal(t.dynamic));
    expect(y("---")).toEqual(nullVal(t.dynamic));
    expect(y(".5")).toEqual(n("0.5"));
    expect(y("0o77")).toEqual(n(63));
    expect(y("077")).toEqual(n(77));
    expect(y("0x1f")).toEqual(n(31));
    expect(y("-12")).toEqual(n(-12));
    expect(y("1e3")).toEqual(n(1000));
    expect(y("0ba")).toEqual(s("0ba"));
    expect(y("1_000")).toEqual(s("1_000"));
    expect(y("!!int 1_000")).toEqual(n(1000));
    expect(y(".Inf")).toEqual(numberVal(CtyNumber.infinity(false)));
    expect(y("-.Inf")).toEqual(numberVal(CtyNumber.infinity(true)));
    expect(y("Inf")).toEqual(s("Inf"));
    expect(y("-inf")).toEqual(s("-inf"));
    expect(y("2006-1-2")).toEqual(s("2006-01-02T00:00:00Z"));
    expect(y("2001-12-14t21:59:43.10-05:00")).toEqual(s("2001-12-14T21:59:43-05:00"));
    expect(y("!!timestamp 2006-1-2")).toEqual(s("2006-01-02T00:00:00Z"));
    expect(y("!!str true")).toEqual(s("true"));
    expect(y("!<tag:yaml.org,2002:str> true")).toEqual(s("true"));
    expect(y("!!binary 'aGVsbG8='")).toEqual(s("aGVsbG8="));
    expect(y("<<")).toEqual(s("<<"));
    expect(y("|\n  hello\n  world\n")).toEqual(s("hello\nworld\n"));
    expect(y(">\n  hello\n  world\n")).toEqual(s("hello world\n"));
  });

  it("reads mappings as objects and sequences as tuples", () => {
    expect(y("{a: 1, b: true}")).toEqual(
      objectVal([
        ["a", n(1)],
        ["b", boolVal(true)],
      ]),
    );
    expect(y("a: 1\nb:\n  - foo\n  - <<\n  - baz\n")).toEqual(
      objectVal([
        ["a", n(1)],
        ["b", tupleVal([s("foo"), s("<<"), s("baz")])],
      ]),
    );
    expect(y("[a, b, true]")).toEqual(tupleVal([s("a"), s("b"), boolVal(true)]));
    expect(y("{}")).toEqual(objectVal([]));
    expect(y("[]")).toEqual(tupleVal([]));
    // Keys resolve like values and become strings: yes, and even y, are "true".
    expect(y("yes: 1\n2: x\ny: 3")).toEqual(
      objectVal([
        ["true", n(3)],
        ["2", s("x")],
      ]),
    );
  });

  it("follows anchors, aliases and merge keys", () => {
    expect(y("base: &b {x: 1, z: 2}\nother:\n  <<: *b\n  z: 3\nref: *b\n")).toEqual(
      objectVal([
        [
          "base",
          objectVal([
            ["x", n(1)],
            ["z", n(2)],
          ]),
        ],
        [
          "other",
          objectVal([
            ["x", n(1)],
            ["z", n(3)],
          ]),
        ],
        [
          "ref",
          objectVal([
            ["x", n(1)],
            ["z", n(2)],
          ]),
        ],
      ]),
    );
    // A later merge overrides keys before it, as go-cty-yaml reads them in order.
    expect(y("a:\n  z: 3\n  <<: {z: 4}\n")).toEqual(objectVal([["a", objectVal([["z", n(4)]])]]));
  });

  it("gives go-cty-yaml's messages", () => {
    expect(err("yamldecode", s("{a: &foo [1, *foo, 3]}")).message).toBe(
      'cannot refer to anchor "foo" from inside its own definition',
    );
    expect(err("yamldecode", s("{a: !not-supported foo}")).message).toBe('unsupported tag "!not-supported"');
    expect(err("yamldecode", s("!!bool bananas")).message).toBe(
      'cannot parse "bananas" as tag:yaml.org,2002:bool',
    );
    expect(err("yamldecode", s(".NaN")).message).toBe("floating point NaN is not supported");
    expect(err("yamldecode", s("!!nope foo")).message).toBe('unsupported tag "tag:yaml.org,2002:nope"');
    expect(err("yamldecode", s("!!binary '>>>>>>>>>'")).message).toBe(
      'cannot parse ">>>>>>>>>" as tag:yaml.org,2002:binary: not valid base64',
    );
    expect(err("yamldecode", s("---\ntrue\n---\nfalse")).message).toBe(
      "on line 2, column 1: unexpected extra content after value",
    );
    expect(err("yamldecode", s("a: 1\nb: ~\n~: 2")).message).toBe(
      "on line 2, column 1: mapping key cannot be null",
    );
    expect(err("yamldecode", s("a: 1\n? [x]\n: 2")).message).toBe(
      "on line 1, column 3: only strings are allowed as mapping keys",
    );
    expect(err("yamldecode", s("a: 1\nb:\n  <<: 5")).message).toBe(
      "on line 2, column 3: cannot merge number into mapping",
    );
  });
});

describe("yamlencode", () => {
  const y = (v: Value) => call("yamlencode", v).asString();
  it("writes go-cty-yaml's bytes for scalars", () => {
    expect(y(boolVal(true))).toBe("true\n...\n");
    expect(y(s(""))).toBe('""\n');
    expect(y(s("hello"))).toBe('"hello"\n');
    expect(y(s("hello\nworld"))).toBe("|-\n  hello\n  world\n");
    expect(y(n(0))).toBe("0\n...\n");
    expect(y(numberVal(CtyNumber.infinity(false)))).toBe("+Inf\n...\n");
    expect(y(numberVal(CtyNumber.infinity(true)))).toBe("-Inf\n...\n");
    expect(y(nullVal(t.string))).toBe("null\n...\n");
    expect(y(objectVal([]))).toBe("{}\n");
    expect(y(tupleVal([]))).toBe("[]\n");
  });

  it("writes OpenTofu's documented examples", () => {
    expect(
      y(
        objectVal([
          ["a", s("b")],
          ["c", s("d")],
        ]),
      ),
    ).toBe('"a": "b"\n"c": "d"\n');
    expect(
      y(
        objectVal([
          ["foo", tupleVal([n(1), n(2), n(3)])],
          ["bar", s("baz")],
        ]),
      ),
    ).toBe('"bar": "baz"\n"foo":\n- 1\n- 2\n- 3\n');
    expect(
      y(
        objectVal([
          [
            "foo",
            tupleVal([
              n(1),
              objectVal([
                ["a", s("b")],
                ["c", s("d")],
              ]),
              n(3),
            ]),
          ],
          ["bar", s("baz")],
        ]),
      ),
    ).toBe('"bar": "baz"\n"foo":\n- 1\n- "a": "b"\n  "c": "d"\n- 3\n');
  });

  it("nests mappings, sequences and literal blocks as libyaml does", () => {
    expect(
      y(
        objectVal([
          [
            "a",
            objectVal([
              ["b", s("x\ny\n")],
              ["c", tupleVal([])],
            ]),
          ],
        ]),
      ),
    ).toBe('"a":\n  "b": |\n    x\n    y\n  "c": []\n');
    expect(y(tupleVal([tupleVal([n(1), n(2)]), s("a\n\nb")]))).toBe("- - 1\n  - 2\n- |-\n  a\n\n  b\n");
    expect(y(s(" lead\n"))).toBe("|2\n   lead\n");
    expect(y(s("x\n\n"))).toBe("|+\n  x\n\n...\n");
  });

  it("double-quotes what a literal block cannot hold, with libyaml's escapes", () => {
    expect(y(s("tab\there\n"))).toBe('"tab\\there\\n"\n');
    expect(y(s("trailing \nspace"))).toBe('"trailing \\nspace"\n');
    expect(y(s("é\u0000\u2028\ufeff😀"))).toBe('"é\\0\\L\\uFEFF😀"\n');
  });

  it("folds long double-quoted strings at spaces past column 80", () => {
    const long = Array.from({ length: 30 }, (_, i) => `word${i}`).join(" ");
    const out = y(s(long));
    expect(out.split("\n").length).toBeGreaterThan(2);
    expect(call("yamldecode", s(out))).toEqual(s(long));
  });

  it("gives an unknown result for unknown input", () => {
    expect(call("yamlencode", tupleVal([unknownVal(t.string)])).isKnown).toBe(false);
  });
});

describe("GB18030's four-byte sequences", () => {
  it.each(["€", "ÿ", "\u0080", "\u4dae", "\uffff", "𠀀", "😀"])("encode %j as iconv-lite does", (ch) => {
    const want = iconv.encode(ch, "gb18030").toString("base64");
    expect(call("textencodebase64", s(ch), s("GB18030"))).toEqual(s(want));
    expect(call("textdecodebase64", s(want), s("GB18030"))).toEqual(s(ch));
  });
});
