import {
  boolVal,
  consoleString,
  emptyObjectVal,
  emptyTupleVal,
  markedVal,
  marksOf,
  nullVal,
  numberVal,
  objectVal,
  SENSITIVE,
  stringVal,
  t,
  tupleVal,
  unknownVal,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { call, failure, show } from "./support.js";

const s = stringVal;

describe("tostring, tonumber, tobool", () => {
  it("convert primitives", () => {
    expect(show("tostring", s("a"))).toBe('"a"');
    expect(show("tostring", boolVal(true))).toBe('"true"');
    expect(show("tostring", numberVal(5))).toBe('"5"');
    expect(show("tonumber", s("1.5"))).toBe("1.5");
    expect(show("tobool", s("true"))).toBe("true");
    expect(call("tostring", nullVal(t.dynamic)).type.kind).toBe("string");
    expect(call("tonumber", nullVal(t.string)).isNull).toBe(true);
    expect(call("tobool", unknownVal(t.string)).type.kind).toBe("bool");
  });
  it("keep marks", () => {
    expect([...marksOf(call("tostring", markedVal(s("a"), ["boop"])))]).toEqual(["boop"]);
    expect([...marksOf(call("tonumber", markedVal(s("1"), ["boop"])))]).toEqual(["boop"]);
  });
  it("refuse with OpenTofu's messages", () => {
    expect(failure("tobool", s("a"))).toEqual({
      message: 'cannot convert "a" to bool; only the strings "true" or "false" are allowed',
      argIndex: 0,
    });
    expect(failure("tobool", markedVal(s("a"), ["boop"])).message).toBe(
      'cannot convert "a" to bool; only the strings "true" or "false" are allowed',
    );
    expect(failure("tobool", markedVal(s("a"), [SENSITIVE])).message).toBe(
      "cannot convert this sensitive string to bool",
    );
    expect(failure("tonumber", s("a")).message).toBe(
      'cannot convert "a" to number; given string must be a decimal representation of a number',
    );
    expect(failure("tonumber", markedVal(s("a"), [SENSITIVE])).message).toBe(
      "cannot convert this sensitive string to number",
    );
    expect(failure("tostring", emptyTupleVal).message).toBe("cannot convert tuple to string");
    expect(failure("tostring", unknownVal(t.tuple([]))).message).toBe("cannot convert tuple to string");
  });
});

describe("tolist, toset, tomap", () => {
  it("convert structural values", () => {
    expect(consoleString(call("tolist", tupleVal([s("hello"), boolVal(true)])))).toBe(
      'tolist([\n  "hello",\n  "true",\n])',
    );
    expect(consoleString(call("toset", tupleVal([s("b"), s("a"), s("b")])))).toBe(
      'toset([\n  "a",\n  "b",\n])',
    );
    expect(consoleString(call("tomap", objectVal({ foo: s("hello"), bar: boolVal(true) })))).toBe(
      'tomap({\n  "bar" = "true"\n  "foo" = "hello"\n})',
    );
  });
  it("keep the marks of elements and of the whole", () => {
    const r = call("tolist", tupleVal([s("hello"), markedVal(s("world"), ["boop"])]));
    expect(marksOf(r).size).toBe(0);
    expect([...marksOf(r.elements()[1]!)]).toEqual(["boop"]);
    expect([...marksOf(call("tolist", markedVal(tupleVal([s("a")]), ["boop"])))]).toEqual(["boop"]);
  });
  it("refuse values without a common element type", () => {
    expect(failure("tolist", tupleVal([emptyObjectVal, s("a")])).message).toBe(
      "cannot convert tuple to list of any single type",
    );
  });
});

describe("sensitive, nonsensitive, issensitive, ephemeralasnull", () => {
  it("mark and unmark values", () => {
    const secret = call("sensitive", s("x"));
    expect([...marksOf(secret)]).toEqual([SENSITIVE]);
    expect(call("issensitive", secret).asBool()).toBe(true);
    expect(call("issensitive", s("x")).asBool()).toBe(false);
    expect(marksOf(call("nonsensitive", secret)).size).toBe(0);
    expect(call("nonsensitive", s("plain")).asString()).toBe("plain");
    expect(call("issensitive", unknownVal(t.string)).isKnown).toBe(false);
    expect(call("sensitive", unknownVal(t.string)).isKnown).toBe(false);
  });
  it("ephemeralasnull replaces ephemeral values at any depth with nulls", () => {
    const v = objectVal({ a: markedVal(s("x"), ["ephemeral"]), b: s("y") });
    const r = call("ephemeralasnull", v);
    expect(r.get("a")!.isNull).toBe(true);
    expect(r.get("b")!.asString()).toBe("y");
  });
});
