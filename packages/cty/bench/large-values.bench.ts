// Rendering and encoding large values: the `tofukit check` workload of a module whose .tfvars
// holds long lists of bucket objects (DESIGN.md: a 5 MB file checked in ≤ 1 s in total).

import { bench, describe } from "vitest";
import {
  boolVal,
  consoleString,
  listVal,
  nullVal,
  numberVal,
  type ObjectType,
  objectVal,
  stringVal,
  t,
  tupleVal,
  type Value,
  valueFromJSON,
  valueToJSON,
} from "../src/index.js";

/**
 * `n` bucket objects. As convert() returns them (`shared`), they share one object type; as
 * HCL object literals evaluate, each has a type of its own.
 */
function buckets(n: number, shared = true) {
  const items: Value[] = [];
  let bucketType: ObjectType | undefined;
  let websiteType: ObjectType | undefined;
  for (let i = 0; i < n; i++) {
    const website = objectVal(
      {
        error_document: stringVal("error.html"),
        index_document: stringVal(i % 4 === 0 ? `i${i}.html` : "index.html"),
        routing_rules: i % 7 === 0 ? stringVal(`rules-${i}`) : nullVal(t.string),
      },
      websiteType,
    );
    const bucket = objectVal(
      {
        enabled: boolVal(i % 3 !== 0),
        name: stringVal(`bucket-${i}`),
        size: numberVal(i),
        website,
      },
      bucketType,
    );
    if (shared) {
      websiteType = website.type as ObjectType;
      bucketType = bucket.type as ObjectType;
    }
    items.push(bucket);
  }
  return shared ? listVal(items) : tupleVal(items);
}

const list = buckets(2296);
const json = valueToJSON(list);
const big = buckets(20000);
const bigJson = valueToJSON(big);
const literals = buckets(2296, false);

describe("large values", () => {
  bench("consoleString, 2,296 bucket objects", () => {
    consoleString(list).charCodeAt(0);
  });
  bench("valueToJSON, 2,296 bucket objects", () => {
    valueToJSON(list).charCodeAt(0);
  });
  bench("valueFromJSON, 2,296 bucket objects", () => {
    valueFromJSON(json, list.type);
  });
  bench("consoleString, 2,296 bucket objects of their own types (HCL literals)", () => {
    consoleString(literals).charCodeAt(0);
  });
  bench("consoleString, 20,000 bucket objects", () => {
    consoleString(big).charCodeAt(0);
  });
  bench("valueToJSON, 20,000 bucket objects", () => {
    valueToJSON(big).charCodeAt(0);
  });
  bench("valueFromJSON, 20,000 bucket objects", () => {
    valueFromJSON(bigJson, big.type);
  });
});
