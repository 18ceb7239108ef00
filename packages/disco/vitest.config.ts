import { defineProject } from "vitest/config";

// Sibling packages are imported from their sources (the "@tofukit/source" export condition).
const conditions = ["@tofukit/source", "module", "node", "development|production"];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: "disco",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Network tests run real TLS servers; on a busy machine a handshake-heavy test can outlast
    // the 5 s default without anything being wrong.
    testTimeout: 15_000,
  },
});
