tofukit convert --type 'object({ name = string, port = optional(number, 443) })' --value '{ name = "web" }'
