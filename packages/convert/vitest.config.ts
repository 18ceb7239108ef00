import { tofukitProject } from "@tofukit/test-support/vitest-project";

export default tofukitProject({
  name: "convert",
  valueEquality: true,
  rangeEquality: true,
});
