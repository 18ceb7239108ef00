import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "typeexpr",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
