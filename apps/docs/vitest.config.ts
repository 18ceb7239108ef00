import { defineProject } from "vitest/config";
import { sourceResolve } from "./scripts/source-resolve.mjs";

// Sibling packages resolve to their src/ through the @tofukit/source export condition. The browser
// tests serve the built site (apps/docs/dist), which they build first when it is missing.
export default defineProject({
  ...sourceResolve,
  test: {
    name: "docs",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 300_000,
  },
});
