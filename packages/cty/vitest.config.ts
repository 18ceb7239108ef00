import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "cty",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    // toEqual compares cty values by rawEquals (a Value keeps its payload in a private field).
    setupFiles: ["test/value-equality.ts"],
  },
});
