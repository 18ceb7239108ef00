// @tofukit/functions/node: the filesystem options for Node, reading real files. Only regular
// files are read (following symbolic links), up to a size limit, so a template path cannot
// make the table read a device, a pipe or an enormous file.
import { readdirSync, statSync } from "node:fs";
import { homedir } from "node:os";
import type { CtyFunction } from "@tofukit/cty";
import { DEFAULT_MAX_FILE_SIZE, readFileWithin } from "@tofukit/gostd/node";
import { openTofuFunctions } from "./open-tofu-functions.js";
import type { DirectoryEntry, FunctionOptions } from "./options.js";

export interface NodeFileAccessOptions {
  /** The largest file to read, in bytes (default 64 MiB); larger files fail with a clear error. */
  readonly maxFileSize?: number;
}

/**
 * Options that read files under `baseDir` (OpenTofu's module directory; relative to the
 * process's working directory), with `abspath` against the working directory and `~` as the
 * user's home directory.
 */
export function nodeFileAccess(baseDir = ".", access: NodeFileAccessOptions = {}): FunctionOptions {
  const limit = access.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  return {
    baseDir,
    workingDirectory: process.cwd(),
    homeDirectory: homedir(),
    readFile: (path) => readFileWithin(path, limit),
    listDirectory: (dir) =>
      readdirSync(dir, { withFileTypes: true }).map((d): DirectoryEntry => {
        // A symbolic link counts as what it points to, as Go's os.Stat sees it.
        let isDirectory = d.isDirectory();
        if (d.isSymbolicLink()) {
          try {
            isDirectory = statSync(`${dir}/${d.name}`).isDirectory();
          } catch {
            isDirectory = false;
          }
        }
        return { name: d.name, isDirectory };
      }),
  };
}

/** openTofuFunctions with real files under `baseDir`; other options as openTofuFunctions takes them. */
export function openTofuFunctionsForNode(
  options: FunctionOptions & NodeFileAccessOptions = {},
): Record<string, CtyFunction> {
  return openTofuFunctions({ ...nodeFileAccess(options.baseDir, options), ...options });
}
