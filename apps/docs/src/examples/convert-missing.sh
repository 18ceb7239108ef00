tofukit convert --type 'object({ name = string, port = number })' --value '{ name = "web" }'
