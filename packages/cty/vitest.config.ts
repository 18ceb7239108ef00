import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "cty",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
