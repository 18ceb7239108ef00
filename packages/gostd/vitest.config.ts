import { tofukitProject } from "@tofukit/test-support/vitest-project";

// Property tests run thousands of cases; a loaded CI machine must not turn them into timeouts.
export default tofukitProject({
  name: "gostd",
  testTimeout: 30_000,
});
