// Calls of typical functions, directly and through HCL's evaluate, to see the cost of a call
// and of the evaluator around it (the target: ≤ 1 µs of overhead over the function's work).
import { listVal, numberVal, objectVal, stringVal, t } from "@tofukit/cty";
import { evaluate, parseExpression } from "@tofukit/hcl";
import { bench, describe } from "vitest";
import { openTofuFunctions } from "../src/open-tofu-functions.js";

const functions = openTofuFunctions();
const upper = functions.upper!;
const length = functions.length!;
const regex = functions.regex!;
const format = functions.format!;

const name = stringVal("rg-production-westeurope");
const list = listVal(["a", "b", "c", "d"].map(stringVal), t.string);
const variables = { var: objectVal({ name }) };

function parsed(src: string) {
  return parseExpression(src).expr;
}

const upperExpr = parsed("upper(var.name)");
const lengthExpr = parsed("length(var.name)");
const nameExpr = parsed("var.name");
const canRegexExpr = parsed('can(regex("^rg-[a-z]+", var.name))');

describe("direct calls", () => {
  bench("upper", () => {
    upper.call([name]);
  });
  bench("length of a string", () => {
    length.call([name]);
  });
  bench("length of a list", () => {
    length.call([list]);
  });
  bench("regex (cached pattern)", () => {
    regex.call([stringVal("^rg-([a-z]+)-([a-z]+)$"), name]);
  });
  bench('format("%s-%05d-%.2f")', () => {
    format.call([stringVal("%s-%05d-%.2f"), name, numberVal(42), numberVal("3.14159")]);
  });
});

describe("through evaluate", () => {
  bench("var.name (no call)", () => {
    evaluate(nameExpr, { variables, functions });
  });
  bench("upper(var.name)", () => {
    evaluate(upperExpr, { variables, functions });
  });
  bench("length(var.name)", () => {
    evaluate(lengthExpr, { variables, functions });
  });
  bench('can(regex("^rg-[a-z]+", var.name))', () => {
    evaluate(canRegexExpr, { variables, functions });
  });
});
