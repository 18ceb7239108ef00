// @tofukit/config/node: a module read from a directory, variable files read from disk, and the
// file functions of validation rules reading real files relative to the module.
import { isAbsolute, join } from "node:path";
import type { FunctionOptions } from "@tofukit/functions";
import { nodeFileAccess } from "@tofukit/functions/node";
import { type LoadedModule, loadModule } from "./load-module.js";
import type { ModuleFile } from "./module-file.js";
import { type ReadOptions, readModuleDirectory, readTextFile } from "./read-directory.js";

export type { ConfigReadErrorCode, ReadOptions } from "./read-directory.js";
export {
  ConfigReadError,
  DEFAULT_MAX_FILE_SIZE,
  readModuleDirectory,
  readTextFile,
} from "./read-directory.js";

/** A module and the files of its directory (for terraform.tfvars and *.auto.tfvars). */
export interface ModuleDirectory {
  readonly dir: string;
  readonly files: readonly ModuleFile[];
  readonly module: LoadedModule;
}

/** Reads and loads the module in `dir`; throws ConfigReadError when it cannot be read. */
export function loadModuleDirectory(dir: string, options: ReadOptions = {}): ModuleDirectory {
  const files = readModuleDirectory(dir, options);
  return { dir, files, module: loadModule(files) };
}

/** A variables file (`-var-file`), named in diagnostics as it was given. */
export function readVariablesFile(
  path: string,
  options: ReadOptions & { readonly cwd?: string } = {},
): ModuleFile {
  const full = options.cwd === undefined || isAbsolute(path) ? path : join(options.cwd, path);
  return { name: path, text: readTextFile(full, options) };
}

/**
 * The function library's file access for a module in `dir` (@tofukit/functions/node): regular
 * files only, within a size limit, relative paths against the module directory.
 */
export function nodeFunctionOptions(dir: string): FunctionOptions {
  return nodeFileAccess(dir);
}
