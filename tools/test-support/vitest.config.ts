import { tofukitProject } from "./src/vitest-project.mjs";

export default tofukitProject({ name: "test-support" });
