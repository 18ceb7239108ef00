// What sort and setproduct keep known about partly unknown arguments, from go-cty's
// function/stdlib/string_test.go (TestSort) and function/stdlib/collection_test.go
// (TestSetproduct): cty refines the unknown result's length, and a length that allows one
// value makes it known.
import {
  consoleString,
  emptyTupleVal,
  listVal,
  listValEmpty,
  markedVal,
  marksOf,
  rawEquals,
  setVal,
  setValEmpty,
  stringVal,
  t,
  tupleVal,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { call } from "./support.js";

const s = stringVal;
const same = (got: Value, want: Value) => expect(rawEquals(got, want), consoleString(got)).toBe(true);

describe("sort of a partly unknown list", () => {
  it("is a known list of unknown strings of the same length", () => {
    same(
      call("sort", listVal([s("b"), unknownVal(t.string)])),
      listVal([unknownVal(t.string), unknownVal(t.string)]),
    );
  });
  it("is unknown for an unknown list, and sorts known ones", () => {
    same(call("sort", unknownVal(t.list(t.string))), unknownVal(t.list(t.string)));
    same(call("sort", listVal([s("b"), s("a")])), listVal([s("a"), s("b")]));
    same(call("sort", listValEmpty(t.string)), listValEmpty(t.string));
  });
});

describe("setproduct with an argument of unknown length", () => {
  const unknownPair = unknownVal(t.tuple([t.string, t.string]));
  it("is a known empty list when a tuple argument is empty", () => {
    same(call("setproduct", unknownPair, emptyTupleVal), listValEmpty(t.tuple([t.string, t.dynamic])));
  });
  it("is a known empty collection when a known argument is empty", () => {
    same(
      call("setproduct", unknownPair, listValEmpty(t.number)),
      listValEmpty(t.tuple([t.string, t.number])),
    );
    same(call("setproduct", setValEmpty(t.bool), unknownPair), setValEmpty(t.tuple([t.bool, t.string])));
  });
  it("keeps the marks of every argument", () => {
    const v = call("setproduct", markedVal(unknownPair, ["a"]), markedVal(emptyTupleVal, ["b"]));
    expect([...marksOf(v)].sort()).toEqual(["a", "b"]);
    expect(v.isKnown && v.length === 0).toBe(true);
  });
  it("stays unknown where no argument is empty or some length is unbounded", () => {
    same(
      call("setproduct", unknownPair, tupleVal([s("a")])),
      unknownVal(t.list(t.tuple([t.string, t.string]))),
    );
    // cty stops at an unrefined unknown collection before it sees the empty one.
    same(
      call("setproduct", unknownVal(t.list(t.string)), listValEmpty(t.string)),
      unknownVal(t.list(t.tuple([t.string, t.string]))),
    );
    same(
      call("setproduct", setVal([s("x"), unknownVal(t.string)]), setVal([s("y")])),
      unknownVal(t.set(t.tuple([t.string, t.string]))),
    );
    // A set with unknown elements among others has no known length either.
    same(
      call("setproduct", setVal([s("x"), unknownVal(t.string)]), setValEmpty(t.bool)),
      unknownVal(t.set(t.tuple([t.string, t.bool]))),
    );
  });
});
