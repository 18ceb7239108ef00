tofukit type 'object({ name = string, enabled = optional(bool, true) })'
