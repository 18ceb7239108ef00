// 200 variables × typical validation conditions, evaluated as a module's validation blocks
// would be (the target: ≤ 20 ms in total). can(cidrhost(…)) joins when the network functions do.
import { objectVal, stringVal, tupleVal, type Value } from "@tofukit/cty";
import { evaluate, parseExpression } from "@tofukit/hcl";
import { bench, describe } from "vitest";
import { openTofuFunctions } from "../src/open-tofu-functions.js";

const functions = openTofuFunctions();
const conditions = [
  'can(regex("^rg-[a-z0-9-]+$", var.name))',
  'contains(["dev", "test", "prod"], var.tier)',
  "length(var.name) <= 24",
  'alltrue([for s in var.subnets : startswith(s, "10.")])',
  'try(var.tags["owner"], "") != ""',
].map((src) => parseExpression(src).expr);

const variables: Record<string, Value>[] = [];
for (let i = 0; i < 200; i++) {
  variables.push({
    var: objectVal({
      name: stringVal(`rg-app-${i}`),
      tier: stringVal(["dev", "test", "prod"][i % 3]!),
      subnets: tupleVal([stringVal(`10.${i % 250}.0.0/24`), stringVal(`10.${i % 250}.1.0/24`)]),
      tags: objectVal({ owner: stringVal(`team-${i % 7}`) }),
    }),
  });
}

describe("validation conditions", () => {
  bench("200 variables × 5 conditions", () => {
    for (const vars of variables) for (const c of conditions) evaluate(c, { variables: vars, functions });
  });
});
