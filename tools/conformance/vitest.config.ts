import { tofukitProject } from "@tofukit/test-support/vitest-project";

export default tofukitProject({
  name: "conformance-runner",
  valueEquality: true,
  testTimeout: 60_000,
});
