// A tree of 200 module calls to 50 local modules (10 variables, 20 rules and locals each):
// reading and loading the tree, and checking every call, in process.

import { writeModuleTree } from "@tofukit/test-support/module-tree";
import { bench, describe } from "vitest";
import { checkModuleTree, loadModuleTree } from "../src/index.js";
import { loadModuleDirectory, nodeModuleTreeReader } from "../src/node.js";

const dir = writeModuleTree();
const root = loadModuleDirectory(dir);
const tree = loadModuleTree(root.module, nodeModuleTreeReader(dir));
const result = checkModuleTree(tree, { files: root.files });
if (result.diagnostics.length > 0 || result.instances.length !== 200 || result.rules.run !== 200 * 20) {
  throw new Error(
    `the bench tree does not pass its rules: ${JSON.stringify(result.diagnostics[0] ?? result.rules)}`,
  );
}

describe("200 module calls, 50 modules, 4,000 rules", () => {
  bench("read and load the tree", () => {
    const r = loadModuleDirectory(dir);
    loadModuleTree(r.module, nodeModuleTreeReader(dir));
  });
  bench("checkModuleTree", () => {
    checkModuleTree(tree, { files: root.files });
  });
});
