import { defineProject } from "vitest/config";

// Sibling packages resolve to their src/ through the @tofukit/source export condition.
const conditions = ["@tofukit/source", "module", "node", "development|production"];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: "registry",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Property and fuzz tests run thousands of cases; a loaded CI machine must not turn them into timeouts.
    testTimeout: 30_000,
  },
});
