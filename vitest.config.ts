import { defineConfig } from "vitest/config";

// Every workspace member has its own vitest.config.ts; this file only lists them.
export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "tools/*"],
  },
});
