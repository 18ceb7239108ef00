tofukit convert --type 'map(any)' --value '{ a = 1, b = "x" }'
