// @tofukit/config/node: a module read from a directory, variable files read from disk, and the
// file functions of validation rules reading real files relative to the module.
import { readdirSync, readFileSync, statSync } from "node:fs";
import { isAbsolute, join, resolve } from "node:path";
import type { FunctionOptions } from "@tofukit/functions";
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
 * The function library's file access for a module in `dir`: real files, relative paths read
 * inside it. The functions see the module directory as ".", as OpenTofu's do when it runs in
 * the module's directory, so their messages name paths as OpenTofu would.
 */
export function nodeFunctionOptions(dir: string): FunctionOptions {
  const base = resolve(dir);
  const at = (path: string) => (isAbsolute(path) ? path : join(base, path));
  return {
    baseDir: ".",
    readFile: (path) => new Uint8Array(readFileSync(at(path))),
    listDirectory: (path) =>
      readdirSync(at(path), { withFileTypes: true }).map((e) => ({
        name: e.name,
        isDirectory: e.isDirectory() || (e.isSymbolicLink() && statSync(join(at(path), e.name)).isDirectory()),
      })),
  };
}
