tofukit convert --type 'list(any)' --value '["a", 1, true]'
