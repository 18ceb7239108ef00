tofukit check examples/module-problems
