import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "credentials",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
