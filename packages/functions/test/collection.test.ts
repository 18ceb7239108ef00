import {
  boolVal,
  consoleString,
  emptyObjectVal,
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
import { describe, expect, it } from "vitest";
import { call, failure, show } from "./support.js";

const s = stringVal;
const n = (x: number | string) => numberVal(String(x));
const strs = (...xs: string[]) => listVal(xs.map(s), t.string);
const nums = (...xs: number[]) => listVal(xs.map(n), t.number);
const bools = (...xs: boolean[]) => listVal(xs.map(boolVal), t.bool);
const texts = (v: Value) =>
  v.elements().map((e) => (e.isNull ? null : e.type.kind === "string" ? e.asString() : consoleString(e)));

describe("alltrue and anytrue", () => {
  it("follow the docs", () => {
    expect(call("alltrue", bools(true, true)).asBool()).toBe(true);
    expect(call("alltrue", bools(true, false)).asBool()).toBe(false);
    expect(call("alltrue", listValEmpty(t.bool)).asBool()).toBe(true);
    expect(call("anytrue", bools(true, false)).asBool()).toBe(true);
    expect(call("anytrue", listValEmpty(t.bool)).asBool()).toBe(false);
  });
  it("treat unknown and null elements as OpenTofu does", () => {
    expect(call("alltrue", listVal([boolVal(true), unknownVal(t.bool)])).isKnown).toBe(false);
    expect(call("alltrue", listVal([unknownVal(t.bool), boolVal(false)])).isKnown).toBe(false);
    expect(call("alltrue", listVal([nullVal(t.bool)])).asBool()).toBe(false);
    expect(call("anytrue", listVal([unknownVal(t.bool), boolVal(true)])).asBool()).toBe(true);
    expect(call("anytrue", listVal([unknownVal(t.bool), boolVal(false)])).isKnown).toBe(false);
  });
});

describe("chunklist, coalesce, coalescelist, compact, concat", () => {
  it("chunklist splits into fixed-size chunks", () => {
    expect(consoleString(call("chunklist", strs("a", "b", "c", "d", "e"), n(2)))).toBe(
      'tolist([\n  tolist([\n    "a",\n    "b",\n  ]),\n  tolist([\n    "c",\n    "d",\n  ]),\n  tolist([\n    "e",\n  ]),\n])',
    );
    expect(call("chunklist", strs("a", "b"), n(0)).length).toBe(1);
    expect(failure("chunklist", strs("a"), n(-1)).message).toBe("the size argument must be positive");
  });
  it("coalesce takes the first non-null, non-empty argument", () => {
    expect(show("coalesce", s("a"), s("b"))).toBe('"a"');
    expect(show("coalesce", s(""), s("b"))).toBe('"b"');
    expect(show("coalesce", n(1), n(2))).toBe("1");
    expect(show("coalesce", nullVal(t.string), s("x"))).toBe('"x"');
    expect(show("coalesce", n(1), s("b"))).toBe('"1"');
    expect(failure("coalesce", s(""), nullVal(t.string)).message).toBe(
      "no non-null, non-empty-string arguments",
    );
    expect(failure("coalesce", s("a"), strs("b")).message).toBe("all arguments must have the same type");
    expect(show("coalesce", nullVal(t.bool), boolVal(false), s("hello"))).toBe('"false"');
    expect(show("coalesce", boolVal(true), unknownVal(t.bool))).toBe("true");
    expect(call("coalesce", unknownVal(t.bool), boolVal(true)).isKnown).toBe(false);
    const dyn = call("coalesce", unknownVal(t.dynamic), boolVal(true));
    expect(dyn.isKnown).toBe(false);
    expect(dyn.type.kind).toBe("bool");
  });
  it("coalescelist takes the first non-empty list", () => {
    expect(texts(call("coalescelist", tupleVal([s("a"), s("b")]), tupleVal([s("c")])))).toEqual(["a", "b"]);
    expect(texts(call("coalescelist", tupleVal([]), tupleVal([s("c"), s("d")])))).toEqual(["c", "d"]);
    expect(failure("coalescelist", s("a")).message).toBe("coalescelist arguments must be lists or tuples");
    expect(failure("coalescelist", tupleVal([])).message).toBe("no non-null arguments");
  });
  it("compact drops null and empty strings", () => {
    expect(texts(call("compact", listVal([s("a"), s(""), s("b"), nullVal(t.string), s("c")])))).toEqual([
      "a",
      "b",
      "c",
    ]);
  });
  it("concat joins lists and tuples", () => {
    expect(consoleString(call("concat", strs("a", ""), strs("b", "c")))).toBe(
      'tolist([\n  "a",\n  "",\n  "b",\n  "c",\n])',
    );
    expect(call("concat", tupleVal([s("a")]), tupleVal([n(1)])).type.kind).toBe("tuple");
    expect(failure("concat", s("a")).message).toBe("all arguments must be lists or tuples; got string");
    expect(failure("concat").message).toBe("at least one argument is required");
  });
});

describe("contains, distinct, element, index, flatten", () => {
  it("contains compares by cty equality", () => {
    expect(call("contains", strs("a", "b", "c"), s("a")).asBool()).toBe(true);
    expect(call("contains", strs("a", "b", "c"), s("d")).asBool()).toBe(false);
    expect(call("contains", tupleVal([n(1), s("a")]), n(1)).asBool()).toBe(true);
    expect(call("contains", listVal([unknownVal(t.string), s("a")]), s("b")).isKnown).toBe(false);
    expect(call("contains", listVal([unknownVal(t.string), s("a")]), s("a")).asBool()).toBe(true);
    expect(failure("contains", s("abc"), s("a")).message).toBe("argument must be list, tuple, or set");
  });
  it("distinct keeps first occurrences", () => {
    expect(texts(call("distinct", strs("a", "b", "a", "c", "d", "b")))).toEqual(["a", "b", "c", "d"]);
  });
  it("distinct drops values equal by cty equality, whatever their marks or zero's sign", () => {
    expect(texts(call("distinct", nums(0, 1, 0, 1.5)))).toEqual(["0", "1", "1.5"]);
    expect(
      texts(call("distinct", listVal([numberVal("-0"), n(0), n("1e400"), n("1e400")], t.number))),
    ).toEqual(["-0", `1${"0".repeat(400)}`]);
    const objects = listVal([
      objectVal({ a: s("x"), b: listVal([n(1), n(2)]) }),
      objectVal({ a: markedVal(s("x"), [SENSITIVE]), b: listVal([n(1), n(2)]) }),
      objectVal({ a: s("x"), b: listVal([n(2), n(1)]) }),
      objectVal({ a: nullVal(t.string), b: listVal([n(1), n(2)]) }),
      objectVal({ a: nullVal(t.string), b: listVal([n(1), n(2)]) }),
    ]);
    expect(call("distinct", objects).length).toBe(3);
    expect(texts(call("distinct", listVal([s("~"), nullVal(t.string), nullVal(t.string), s("~")])))).toEqual([
      "~",
      null,
    ]);
  });
  // Comparing every kept element with every other took seconds; hashing takes tens of ms, far
  // inside the timeout.
  it("distinct of 50,000 objects hashes them instead of comparing each pair", { timeout: 60_000 }, () => {
    const size = 50_000;
    const list = listVal(
      Array.from({ length: size }, (_, i) =>
        objectVal({ name: s(`v${i % (size / 2)}`), n: n(i % (size / 2)) }),
      ),
    );
    const out = call("distinct", list);
    expect(out.length).toBe(size / 2);
    expect(
      out
        .index(size / 2 - 1)
        ?.get("name")
        ?.asString(),
    ).toBe(`v${size / 2 - 1}`);
  });
  it("element wraps indexes at int64's ends exactly (go-cty function/stdlib/collection_test.go, TestElement)", () => {
    const words = strs("the", "quick", "brown", "fox");
    expect(call("element", words, n("9223372036854775807")).asString()).toBe("fox");
    expect(call("element", words, n("-9223372036854775808")).asString()).toBe("the");
    expect(call("element", words, n(-6)).asString()).toBe("brown");
    const tuple = tupleVal([s("the"), s("quick"), s("brown"), s("fox")]);
    expect(call("element", tuple, n("9223372036854775807")).asString()).toBe("fox");
    expect(failure("element", words, n("9223372036854775808")).message).toBe(
      "invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807",
    );
  });
  it("element wraps around", () => {
    expect(call("element", strs("a", "b", "c"), n(1)).asString()).toBe("b");
    expect(call("element", strs("a", "b", "c"), n(3)).asString()).toBe("a");
    expect(call("element", strs("a", "b", "c"), n(-1)).asString()).toBe("c");
    expect(failure("element", listValEmpty(t.string), n(0)).message).toBe(
      "cannot use element function with an empty list",
    );
    expect(failure("element", strs("a"), n(1.5)).message).toBe(
      "invalid index: value must be a whole number, between -9223372036854775808 and 9223372036854775807",
    );
    expect(failure("element", s("a"), n(0)).message).toBe("cannot read elements from string");
  });
  it("element leaves the marks of other elements behind", () => {
    const list = listVal([s("a"), markedVal(s("b"), [SENSITIVE])]);
    expect(marksOf(call("element", list, n(0))).size).toBe(0);
    expect([...marksOf(call("element", list, n(1)))]).toEqual([SENSITIVE]);
  });
  it("index finds the first equal element", () => {
    expect(show("index", strs("a", "b", "c"), s("b"))).toBe("1");
    expect(failure("index", strs("a"), s("z")).message).toBe("item not found");
    expect(show("index", listVal([s("a"), s("b"), unknownVal(t.string)]), s("a"))).toBe("0");
    expect(call("index", listVal([unknownVal(t.string), s("a")]), s("a")).isKnown).toBe(false);
    expect(failure("index", strs("1", "2"), n(1)).message).toBe("item not found");
    expect(failure("index", listValEmpty(t.string), s("z")).message).toBe("cannot search an empty list");
    expect(failure("index", s("abc"), s("z")).message).toBe("argument must be a list or tuple");
  });
  it("flatten flattens nested sequences", () => {
    const nested = tupleVal([strs("a", "b"), listValEmpty(t.string), strs("c")]);
    expect(texts(call("flatten", nested))).toEqual(["a", "b", "c"]);
    expect(texts(call("flatten", tupleVal([tupleVal([s("a"), tupleVal([s("b")])]), s("c")])))).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(failure("flatten", s("a")).message).toBe("can only flatten lists, sets and tuples");
  });
});

describe("length", () => {
  it("counts elements, attributes and grapheme clusters", () => {
    expect(show("length", tupleVal([]))).toBe("0");
    expect(show("length", strs("a", "b"))).toBe("2");
    expect(show("length", mapVal({ a: s("b") }))).toBe("1");
    expect(show("length", objectVal({ a: s("b"), c: n(1) }))).toBe("2");
    expect(show("length", s("hello"))).toBe("5");
    expect(show("length", s("👾🕹️"))).toBe("2");
    expect(show("length", s("e\u0301"))).toBe("1");
    // A documented difference: Unicode 15.1's GB9c keeps this conjunct in one cluster; OpenTofu's
    // textseg (Unicode 15.0) counts 2.
    expect(show("length", s("क्ष"))).toBe("1");
  });
  it("knows a tuple's length even when the tuple is unknown, and keeps marks", () => {
    expect(show("length", unknownVal(t.tuple([t.string, t.string])))).toBe("2");
    expect(call("length", unknownVal(t.list(t.string))).isKnown).toBe(false);
    expect(show("length", listVal([unknownVal(t.bool)]))).toBe("1");
    expect(call("length", setVal([unknownVal(t.string), s("a")])).isKnown).toBe(false);
    expect(show("length", setVal([unknownVal(t.string)]))).toBe("1");
    expect(show("length", listVal([markedVal(s("a"), ["a"]), markedVal(s("b"), ["b"])]))).toBe("2");
    expect(marksOf(call("length", listVal([markedVal(s("a"), ["a"])]))).size).toBe(0);
    expect([...marksOf(call("length", markedVal(s("abc"), [SENSITIVE])))]).toEqual([SENSITIVE]);
    expect(failure("length", n(1)).message).toBe(
      "argument must be a string, a collection type, or a structural type",
    );
  });
});

describe("one, range, reverse, slice, sort, sum", () => {
  it("one gives the only element or null", () => {
    expect(show("one", strs("a"))).toBe('"a"');
    expect(call("one", listValEmpty(t.string)).isNull).toBe(true);
    expect(call("one", tupleVal([])).isNull).toBe(true);
    expect(call("one", listVal([unknownVal(t.number)])).isKnown).toBe(false);
    // Two unknown set elements may turn out equal and be one.
    expect(call("one", setVal([unknownVal(t.number), unknownVal(t.number)])).isKnown).toBe(false);
    expect(failure("one", listVal([unknownVal(t.number), unknownVal(t.number)])).message).toBe(
      "must be a list, set, or tuple value with either zero or one elements",
    );
    expect(failure("one", nullVal(t.list(t.string))).message).toBe("argument must not be null");
    expect(failure("one", strs("a", "b"))).toEqual({
      message: "must be a list, set, or tuple value with either zero or one elements",
      argIndex: 0,
    });
  });
  it("range counts as the docs show", () => {
    expect(texts(call("range", n(3)))).toEqual(["0", "1", "2"]);
    expect(texts(call("range", n(1), n(4)))).toEqual(["1", "2", "3"]);
    expect(texts(call("range", n(1), n(8), n(2)))).toEqual(["1", "3", "5", "7"]);
    expect(texts(call("range", n(1), n(4), n(0.5)))).toEqual(["1", "1.5", "2", "2.5", "3", "3.5"]);
    expect(texts(call("range", n(4), n(1)))).toEqual(["4", "3", "2"]);
    expect(texts(call("range", n(10), n(5), n(-2)))).toEqual(["10", "8", "6"]);
    expect(texts(call("range", n(-3)))).toEqual(["0", "-1", "-2"]);
    expect(call("range", n(0)).length).toBe(0);
    expect(failure("range", n(1), n(4), n(-1))).toEqual({
      message: "end must be less than start when step is negative",
      argIndex: 1,
    });
    expect(failure("range", n(4), n(1), n(1)).message).toBe(
      "end must be greater than start when step is positive",
    );
    expect(failure("range", n(0), n(10), n(0)).message).toBe(
      "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step",
    );
    expect(failure("range").message).toBe("must have one, two, or three arguments");
  });
  it("reverse reverses lists, sets (into lists) and tuples", () => {
    expect(texts(call("reverse", nums(1, 2, 3)))).toEqual(["3", "2", "1"]);
    expect(call("reverse", setVal([s("b"), s("a")])).type.kind).toBe("list");
    expect(failure("reverse", s("a")).message).toBe("can only reverse list or tuple values, not string");
  });
  it("slice cuts between indexes", () => {
    expect(texts(call("slice", strs("a", "b", "c", "d"), n(1), n(3)))).toEqual(["b", "c"]);
    expect(failure("slice", strs("a"), n(2), n(2))).toEqual({
      message: "start index must not be greater than the length of the list",
      argIndex: 1,
    });
    expect(failure("slice", strs("a", "b"), n(2), n(1)).message).toBe(
      "start index must not be greater than end index",
    );
    expect(failure("slice", strs("a"), n(0), n(3)).message).toBe(
      "end index must not be greater than the length of the list",
    );
    expect(failure("slice", setVal([s("a")]), n(0), n(1)).message).toMatch(/^cannot slice a set/);
  });
  it("sort orders strings lexically", () => {
    expect(texts(call("sort", strs("e", "d", "a", "x")))).toEqual(["a", "d", "e", "x"]);
    expect(texts(call("sort", strs("b", "a", "B", "é", "10", "9")))).toEqual(["10", "9", "B", "a", "b", "é"]);
    expect(failure("sort", listVal([s("a"), nullVal(t.string)])).message).toBe(
      "given list element 1 is null; a null string cannot be sorted",
    );
  });
  it("sum adds exactly", () => {
    expect(show("sum", nums(10, 2, 6, 4))).toBe("22");
    expect(show("sum", listVal([n("0.1"), n("0.2")]))).toBe("0.3");
    expect(show("sum", tupleVal([n(1), s("2")]))).toBe("3");
    expect(failure("sum", listValEmpty(t.number)).message).toBe("cannot sum an empty list");
    expect(failure("sum", mapVal({ a: n(1) })).message).toBe(
      "argument must be list, set, or tuple. Received map of number",
    );
    expect(failure("sum", tupleVal([n(1), s("x")])).message).toBe(
      "argument must be list, set, or tuple of number values",
    );
    expect(failure("sum", s("a")).message).toBe("cannot sum noniterable");
    expect(show("sum", listVal([n("10.2"), n("19.4"), n("5.7")]))).toBe("35.3");
    expect(show("sum", setVal([n(10), n(-19), n(5)]))).toBe("-4");
    expect(show("sum", strs("1", "2", "3"))).toBe("6");
    expect(show("sum", listVal([n("1e+500"), n("1e+500")]))).toBe(`2${"0".repeat(500)}`);
    expect(call("sum", listVal([unknownVal(t.number)])).isKnown).toBe(false);
    expect(failure("sum", listVal([n(5), nullVal(t.number)])).message).toBe(
      "argument must be list, set, or tuple of number values",
    );
  });
});

describe("keys, values, lookup, merge, zipmap, matchkeys, transpose", () => {
  const m = mapVal({ a: n(1), c: n(2), d: n(3) });
  it("keys and values follow key order", () => {
    expect(texts(call("keys", m))).toEqual(["a", "c", "d"]);
    expect(texts(call("values", m))).toEqual(["1", "2", "3"]);
    expect(texts(call("keys", objectVal({ b: s("x"), a: n(1) })))).toEqual(["a", "b"]);
    expect(call("keys", unknownVal(t.object({ b: t.string }))).isKnown).toBe(true);
    expect(failure("keys", s("a")).message).toBe("must have map or object type");
    expect(failure("values", s("a")).message).toBe("values() requires a map as the first argument");
  });
  it("lookup reads a key or gives the default", () => {
    const ab = mapVal({ a: s("ay"), b: s("bee") });
    expect(show("lookup", ab, s("a"), s("what?"))).toBe('"ay"');
    expect(show("lookup", ab, s("c"), s("what?"))).toBe('"what?"');
    expect(failure("lookup", ab, s("c")).message).toBe('lookup failed to find key "c"');
    expect([...marksOf(call("lookup", ab, s("c"), markedVal(s("d"), [SENSITIVE])))]).toEqual([SENSITIVE]);
    expect([...marksOf(call("lookup", ab, markedVal(s("a"), [SENSITIVE])))]).toEqual([SENSITIVE]);
    expect(
      marksOf(call("lookup", mapVal({ a: s("x"), b: markedVal(s("y"), [SENSITIVE]) }), s("a"))).size,
    ).toBe(0);
    expect(failure("lookup", ab, markedVal(s("c"), [SENSITIVE])).message).toBe(
      "lookup failed to find key (sensitive value)",
    );
    expect(failure("lookup", objectVal({ a: s("x") }), s("b"))).toEqual({
      message: 'the given object has no attribute "b"',
      argIndex: 0,
    });
    expect(failure("lookup", s("x"), s("b")).message).toBe("lookup() requires a map as the first argument");
    expect(failure("lookup", ab, s("a"), s("x"), s("y")).message).toBe(
      "lookup() takes two or three arguments, got 4",
    );
    expect(failure("lookup", mapVal({ a: strs("x") }), s("a"), s("y"))).toEqual({
      message: "the default value must have the same type as the map elements",
      argIndex: 2,
    });
  });
  it("merge combines maps and objects, later keys winning", () => {
    expect(show("merge", mapVal({ a: s("b"), c: s("d") }), mapVal({ e: s("f"), c: s("z") }))).toBe(
      'tomap({\n  "a" = "b"\n  "c" = "z"\n  "e" = "f"\n})',
    );
    expect(show("merge", objectVal({ a: s("b"), c: s("d") }), objectVal({ e: s("f"), c: s("z") }))).toBe(
      '{\n  "a" = "b"\n  "c" = "z"\n  "e" = "f"\n}',
    );
    expect(show("merge", mapVal({ a: s("b") }), objectVal({ e: n(1) }))).toBe('{\n  "a" = "b"\n  "e" = 1\n}');
    expect(call("merge").type.kind).toBe("object");
    expect(show("merge", emptyObjectVal, nullVal(t.map(t.string)))).toBe("{}");
    expect(failure("merge", s("a")).message).toBe('arguments must be maps or objects, got "string"');
  });
  it("zipmap pairs keys with values", () => {
    expect(show("zipmap", strs("a", "b"), nums(1, 2))).toBe('tomap({\n  "a" = 1\n  "b" = 2\n})');
    expect(show("zipmap", strs("a", "b"), tupleVal([n(1), s("x")]))).toBe('{\n  "a" = 1\n  "b" = "x"\n}');
    expect(failure("zipmap", strs("a"), nums(1, 2)).message).toBe(
      "number of keys (1) does not match number of values (2)",
    );
    expect(failure("zipmap", strs("a"), s("x")).message).toBe(
      "values argument must be a list or tuple value",
    );
  });
  it("matchkeys picks values whose keys are in the search set", () => {
    expect(
      texts(
        call(
          "matchkeys",
          strs("i-123", "i-abc", "i-def"),
          strs("us-west", "us-east", "us-east"),
          strs("us-east"),
        ),
      ),
    ).toEqual(["i-abc", "i-def"]);
    expect(failure("matchkeys", strs("a"), strs("a", "b"), strs("a")).message).toBe(
      "length of keys and values should be equal",
    );
  });
  it("transpose swaps keys and values", () => {
    const r = call("transpose", mapVal({ a: strs("1", "2"), b: strs("2", "3"), c: strs("1") }));
    expect(consoleString(r)).toBe(
      'tomap({\n  "1" = tolist([\n    "a",\n    "c",\n  ])\n  "2" = tolist([\n    "a",\n    "b",\n  ])\n  "3" = tolist([\n    "b",\n  ])\n})',
    );
    expect(failure("transpose", mapVal({ k: listVal([nullVal(t.string)]) })).message).toBe(
      'cannot use null string for ["k"][0]',
    );
  });
});

describe("set functions", () => {
  const set = (...xs: string[]) => setVal(xs.map(s), t.string);
  it("combine sets in cty's order", () => {
    expect(texts(call("setunion", set("a", "b"), set("b", "c"), set("d")))).toEqual(["a", "b", "c", "d"]);
    expect(texts(call("setintersection", set("a", "b"), set("b", "c"), set("b", "d")))).toEqual(["b"]);
    expect(texts(call("setsubtract", set("a", "b", "c"), set("a", "c")))).toEqual(["b"]);
    expect(call("setsubtract", set("a"), set("a")).length).toBe(0);
  });
  it("setproduct gives every combination", () => {
    const r = call("setproduct", set("development", "staging"), set("app1", "app2"));
    expect(r.type.kind).toBe("set");
    expect(r.elements().map((e) => e.elements().map((v) => v.asString()))).toEqual([
      ["development", "app1"],
      ["development", "app2"],
      ["staging", "app1"],
      ["staging", "app2"],
    ]);
    expect(call("setproduct", tupleVal([s("a")]), tupleVal([s("b")])).type.kind).toBe("list");
    expect(failure("setproduct", set("a")).message).toBe("at least two arguments are required");
    expect(failure("setproduct", set("a"), s("b"))).toEqual({
      message: "a set or a list is required",
      argIndex: 1,
    });
  });
  it("refuse incompatible element types", () => {
    expect(failure("setunion", set("a"), setVal([strs("x")])).message).toBe(
      "given sets must all have compatible element types",
    );
  });
});

describe("list and map", () => {
  it("explain that they were removed", () => {
    expect(failure("list", s("a")).message).toBe(
      'the "list" function was deprecated in Terraform v0.12 and is not available in OpenTofu; use tolist([ ... ]) syntax to write a literal list',
    );
    expect(failure("map").message).toBe(
      'the "map" function was deprecated in Terraform v0.12 and is not available in OpenTofu; use tomap({ ... }) syntax to write a literal map',
    );
  });
});
