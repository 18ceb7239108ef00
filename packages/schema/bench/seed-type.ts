// The seed's bucket type constraint, as its buckets example writes it (the same text as
// typeexpr's bench/seed-type.ts): the type DESIGN.md's schema target is stated for.
export const SEED_BUCKET_TYPE = `list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))`;
