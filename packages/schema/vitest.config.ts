import { tofukitProject } from "@tofukit/test-support/vitest-project";

export default tofukitProject({
  name: "schema",
  valueEquality: true,
  rangeEquality: true,
});
