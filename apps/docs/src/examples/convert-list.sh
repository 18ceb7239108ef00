tofukit convert --type 'list(number)' --value '["1", 2]'
