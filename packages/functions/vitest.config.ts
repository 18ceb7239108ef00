import { tofukitProject } from "@tofukit/test-support/vitest-project";

export default tofukitProject({
  name: "functions",
  valueEquality: true,
  rangeEquality: true,
});
