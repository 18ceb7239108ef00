tofukit check examples/buckets-module
