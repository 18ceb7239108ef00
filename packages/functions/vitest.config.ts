import { defineProject } from "vitest/config";

// Sibling packages are imported from their sources (the "@tofukit/source" export condition).
const conditions = ["@tofukit/source", "module", "node", "development|production"];

export default defineProject({
  resolve: { conditions },
  ssr: { resolve: { conditions } },
  test: {
    name: "functions",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    setupFiles: ["test/value-equality.ts"],
  },
});
