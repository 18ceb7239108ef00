import { tofukitProject } from "@tofukit/test-support/vitest-project";

export default tofukitProject({
  name: "hcl",
  valueEquality: true,
  rangeEquality: true,
});
