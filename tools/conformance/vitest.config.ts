import { tofukitProject } from "@tofukit/test-support/vitest-project";

export default tofukitProject({
  name: "conformance-runner",
  valueEquality: true,
  rangeEquality: true,
  testTimeout: 60_000,
});
