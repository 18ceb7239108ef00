import { tofukitProject } from "@tofukit/test-support/vitest-project";

// The end-to-end tests run the built CLI as a process; global-setup builds it first.
export default tofukitProject({
  name: "cli",
  valueEquality: true,
  rangeEquality: true,
  globalSetup: ["./test/global-setup.ts"],
  testTimeout: 30_000,
});
