tofukit check examples/buckets-module --var legacy_filenames=true --show module.buckets.var.buckets
