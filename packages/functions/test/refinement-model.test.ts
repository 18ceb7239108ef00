// Results over partly unknown values are never less known than a small model of cty's
// refinements predicts: sort keeps a known list's length, setproduct with an empty argument is
// empty, a conditional on an unknown condition is what both branches agree on (go-cty's
// TestSort and TestSetproduct, hclsyntax's `unknown ? a : b` cases).
import {
  emptyTupleVal,
  listVal,
  listValEmpty,
  numberVal,
  stringVal,
  t,
  tupleVal,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { evaluate, parseExpression } from "@tofukit/hcl";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { openTofuFunctions } from "../src/open-tofu-functions.js";

const functions = openTofuFunctions();
const unknown = unknownVal(t.bool);

/** A string element: known (a short word) or unknown. */
const element = fc.oneof(fc.constantFrom("a", "b", "c").map(stringVal), fc.constant(unknownVal(t.string)));
const stringList = fc
  .array(element, { maxLength: 4 })
  .map((xs) => (xs.length === 0 ? listValEmpty(t.string) : listVal(xs)));
const number = fc.integer({ min: -3, max: 3 }).map((n) => numberVal(n));

/** What the model knows of a result: a known collection's length, number or bool, or nothing. */
type Prediction = { length: number } | { number: string } | { bool: boolean } | null;

function run(src: string, variables: Record<string, Value>): Value {
  const { value, diagnostics } = evaluate(parseExpression(src).expr, {
    functions,
    variables: { unknown, ...variables },
  });
  expect(diagnostics).toEqual([]);
  return value;
}

function check(result: Value, prediction: Prediction): void {
  if (prediction === null) return;
  expect(result.isKnown).toBe(true);
  if ("length" in prediction) expect(result.length).toBe(prediction.length);
  else if ("bool" in prediction) expect(result.asBool()).toBe(prediction.bool);
  else expect(result.asNumber().toString()).toBe(prediction.number);
}

const cases = fc.oneof(
  stringList.map((a) => ({ src: "sort(a)", vars: { a }, predict: { length: a.length } as Prediction })),
  fc.tuple(stringList, stringList).map(([a, b]) => ({
    src: "unknown ? a : b",
    vars: { a, b },
    predict: a.length === b.length ? ({ length: a.length } as Prediction) : null,
  })),
  fc.tuple(number, number).map(([a, b]) => ({
    src: "unknown ? a : b",
    vars: { a, b },
    predict: a.asNumber().equals(b.asNumber()) ? ({ number: a.asNumber().toString() } as Prediction) : null,
  })),
  fc.tuple(fc.integer({ min: 0, max: 3 }), fc.boolean(), stringList).map(([n, tupleEmpty, other]) => ({
    src: "setproduct(u, e, o)",
    vars: {
      u: unknownVal(t.tuple(new Array<typeof t.string>(n).fill(t.string))),
      e: tupleEmpty ? emptyTupleVal : listValEmpty(t.number),
      o: other.length === 0 ? tupleVal([]) : tupleVal(other.elements()),
    },
    predict: { length: 0 } as Prediction,
  })),
  // A literal null inside an object has a known (dynamic) type: equality is known.
  fc
    .tuple(
      fc.option(fc.constantFrom("a", "b"), { nil: null }),
      fc.option(fc.constantFrom("a", "b"), { nil: null }),
    )
    .map(([a, b]) => ({
      src: `{x = ${a === null ? "null" : `"${a}"`}} == {x = ${b === null ? "null" : `"${b}"`}}`,
      vars: {},
      predict: { bool: a === b } as Prediction,
    })),
);

describe("the refinement model", () => {
  it("never predicts more than evaluation knows", { timeout: 30_000 }, () => {
    fc.assert(
      fc.property(cases, ({ src, vars, predict }) => {
        check(run(src, vars), predict);
      }),
      { numRuns: 300 },
    );
  });
});
