import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "disco",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
