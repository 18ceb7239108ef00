// The seed's bucket workload (DESIGN.md's performance target): its exact type constraint with
// nested optional attributes and defaults, and a tuple of object literals of the shapes its
// terraform.tfvars uses.
//
// list(object({
//   name    = string
//   enabled = optional(bool, true)
//   website = optional(object({
//     index_document = optional(string, "index.html")
//     error_document = optional(string, "error.html")
//     routing_rules  = optional(string)
//   }), {})
// }))

import { boolVal, nullVal, objectVal, stringVal, t, tupleVal, type Value } from "@tofukit/cty";
import type { Defaults } from "../src/defaults.js";
import type { ObjectBuilder } from "./shared-types.js";

const website = t.object({ index_document: t.string, error_document: t.string, routing_rules: t.string }, [
  "index_document",
  "error_document",
  "routing_rules",
]);
const bucket = t.object({ name: t.string, enabled: t.bool, website }, ["enabled", "website"]);
export const seedBucketsType = t.list(bucket);

const websiteDefaults: Defaults = {
  type: website,
  defaultValues: new Map([
    ["index_document", stringVal("index.html")],
    ["error_document", stringVal("error.html")],
  ]),
  children: new Map(),
};
const bucketDefaults: Defaults = {
  type: bucket,
  defaultValues: new Map<string, Value>([
    ["enabled", boolVal(true)],
    // `{}` converted to the attribute's type, as typeexpr stores it: every attribute null.
    [
      "website",
      objectVal({
        error_document: nullVal(t.string),
        index_document: nullVal(t.string),
        routing_rules: nullVal(t.string),
      }),
    ],
  ]),
  children: new Map([["website", websiteDefaults]]),
};
export const seedBucketsDefaults: Defaults = {
  type: seedBucketsType,
  defaultValues: new Map(),
  children: new Map([["", bucketDefaults]]),
};

/**
 * `n` bucket object literals in a tuple, cycling through the seed's shapes; `obj` builds each
 * object (objectVal by default, see shared-types.ts).
 */
export function seedBucketsInput(n: number, obj: ObjectBuilder = objectVal): Value {
  const items: Value[] = [];
  for (let i = 0; i < n; i++) {
    const name = stringVal(`bucket-${i}`);
    switch (i % 5) {
      case 0:
        items.push(obj({ name }));
        break;
      case 1:
        items.push(obj({ name, enabled: boolVal(i % 2 === 0) }));
        break;
      case 2:
        items.push(obj({ name, website: obj({ routing_rules: stringVal(`rules-${i}`) }) }));
        break;
      case 3:
        items.push(
          obj({
            name,
            website: obj({
              index_document: stringVal(`i${i}.html`),
              error_document: stringVal(`e${i}.html`),
            }),
          }),
        );
        break;
      default:
        items.push(
          obj({
            name,
            enabled: boolVal(false),
            website: obj({ index_document: stringVal("home.html") }),
          }),
        );
    }
  }
  return tupleVal(items);
}
