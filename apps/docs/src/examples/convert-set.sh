tofukit convert --type 'set(string)' --value '["b", "a", "b", 1]'
