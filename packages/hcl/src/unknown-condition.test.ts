// The conditional with an unknown condition keeps what both branches agree on: the refined
// cases of hcl's hclsyntax/expression_test.go (TestExpressionValue, `unknown ? …`).
import {
  consoleString,
  listVal,
  listValEmpty,
  mapValEmpty,
  markedVal,
  marksOf,
  nullVal,
  numberVal,
  rawEquals,
  setVal,
  setValEmpty,
  stringVal,
  t,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { evaluate, parseExpression } from "./index.js";

const unknown = unknownVal(t.bool);
function run(src: string, variables: Record<string, Value>): Value {
  const { value, diagnostics } = evaluate(parseExpression(src).expr, {
    variables: { unknown, ...variables },
  });
  expect(diagnostics).toEqual([]);
  return value;
}
const same = (got: Value, want: Value) => expect(rawEquals(got, want), consoleString(got)).toBe(true);

describe("a conditional with an unknown condition", () => {
  it("is the known empty collection both branches are (hclsyntax: `unknown ? al : bl`, `am : bm`)", () => {
    same(
      run("unknown ? a : b", { a: listValEmpty(t.string), b: listValEmpty(t.string) }),
      listValEmpty(t.string),
    );
    const v = run("unknown ? a : b", {
      a: mapValEmpty(t.string),
      b: markedVal(mapValEmpty(t.string), ["test"]),
    });
    expect([...marksOf(v)]).toEqual(["test"]);
    expect(v.isKnown && v.length === 0 && v.type.kind === "map").toBe(true);
    same(
      run("unknown ? a : b", { a: setValEmpty(t.number), b: setValEmpty(t.number) }),
      setValEmpty(t.number),
    );
  });
  it('is a known list of unknown elements when both lists have one length (`["hello"] : [unknown]`)', () => {
    const a = listVal([stringVal("hello")]);
    same(run("unknown ? a : b", { a, b: listVal([unknownVal(t.string)]) }), listVal([unknownVal(t.string)]));
    same(run("unknown ? a : b", { a, b: listVal([stringVal("x")]) }), listVal([unknownVal(t.string)]));
  });
  it("is a set of one unknown element when both sets hold one", () => {
    const a = setVal([stringVal("a")]);
    same(run("unknown ? a : b", { a, b: setVal([stringVal("b")]) }), setVal([unknownVal(t.string)]));
  });
  it("stays unknown where the lengths differ or may (`[] : [unknown]`, a set with unknowns)", () => {
    same(
      run("unknown ? a : b", { a: listValEmpty(t.string), b: listVal([unknownVal(t.string)]) }),
      unknownVal(t.list(t.string)),
    );
    const two = setVal([stringVal("a"), unknownVal(t.string)]);
    same(run("unknown ? a : b", { a: two, b: two }), unknownVal(t.set(t.string)));
    same(
      run("unknown ? a : b", {
        a: setVal([stringVal("a"), stringVal("b")]),
        b: setVal([stringVal("c"), stringVal("d")]),
      }),
      unknownVal(t.set(t.string)),
    );
    same(
      run("unknown ? a : b", { a: unknownVal(t.list(t.string)), b: listValEmpty(t.string) }),
      unknownVal(t.list(t.string)),
    );
    same(
      run("unknown ? a : b", { a: nullVal(t.list(t.string)), b: listValEmpty(t.string) }),
      unknownVal(t.list(t.string)),
    );
  });
  it("is the number both branches are, and unknown otherwise (`unknown ? 1 : 0`)", () => {
    same(run("unknown ? 1 : 1", {}), numberVal(1));
    same(run("unknown ? 1 : 0", {}), unknownVal(t.number));
    same(run("unknown ? i : j", { i: nullVal(t.number), j: nullVal(t.number) }), nullVal(t.number));
  });
  it("does not refine branches of different types or tuples", () => {
    // The literal brackets make tuples, which hclsyntax leaves unrefined.
    same(run('unknown ? ["a"] : ["b"]', {}), unknownVal(t.tuple([t.string])));
  });
});
