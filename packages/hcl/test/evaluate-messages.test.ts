// Error messages of evaluation, with inputs and expected texts from hclsyntax's own
// TestExpressionErrorMessages: each input must report (among its errors) that diagnostic.
import {
  boolVal,
  listVal,
  mapVal,
  nullVal,
  numberVal,
  setVal,
  t,
  tupleVal,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { type EvalContext, evaluate, parseExpression } from "../src/index.js";

const T = boolVal(true);
const ZERO = numberVal(0);
const vars = (variables: Record<string, Value>): EvalContext => ({ variables });

const cases: [string, EvalContext | undefined, string, string][] = [
  [
    "true ? 1 : true",
    undefined,
    "Inconsistent conditional result types",
    "The true and false result expressions must have consistent types. The 'true' value is number, but the 'false' value is bool.",
  ],
  [
    "true ? [1] : [true]",
    undefined,
    "Inconsistent conditional result types",
    "The true and false result expressions must have consistent types. Type mismatch for tuple element 0: The 'true' value is number, but the 'false' value is bool.",
  ],
  [
    "true ? [1] : [1, true]",
    undefined,
    "Inconsistent conditional result types",
    "The true and false result expressions must have consistent types. The 'true' tuple has length 1, but the 'false' tuple has length 2.",
  ],
  [
    "true ? { a = 1 } : { a = true }",
    undefined,
    "Inconsistent conditional result types",
    "The true and false result expressions must have consistent types. Type mismatch for object attribute \"a\": The 'true' value is number, but the 'false' value is bool.",
  ],
  [
    "true ? { a = true, b = 1 } : { a = true }",
    undefined,
    "Inconsistent conditional result types",
    "The true and false result expressions must have consistent types. The 'true' value includes object attribute \"b\", which is absent in the 'false' value.",
  ],
  [
    "true ? { a = true } : { a = true, b = 1 }",
    undefined,
    "Inconsistent conditional result types",
    "The true and false result expressions must have consistent types. The 'false' value includes object attribute \"b\", which is absent in the 'true' value.",
  ],
  [
    "true ? listOf2Tuple : listOf1Tuple",
    vars({ listOf2Tuple: listVal([tupleVal([T, ZERO])]), listOf1Tuple: listVal([tupleVal([T])]) }),
    "Inconsistent conditional result types",
    "The true and false result expressions must have consistent types. Mismatched list element types: The 'true' tuple has length 2, but the 'false' tuple has length 1.",
  ],
  [
    "true ? setOf2Tuple : setOf1Tuple",
    vars({ setOf2Tuple: setVal([tupleVal([T, ZERO])]), setOf1Tuple: setVal([tupleVal([T])]) }),
    "Inconsistent conditional result types",
    "The true and false result expressions must have consistent types. Mismatched set element types: The 'true' tuple has length 2, but the 'false' tuple has length 1.",
  ],
  [
    "true ? mapOf1Tuple : mapOf2Tuple",
    vars({ mapOf1Tuple: mapVal({ a: tupleVal([T]) }), mapOf2Tuple: mapVal({ a: tupleVal([T, ZERO]) }) }),
    "Inconsistent conditional result types",
    "The true and false result expressions must have consistent types. Mismatched map element types: The 'true' tuple has length 1, but the 'false' tuple has length 2.",
  ],
  [
    "true ? listOfListOf2Tuple : listOfListOf1Tuple",
    vars({
      listOfListOf2Tuple: listVal([listVal([tupleVal([T, ZERO])])]),
      listOfListOf1Tuple: listVal([listVal([tupleVal([T])])]),
    }),
    "Inconsistent conditional result types",
    "The true and false result expressions must have consistent types. At least one deeply-nested attribute or element is not compatible across both the 'true' and the 'false' value.",
  ],
  [
    "notobj != null && notobj.foo",
    vars({ notobj: T }),
    "Unsupported attribute",
    "Can't access attributes on a primitive-typed value (bool).",
  ],
  [
    "notobj == null || notobj.foo",
    vars({ notobj: T }),
    "Unsupported attribute",
    "Can't access attributes on a primitive-typed value (bool).",
  ],
  [
    "notlist != null && notlist[0]",
    vars({ notlist: T }),
    "Invalid index",
    "This value does not have any indices.",
  ],
  [
    "value != null && valeu",
    vars({ value: T }),
    "Unknown variable",
    'There is no variable named "valeu". Did you mean "value"?',
  ],
  [
    'unknown && "value"',
    vars({ unknown: unknownVal(t.bool) }),
    "Invalid operand",
    "Unsuitable value for right operand: a bool is required.",
  ],
  [
    'value && "value"',
    vars({ value: boolVal(false) }),
    "Invalid operand",
    "Unsuitable value for right operand: a bool is required.",
  ],
  ["foo(value) && true", {}, "Function calls not allowed", "Functions may not be called here."],
  [
    'map != null || map["key"] == "value"',
    vars({ map: nullVal(t.map(t.string)) }),
    "Attempt to index null value",
    "This value is null, so it does not have any indices.",
  ],
];

describe("evaluation errors, as hclsyntax's own tests give them", () => {
  it.each(cases)("%s", (src, ctx, summary, detail) => {
    const { expr, diagnostics } = parseExpression(src);
    expect(diagnostics).toEqual([]);
    const found = evaluate(expr, ctx).diagnostics.map((d) => [d.summary, d.detail]);
    expect(found).toContainEqual([summary, detail]);
  });
});
