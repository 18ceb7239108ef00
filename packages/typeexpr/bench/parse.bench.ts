// Parsing type constraints with optional attributes and defaults, without and with the cache.

import { SEED_BUCKET_TYPE } from "@tofukit/test-support/buckets-example";
import { bench, describe } from "vitest";
import { parseTypeConstraint, TypeConstraintCache } from "../src/index.js";

const BUCKETS_TYPE = `list(object({
  name       = string
  region     = optional(string, "eu-west-1")
  versioning = optional(bool, true)
  tags       = optional(map(string), {})
  lifecycle = optional(object({
    expire_days = optional(number, 90)
    prefix      = optional(string, "")
    transitions = optional(list(object({
      days          = number
      storage_class = optional(string, "GLACIER")
    })), [])
  }), {})
  website = optional(object({
    index_document = optional(string, "index.html")
    error_document = optional(string)
  }))
}))`;

const cache = new TypeConstraintCache();

describe("parseTypeConstraint", () => {
  // parseTypeConstraint never caches: every iteration is a first parse.
  bench("the seed's bucket type, uncached", () => {
    parseTypeConstraint(SEED_BUCKET_TYPE);
  });

  bench("a larger buckets type with defaults, uncached", () => {
    parseTypeConstraint(BUCKETS_TYPE);
  });

  bench("the larger buckets type, through a TypeConstraintCache", () => {
    cache.parse(BUCKETS_TYPE);
  });

  bench("list(string)", () => {
    parseTypeConstraint("list(string)");
  });
});
