tofukit check examples/buckets --var 'buckets=[{ enabled = "yes" }]'
