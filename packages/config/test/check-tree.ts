// A module tree in a temporary directory, loaded and checked as tofukit check does.
import {
  checkModuleTree,
  loadModuleTree,
  type ModuleTreeCheck,
  type ModuleTreeCheckOptions,
} from "../src/index.js";
import { loadModuleDirectory, nodeModuleTreeReader } from "../src/node.js";
import { moduleDir } from "./module-dir.js";

export function checkTree(
  files: Record<string, string>,
  options: Omit<ModuleTreeCheckOptions, "files"> = {},
): ModuleTreeCheck & { dir: string } {
  const dir = moduleDir(files);
  const root = loadModuleDirectory(dir);
  const tree = loadModuleTree(root.module, nodeModuleTreeReader(dir));
  return { ...checkModuleTree(tree, { ...options, files: root.files }), dir };
}
