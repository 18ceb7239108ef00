import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "hcl",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
