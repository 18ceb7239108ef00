// @tofukit/config/node: a module read from a directory, variable files read from disk, and the
// file functions of validation rules reading real files relative to the module.
import { isAbsolute, join } from "node:path";
import type { FunctionOptions } from "@tofukit/functions";
import { nodeFileAccess } from "@tofukit/functions/node";
import { type LoadedModule, loadModule } from "./load-module.js";
import type { ModuleFile } from "./module-file.js";
import type { ModuleTreeReader } from "./module-tree.js";
import { ConfigReadError, type ReadOptions, readModuleDirectory, readTextFile } from "./read-directory.js";

export {
  type DownloadEvent,
  type DownloadModuleTreeOptions,
  downloadModuleTree,
} from "./download-module-tree.js";
export type { ConfigReadErrorCode, ReadOptions } from "./read-directory.js";
export {
  ConfigReadError,
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

/**
 * The reader of a module tree whose root module is in `rootDir`: module directories relative to
 * it, files named by their path from it (`modules/a/main.tf`), and the modules `tofu init`
 * installed, from `.terraform/modules/modules.json`. A directory that does not exist is
 * undefined; a file that cannot be read throws ConfigReadError.
 */
export function nodeModuleTreeReader(rootDir: string, options: ReadOptions = {}): ModuleTreeReader {
  return {
    readModule(dir) {
      const configOnly = (name: string) => !name.endsWith(".tfvars") && !name.endsWith(".tfvars.json");
      let files: ModuleFile[];
      try {
        // A downloaded module's directory is absolute: it lives in a cache, not below the root.
        files = readModuleDirectory(isAbsolute(dir) ? dir : join(rootDir, dir), options);
      } catch (error) {
        if (
          error instanceof ConfigReadError &&
          (error.code === "TOFUKIT_CONFIG_NOT_FOUND" || error.code === "TOFUKIT_CONFIG_NOT_DIRECTORY")
        ) {
          return undefined;
        }
        throw error;
      }
      // A called module's variable files play no part: its values come from the call.
      return files
        .filter((f) => dir === "." || configOnly(f.name))
        .map((f) => (dir === "." ? f : { ...f, name: `${dir}/${f.name}` }));
    },
    readManifest() {
      try {
        return readTextFile(join(rootDir, ".terraform", "modules", "modules.json"), options);
      } catch (error) {
        if (error instanceof ConfigReadError && error.code === "TOFUKIT_CONFIG_NOT_FOUND") return undefined;
        throw error;
      }
    },
  };
}
