import { tofukitProject } from "@tofukit/test-support/vitest-project";
import { alias } from "./scripts/source-resolve.mjs";

// The browser tests serve the built site (apps/docs/dist), which they build first when it is missing.
export default tofukitProject({
  name: "docs",
  rangeEquality: true,
  alias,
  testTimeout: 30_000,
  hookTimeout: 300_000,
});
