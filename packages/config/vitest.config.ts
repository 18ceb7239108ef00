import { tofukitProject } from "@tofukit/test-support/vitest-project";

export default tofukitProject({
  name: "config",
  valueEquality: true,
  rangeEquality: true,
});
