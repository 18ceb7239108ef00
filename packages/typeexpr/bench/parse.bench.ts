// Parsing a realistic bucket type constraint with optional attributes and defaults.
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
  bench("the buckets type with defaults", () => {
    parseTypeConstraint(BUCKETS_TYPE);
  });

  bench("the buckets type with defaults, through a TypeConstraintCache", () => {
    cache.parse(BUCKETS_TYPE);
  });

  bench("list(string)", () => {
    parseTypeConstraint("list(string)");
  });
});
