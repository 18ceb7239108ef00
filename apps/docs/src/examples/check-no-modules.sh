tofukit check examples/module-problems --no-modules
