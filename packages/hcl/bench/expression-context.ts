// The evaluation context of the expression benchmarks: the `var` object and the functions
// `upper`, `lower`, `max` and `length` that expressionTfvars' text calls. Shared by
// expressions.bench.ts and the comparison with Go (bench/reference/compare.mjs).
import { CtyFunction, numberCompare, numberVal, objectVal, stringVal, t } from "@tofukit/cty";
import type { EvalContext } from "../src/index.js";

const stringFunction = (f: (s: string) => string): CtyFunction =>
  new CtyFunction({
    params: [{ name: "str", type: t.string }],
    type: () => t.string,
    impl: ([s]) => stringVal(f(s!.asString())),
  });

export const expressionContext: EvalContext = {
  variables: {
    var: objectVal({
      env: stringVal("dev"),
      base_size: numberVal(3),
      tags: objectVal({ team: stringVal("platform"), owner: stringVal("ops") }),
      prefix: stringVal("acme"),
      region: stringVal("eu-west-1"),
    }),
  },
  functions: {
    upper: stringFunction((s) => s.toUpperCase()),
    lower: stringFunction((s) => s.toLowerCase()),
    max: new CtyFunction({
      params: ["a", "b", "c"].map((name) => ({ name, type: t.number })),
      type: () => t.number,
      impl: (args) =>
        args.reduce((m, v) => (numberCompare(v.asNumber(), m.asNumber()) > 0 ? v : m), args[0]!),
    }),
    length: new CtyFunction({
      params: [{ name: "value", type: t.dynamic }],
      type: () => t.number,
      impl: ([v]) => numberVal(v!.type.kind === "object" ? v!.type.attributeNames.length : 0),
    }),
  },
};
