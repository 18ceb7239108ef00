import { tofukitProject } from "@tofukit/test-support/vitest-project";

export default tofukitProject({
  name: "credentials",
  rangeEquality: true,
});
