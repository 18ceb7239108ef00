import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "hostname",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
