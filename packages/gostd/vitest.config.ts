import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "gostd",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // Property tests run thousands of cases; a loaded CI machine must not turn them into timeouts.
    testTimeout: 30_000,
  },
});
