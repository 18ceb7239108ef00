import { defineProject } from "vitest/config";

// Sibling packages resolve to their src/ through the @tofukit/source export condition.
const conditions = ["@tofukit/source", "module", "node", "development|production"];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: "browser",
    include: ["test/**/*.test.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
  },
});
