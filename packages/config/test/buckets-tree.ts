// The module-call example of OpenTofu's type-constraint documentation ("Conditionally setting an
// optional attribute"), as files: a root that calls ./modules/buckets.
export const bucketsChild = `variable "buckets" {
  type = list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))
}
`;

export const bucketsRoot = `variable "legacy_filenames" {
  type     = bool
  default  = false
  nullable = false
}

module "buckets" {
  source = "./modules/buckets"

  buckets = [
    {
      name = "maybe_legacy"
      website = {
        error_document = var.legacy_filenames ? "ERROR.HTM" : null
        index_document = var.legacy_filenames ? "INDEX.HTM" : null
      }
    },
  ]
}
`;

export const bucketsTree = {
  "main.tf": bucketsRoot,
  "modules/buckets/variables.tf": bucketsChild,
};
