// The compiled bodies of `for` expressions against the evaluator: `[for b in xs : BODY]` (a body
// compiled where it can be) and `[for b in xs : BODY if true]` (a condition: every element
// through the evaluator) must give the same value and the same diagnostics, whatever the body
// and the elements — nulls, unknowns, missing attributes, wrong types, failing functions.
import {
  boolVal,
  markedVal,
  nullVal,
  numberVal,
  objectVal,
  rawEquals,
  SENSITIVE,
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

const functions = openTofuFunctions({});

const pick = (...xs: string[]) => fc.constantFrom(...xs);

// Bodies of three kinds, so that operators meet the operands they take (and some they do not):
// booleans, numbers, strings, and any of them mixed without regard to types.
const bodies = fc.letrec<{ bool: string; num: string; str: string; any: string }>((tie) => ({
  bool: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: pick("true", "false", "b.enabled", '"true"', "null", "b.missing"), weight: 3 },
    {
      arbitrary: fc.tuple(tie("num"), pick("<", "<=", ">", ">="), tie("num")).map((p) => p.join(" ")),
      weight: 2,
    },
    { arbitrary: fc.tuple(tie("bool"), pick("&&", "||"), tie("bool")).map((p) => p.join(" ")), weight: 2 },
    { arbitrary: fc.tuple(tie("any"), pick("==", "!="), tie("any")).map((p) => p.join(" ")), weight: 2 },
    { arbitrary: tie("any").map((x) => `can(${x})`), weight: 1 },
    { arbitrary: tie("str").map((x) => `can(regex("^[a-z0-9-]+$", ${x}))`), weight: 1 },
    { arbitrary: tie("str").map((x) => `contains(["a", "web"], ${x})`), weight: 1 },
  ),
  num: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: pick("1", "0", "-2.5", "b.size", "i", '"10"', "b.name"), weight: 3 },
    {
      arbitrary: fc.tuple(tie("num"), pick("+", "-", "*", "/", "%"), tie("num")).map((p) => p.join(" ")),
      weight: 2,
    },
    { arbitrary: tie("str").map((x) => `length(${x})`), weight: 1 },
    { arbitrary: fc.tuple(tie("num"), tie("num")).map(([a, b]) => `max(${a}, ${b})`), weight: 1 },
    { arbitrary: tie("any").map((x) => `tonumber(${x})`), weight: 1 },
    { arbitrary: tie("str").map((x) => `lookup({a = 1}, ${x}, 2)`), weight: 1 },
  ),
  str: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    { arbitrary: pick('"a"', '""', "b.name", '"web"', "i", "b.nested.x"), weight: 3 },
    { arbitrary: tie("str").map((x) => `upper(${x})`), weight: 1 },
    { arbitrary: tie("str").map((x) => `regex("^[a-z]+", ${x})`), weight: 1 },
    { arbitrary: fc.tuple(tie("any"), tie("str")).map(([a, b]) => `try(${a}, ${b})`), weight: 1 },
    { arbitrary: fc.tuple(tie("str"), tie("str")).map(([a, b]) => `coalesce(${a}, ${b})`), weight: 1 },
    { arbitrary: tie("str").map((x) => `(${x})`), weight: 1 },
  ),
  any: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    tie("bool"),
    tie("num"),
    tie("str"),
    pick("b", "b.nested", "i"),
    // Outside what is compiled: the whole body goes through the evaluator.
    fc.tuple(tie("any"), tie("any")).map(([a, b]) => `b.enabled ? ${a} : ${b}`),
    tie("any").map((x) => `[${x}]`),
    tie("any").map((x) => `"<\${${x}}>"`),
  ),
}));
const body = bodies.any;

const attr = (choices: Value[]) => fc.constantFrom(...choices);
const element: fc.Arbitrary<Value> = fc.oneof(
  fc
    .record({
      name: attr([
        stringVal("web"),
        stringVal("Web-1"),
        stringVal("10"),
        numberVal(3),
        nullVal(t.string),
        unknownVal(t.string),
      ]),
      size: attr([
        numberVal(0),
        numberVal(7),
        numberVal("1e3"),
        stringVal("5"),
        stringVal("x"),
        nullVal(t.number),
        unknownVal(t.number),
      ]),
      enabled: attr([boolVal(true), boolVal(false), stringVal("true"), nullVal(t.bool), unknownVal(t.bool)]),
      nested: attr([objectVal({ x: numberVal(1) }), nullVal(t.object({ x: t.number })), objectVal({})]),
    })
    .map((r) => objectVal(r)),
  attr([
    stringVal("plain"),
    numberVal(2),
    nullVal(t.dynamic),
    unknownVal(t.dynamic),
    objectVal({ name: stringVal("n") }),
  ]),
);

function compare(src: string, xs: Value): void {
  const fast = `[for i, b in var.xs : ${src}]`;
  const slow = `[for i, b in var.xs : ${src} if true]`;
  const variables = { var: objectVal({ xs }) };
  const a = parseExpression(fast, "t.tf");
  const b = parseExpression(slow, "t.tf");
  if (a.diagnostics.length > 0 || b.diagnostics.length > 0) return;
  const ra = evaluate(a.expr, { variables, functions });
  const rb = evaluate(b.expr, { variables, functions });
  expect(rawEquals(ra.value, rb.value), `${src}: ${String(ra.value)} against ${String(rb.value)}`).toBe(true);
  expect(ra.diagnostics, src).toEqual(rb.diagnostics);
}

describe("compiled for bodies", () => {
  it("give the evaluator's values and diagnostics", { timeout: 120_000 }, () => {
    fc.assert(
      fc.property(body, fc.array(element, { minLength: 1, maxLength: 6 }), (src, elements) => {
        compare(src, tupleVal(elements));
      }),
      { numRuns: 3000 },
    );
  });

  it("give the evaluator's values for the rules modules write, over lists and maps", () => {
    const buckets = tupleVal(
      ["web", "api-1", "Bad_Name", ""].map((name, i) =>
        objectVal({
          name: stringVal(name),
          size: numberVal(i * 10),
          enabled: boolVal(i % 2 === 0),
          website: objectVal({ index_document: stringVal(i === 3 ? "" : "index.html") }),
        }),
      ),
    );
    for (const rule of [
      "b.enabled != null",
      "b.size >= 0",
      'can(regex("^[a-z0-9-]+$", b.name))',
      'b.website.index_document != ""',
      "length(b.name) > 0 && b.size < 100",
      "b.size % 20 == 0 || !b.enabled",
    ]) {
      compare(rule, buckets);
    }
    const tags = objectVal({ env: stringVal("prod"), Team: stringVal("x") });
    compare('can(regex("^[a-z_]+$", i))', tags);
    compare("length(b) < 256", tags);
  });

  it("leave marked values to the evaluator", () => {
    const xs = tupleVal([markedVal(stringVal("secret"), [SENSITIVE]), stringVal("open")]);
    compare('b == "open"', xs);
    compare("length(b) > 2", xs);
  });
});
