import { defineProject } from "vitest/config";

// Sibling packages are imported from their sources (the "@tofukit/source" export condition).
const conditions = ["@tofukit/source", "module", "node", "development|production"];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: "cty",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // toEqual compares cty values by rawEquals (a Value keeps its payload in a private field).
    setupFiles: ["test/value-equality.ts"],
  },
});
