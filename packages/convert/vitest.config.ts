import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "convert",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
