import { tofukitProject } from "@tofukit/test-support/vitest-project";

export default tofukitProject({
  name: "typeexpr",
  valueEquality: true,
  rangeEquality: true,
});
