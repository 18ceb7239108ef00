import { tofukitProject } from "@tofukit/test-support/vitest-project";

// Property and fuzz tests run thousands of cases; a loaded CI machine must not turn them into timeouts.
export default tofukitProject({
  name: "registry",
  rangeEquality: true,
  testTimeout: 30_000,
});
