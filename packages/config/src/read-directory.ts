// Reading a module directory from disk for the pure loader: the regular files that OpenTofu
// reads in it (configuration and variable files), each within a size limit, as text.
import { type Dirent, readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { FileReadError, goErrnoText } from "@tofukit/gostd";
import { DEFAULT_MAX_FILE_SIZE, readFileWithin, utf8Text } from "@tofukit/gostd/node";
import type { ModuleFile } from "./module-file.js";

export type ConfigReadErrorCode =
  | "TOFUKIT_CONFIG_NOT_FOUND"
  | "TOFUKIT_CONFIG_NOT_DIRECTORY"
  | "TOFUKIT_CONFIG_NOT_FILE"
  | "TOFUKIT_CONFIG_TOO_LARGE"
  | "TOFUKIT_CONFIG_UNREADABLE";

const brand = Symbol.for("tofukit.ConfigReadError");

/** A directory or file that cannot be read as a module or a variables file. */
export class ConfigReadError extends Error {
  readonly code: ConfigReadErrorCode;
  /** The file or directory concerned, as given. */
  readonly path: string;

  constructor(code: ConfigReadErrorCode, message: string, path: string) {
    super(message);
    this.code = code;
    this.path = path;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && brand in value;
  }
}
Object.defineProperty(ConfigReadError.prototype, "name", {
  value: "ConfigReadError",
  writable: true,
  configurable: true,
});
Object.defineProperty(ConfigReadError.prototype, brand, { value: true });

export interface ReadOptions {
  /** The largest file read, in bytes (default 64 MiB). */
  readonly maxFileSize?: number;
}

/** Whether OpenTofu would read a file of this name in a module directory. */
function isModuleFileName(name: string): boolean {
  return (
    name.endsWith(".tf") ||
    name.endsWith(".tf.json") ||
    name.endsWith(".tofu") ||
    name.endsWith(".tofu.json") ||
    name === "terraform.tfvars" ||
    name === "terraform.tfvars.json" ||
    name.endsWith(".auto.tfvars") ||
    name.endsWith(".auto.tfvars.json")
  );
}

function message(error: unknown): string {
  return error instanceof Error ? error.message.replace(/^[A-Z]+: /, "") : String(error);
}

/**
 * The text of a file as readFileSync(path, "utf8") gives it, read by @tofukit/gostd's bounded
 * reader: only a regular file, opened without waiting on a FIFO, within the size limit.
 */
export function readTextFile(path: string, options: ReadOptions = {}): string {
  const limit = options.maxFileSize ?? DEFAULT_MAX_FILE_SIZE;
  try {
    return utf8Text(readFileWithin(path, limit));
  } catch (error) {
    if (!(error instanceof FileReadError)) throw error;
    switch (error.code) {
      case "TOFUKIT_GOSTD_FILE_NOT_FOUND":
        throw new ConfigReadError("TOFUKIT_CONFIG_NOT_FOUND", `${path} does not exist.`, path);
      case "TOFUKIT_GOSTD_FILE_IS_DIRECTORY":
      case "TOFUKIT_GOSTD_FILE_NOT_REGULAR":
        throw new ConfigReadError("TOFUKIT_CONFIG_NOT_FILE", `${path} is not a regular file.`, path);
      case "TOFUKIT_GOSTD_FILE_TOO_LARGE":
        throw new ConfigReadError(
          "TOFUKIT_CONFIG_TOO_LARGE",
          `${path} is larger than the limit of ${limit} bytes.`,
          path,
        );
      default:
        throw new ConfigReadError(
          "TOFUKIT_CONFIG_UNREADABLE",
          `${path} cannot be read: ${goErrnoText(error.systemCode ?? "") ?? error.message}.`,
          path,
        );
    }
  }
}

/**
 * The configuration and variable files of the module in `dir` (not its subdirectories), named
 * as in the directory. Only regular files are read; anything else of a matching name is skipped.
 */
export function readModuleDirectory(dir: string, options: ReadOptions = {}): ModuleFile[] {
  let stat: ReturnType<typeof statSync>;
  try {
    stat = statSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") {
      throw new ConfigReadError("TOFUKIT_CONFIG_NOT_FOUND", `The directory ${dir} does not exist.`, dir);
    }
    throw new ConfigReadError(
      "TOFUKIT_CONFIG_UNREADABLE",
      `The directory ${dir} cannot be read: ${message(error)}.`,
      dir,
    );
  }
  if (!stat.isDirectory()) {
    throw new ConfigReadError(
      "TOFUKIT_CONFIG_NOT_DIRECTORY",
      `${dir} is not a directory: give the module's directory.`,
      dir,
    );
  }
  let entries: Dirent[];
  try {
    entries = readdirSync(dir, { withFileTypes: true });
  } catch (error) {
    throw new ConfigReadError(
      "TOFUKIT_CONFIG_UNREADABLE",
      `The directory ${dir} cannot be read: ${message(error)}.`,
      dir,
    );
  }
  const files: ModuleFile[] = [];
  for (const entry of entries) {
    if (!isModuleFileName(entry.name)) continue;
    const path = join(dir, entry.name);
    // A symbolic link counts for what it points at, as OpenTofu's directory listing sees it.
    const kind = entry.isSymbolicLink()
      ? kindOf(path)
      : entry.isFile()
        ? "file"
        : entry.isDirectory()
          ? "directory"
          : "other";
    if (kind === "file") {
      if (!isVariablesFileName(entry.name)) {
        files.push({ name: entry.name, text: readTextFile(path, options) });
        continue;
      }
      // A variables file that cannot be read is OpenTofu's "Failed to read variables file",
      // reported with the others, not a reason to give up on the module.
      try {
        files.push({ name: entry.name, text: readTextFile(path, options) });
      } catch (error) {
        if (!(error instanceof ConfigReadError)) throw error;
        files.push({
          name: entry.name,
          text: "",
          readError: error.message.replace(`${path} `, "it ").replace(/\.$/, ""),
        });
      }
      continue;
    }
    // OpenTofu reads terraform.tfvars(.json) whatever it is, and fails on a directory; it skips
    // directories among *.auto.tfvars and would block on a FIFO or read a device forever: those
    // are refused here without being opened.
    const implicit = entry.name === "terraform.tfvars" || entry.name === "terraform.tfvars.json";
    if (kind === "directory" && !implicit) continue;
    if (kind === "missing") continue;
    if (isVariablesFileName(entry.name)) {
      files.push({
        name: entry.name,
        text: "",
        readError: kind === "directory" ? "it is a directory, not a file" : "it is not a regular file",
      });
    }
  }
  return files;
}

function isVariablesFileName(name: string): boolean {
  return (
    name === "terraform.tfvars" ||
    name === "terraform.tfvars.json" ||
    name.endsWith(".auto.tfvars") ||
    name.endsWith(".auto.tfvars.json")
  );
}

function kindOf(path: string): "file" | "directory" | "other" | "missing" {
  try {
    const stat = statSync(path);
    return stat.isFile() ? "file" : stat.isDirectory() ? "directory" : "other";
  } catch {
    return "missing";
  }
}
