// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
// Values and diagnostic counts of evaluation, with inputs and expectations from hclsyntax's own
// TestExpressionParseAndValue (for expressions, splats, marks; the mark is "marked" here, as
// console text hides "sensitive" values).
import {
  boolVal,
  CtyFunction,
  consoleString,
  dynamicVal,
  listVal,
  mapVal,
  markedVal,
  marksOf,
  nullVal,
  objectVal,
  setVal,
  stringVal,
  t,
  typeToJSON,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { type EvalContext, evaluate, parseExpression } from "../src/index.js";

const upper = new CtyFunction({
  params: [{ name: "str", type: t.string }],
  type: () => t.string,
  impl: ([s]) => stringVal(s!.asString().toUpperCase()),
});
const vars = (variables: Record<string, Value>): EvalContext => ({ variables });
const steve = objectVal({ name: stringVal("Steve") });

/** [source, context, the value as console text (or `unknown T` for an unknown of type T), diagnostics, marks]. */
const cases: [string, EvalContext | undefined, string, number, string[]?][] = [
  ['{for k, v in {hello: "world"}: k => v if k == "hello"}', undefined, '{\n  "hello" = "world"\n}', 0],
  [
    '{for k, v in {hello: "world"}: upper(k) => upper(v) if k == "hello"}',
    { functions: { upper } },
    '{\n  "HELLO" = "WORLD"\n}',
    0,
  ],
  ['{for k, v in ["world"]: k => v if k == 0}', undefined, '{\n  "0" = "world"\n}', 0],
  ['{for k, v in {hello: "world"}: k => v if k == "foo"}', undefined, "{}", 0],
  ['{for k, v in {hello: "world"}: 5 => v}', undefined, '{\n  "5" = "world"\n}', 0],
  ['{for k, v in {hello: "world"}: [] => v}', undefined, 'unknown "dynamic"', 1],
  ['{for k, v in {hello: "world"}: k => foo}', vars({ foo: stringVal("foo") }), '{\n  "hello" = "foo"\n}', 0],
  ['[for k, v in {hello: "world"}: "${k}=${v}"]', undefined, '[\n  "hello=world",\n]', 0],
  [
    '{for i, v in ["a", "b", "c", "b", "d"]: v => i}',
    undefined,
    '{\n  "a" = 0\n  "b" = 1\n  "c" = 2\n  "d" = 4\n}',
    1,
  ],
  ['[for v in "hello": v]', undefined, 'unknown "dynamic"', 1],
  ["[for v in null: v]", undefined, 'unknown "dynamic"', 1],
  ["[for v in unk: v]", vars({ unk: unknownVal(t.list(t.string)) }), 'unknown "dynamic"', 0],
  ["[for v in unk: v]", vars({ unk: dynamicVal }), 'unknown "dynamic"', 0],
  ["[for v in unk: v]", vars({ unk: unknownVal(t.string) }), 'unknown "dynamic"', 1],
  ['[for v in ["a", "b"]: v if unkbool]', vars({ unkbool: unknownVal(t.bool) }), 'unknown "dynamic"', 0],
  ['[for v in ["a", "b"]: v if nullbool]', vars({ nullbool: nullVal(t.bool) }), 'unknown "dynamic"', 1],
  ['[for v in ["a", "b"]: v if dyn]', vars({ dyn: dynamicVal }), 'unknown "dynamic"', 0],
  [
    '[for v in ["a", "b"]: v if unknum]',
    vars({ unknum: unknownVal(t.list(t.number)) }),
    'unknown "dynamic"',
    1,
  ],
  ['[for i, v in ["a", "b"]: v if i + i]', undefined, 'unknown "dynamic"', 1],
  [
    '[for x in things: x if x != ""]',
    vars({ things: markedVal(listVal(["a", "b", "", "c"].map(stringVal)), ["marked"]) }),
    '[\n  "a",\n  "b",\n  "c",\n]',
    0,
    ["marked"],
  ],
  [
    "[for x in things: x if x != secret]",
    vars({ things: listVal(["a", "b", "c"].map(stringVal)), secret: markedVal(stringVal("b"), ["marked"]) }),
    '[\n  "a",\n  "c",\n]',
    0,
    ["marked"],
  ],
  [
    "{ for k, v in things: k => v if k != unknown_secret }",
    vars({
      things: mapVal({ a: boolVal(true), b: boolVal(false) }),
      unknown_secret: markedVal(unknownVal(t.string), ["marked"]),
    }),
    'unknown "dynamic"',
    0,
    ["marked"],
  ],
  ['[{name: "Steve"}, {name: "Ermintrude"}].*.name', undefined, '[\n  "Steve",\n  "Ermintrude",\n]', 0],
  ['{name: "Steve"}.*.name', undefined, '[\n  "Steve",\n]', 0],
  ["null[*]", undefined, "[]", 0],
  ["set.*.name", vars({ set: setVal([steve]) }), 'tolist([\n  "Steve",\n])', 0],
  ["unkstr[*]", vars({ unkstr: unknownVal(t.string) }), 'unknown "dynamic"', 0],
  ["unkstr.*.name", vars({ unkstr: unknownVal(t.string) }), 'unknown "dynamic"', 1],
  ["dyn.*.name", vars({ dyn: dynamicVal }), 'unknown "dynamic"', 0],
  ["unkobj.*.name", vars({ unkobj: unknownVal(t.object({ name: t.string })) }), 'unknown "dynamic"', 0],
  [
    "unklistobj.*.name",
    vars({ unklistobj: unknownVal(t.list(t.object({ name: t.string }))) }),
    'unknown ["list","string"]',
    0,
  ],
  [
    "unktupleobj.*.name",
    vars({ unktupleobj: unknownVal(t.tuple([t.object({ name: t.string }), t.object({ name: t.bool })])) }),
    'unknown ["tuple",["string","bool"]]',
    0,
  ],
  ["nullobj.*.name", vars({ nullobj: nullVal(t.object({ name: t.string })) }), "[]", 0],
  [
    "nulllist.*.name",
    vars({ nulllist: nullVal(t.list(t.object({ name: t.string }))) }),
    'unknown "dynamic"',
    1,
  ],
  [
    "listofobj[*].scalar[*]",
    vars({
      listofobj: listVal([objectVal({ scalar: stringVal("foo") }), objectVal({ scalar: stringVal("bar") })]),
    }),
    'tolist([\n  [\n    "foo",\n  ],\n  [\n    "bar",\n  ],\n])',
    0,
  ],
  [
    "listofobj[*].scalar[*]",
    vars({
      listofobj: listVal([objectVal({ scalar: nullVal(t.string) }), objectVal({ scalar: stringVal("bar") })]),
    }),
    'unknown "dynamic"',
    1,
  ],
  ['["hello", "goodbye"].*', undefined, '[\n  "hello",\n  "goodbye",\n]', 0],
  ['"hello".*', undefined, '[\n  "hello",\n]', 0],
  ['[["hello"], ["world", "unused"]].*.0', undefined, '[\n  "hello",\n  "world",\n]', 0],
  ['[{name: "Steve"}, {name: "Ermintrude"}].*.name[0]', undefined, '"Steve"', 0],
  [
    '[{names: ["Steve"]}, {names: ["Ermintrude"]}][*].names[0]',
    undefined,
    '[\n  "Steve",\n  "Ermintrude",\n]',
    0,
  ],
  [
    "maps.*.enabled",
    vars({
      maps: markedVal(listVal([mapVal({ enabled: boolVal(true) }), mapVal({ enabled: boolVal(false) })]), [
        "marked",
      ]),
    }),
    "tolist([\n  true,\n  false,\n])",
    0,
    ["marked"],
  ],
  [
    "maps.*.enabled",
    vars({ maps: markedVal(unknownVal(t.list(t.map(t.bool))), ["marked"]) }),
    'unknown ["list","bool"]',
    0,
    ["marked"],
  ],
  ["tuple([1])", undefined, 'unknown "dynamic"', 1],
];

function describeValue(v: Value): string {
  if (!v.isKnown) return `unknown ${JSON.stringify(typeToJSON(v.type))}`;
  return consoleString(v);
}

describe("evaluation results, as hclsyntax's own tests give them", () => {
  it.each(cases)("%s", (src, ctx, want, diagCount, marks = []) => {
    const { expr, diagnostics } = parseExpression(src);
    expect(diagnostics).toEqual([]);
    const r = evaluate(expr, ctx ?? {});
    expect([describeValue(r.value), r.diagnostics.length]).toEqual([want, diagCount]);
    expect([...marksOf(r.value)].sort()).toEqual(marks);
  });
});
