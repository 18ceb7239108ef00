import { tofukitProject } from "@tofukit/test-support/vitest-project";

export default tofukitProject({
  name: "browser",
  include: ["test/**/*.test.ts"],
  testTimeout: 120_000,
  hookTimeout: 120_000,
});
