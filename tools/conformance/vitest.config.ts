import { defineProject } from "vitest/config";

export default defineProject({
  test: {
    name: "conformance-runner",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
  },
});
