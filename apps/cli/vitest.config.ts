import { defineProject } from "vitest/config";

// Sibling packages resolve to their src/ through the @tofukit/source export condition; the
// end-to-end tests run the built CLI, which global-setup builds first.
const conditions = ["@tofukit/source", "module", "node", "development|production"];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: "cli",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // toEqual compares cty values by rawEquals (a Value keeps its payload in a private field).
    setupFiles: ["../../packages/cty/test/value-equality.ts"],
    globalSetup: ["./test/global-setup.ts"],
    testTimeout: 30_000,
  },
});
