tofukit check examples/buckets
