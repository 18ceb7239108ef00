// The bucket workload: a list(object) constraint with nested optional attributes and
// defaults, and an HCL-like input (a tuple of object literals of varying shapes).

import {
  boolVal,
  listValEmpty,
  mapValEmpty,
  nullVal,
  numberVal,
  objectVal,
  stringVal,
  t,
  tupleVal,
  type Value,
} from "@tofukit/cty";
import type { Defaults } from "../src/defaults.js";
import type { ObjectBuilder } from "./shared-types.js";

// list(object({
//   name            = string
//   location        = optional(string, "EU")
//   versioning      = optional(bool, false)
//   labels          = optional(map(string), {})
//   lifecycle_rules = optional(list(object({ action = string, age = optional(number, 30) })), [])
//   retention       = optional(object({ days = optional(number, 7), locked = optional(bool, false) }), {})
// }))
const rule = t.object({ action: t.string, age: t.number }, ["age"]);
const retention = t.object({ days: t.number, locked: t.bool }, ["days", "locked"]);
const bucket = t.object(
  {
    name: t.string,
    location: t.string,
    versioning: t.bool,
    labels: t.map(t.string),
    lifecycle_rules: t.list(rule),
    retention,
  },
  ["location", "versioning", "labels", "lifecycle_rules", "retention"],
);
export const bucketsType = t.list(bucket);

const ruleDefaults: Defaults = {
  type: rule,
  defaultValues: new Map([["age", numberVal(30)]]),
  children: new Map(),
};
const retentionDefaults: Defaults = {
  type: retention,
  defaultValues: new Map([
    ["days", numberVal(7)],
    ["locked", boolVal(false)],
  ]),
  children: new Map(),
};
const bucketDefaults: Defaults = {
  type: bucket,
  defaultValues: new Map<string, Value>([
    ["location", stringVal("EU")],
    ["versioning", boolVal(false)],
    ["labels", mapValEmpty(t.string)],
    ["lifecycle_rules", listValEmpty(t.object({ action: t.string, age: t.number }))],
    ["retention", objectVal({ days: nullVal(t.number), locked: nullVal(t.bool) })],
  ]),
  children: new Map<string, Defaults>([
    [
      "lifecycle_rules",
      { type: t.list(rule), defaultValues: new Map(), children: new Map([["", ruleDefaults]]) },
    ],
    ["retention", retentionDefaults],
  ]),
};
export const bucketsDefaults: Defaults = {
  type: bucketsType,
  defaultValues: new Map(),
  children: new Map([["", bucketDefaults]]),
};

/**
 * `n` bucket object literals in a tuple, as a .tfvars file would give them; `obj` builds each
 * object (objectVal by default, see shared-types.ts).
 */
export function bucketsInput(n: number, obj: ObjectBuilder = objectVal): Value {
  const items: Value[] = [];
  for (let i = 0; i < n; i++) {
    const attrs: Record<string, Value> = { name: stringVal(`bucket-${i}`) };
    if (i % 3 === 0) attrs.location = stringVal("US");
    if (i % 4 === 0) attrs.versioning = boolVal(true);
    if (i % 5 === 0) attrs.labels = obj({ env: stringVal("prod"), team: stringVal(`t${i % 7}`) });
    if (i % 2 === 0) {
      attrs.lifecycle_rules = tupleVal([
        obj({ action: stringVal("Delete") }),
        obj({ action: stringVal("SetStorageClass"), age: numberVal(90) }),
      ]);
    }
    if (i % 6 === 0) attrs.retention = obj({ days: numberVal(i % 30) });
    items.push(obj(attrs));
  }
  return tupleVal(items);
}
