// The seed's bucket type constraint, as its buckets example writes it: the type DESIGN.md's
// performance targets are stated for.
export const SEED_BUCKET_TYPE = `list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))`;
