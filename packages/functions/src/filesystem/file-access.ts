// Reading files for the filesystem and file hash functions through the caller's reader, with
// OpenTofu's path resolution (`~` expanded, relative paths under the base directory, cleaned)
// and its messages (funcs/filesystem.go readFileBytes).
import { EPHEMERAL, FunctionError, SENSITIVE } from "@tofukit/cty";
import { cleanPath, FileReadError, goPathError, goQuote, isAbsPath, joinPath } from "@tofukit/gostd";
import type { FunctionOptions } from "../options.js";

/** The code a reader's error carries for a missing file (Node's fs errors carry it too). */
const NOT_FOUND = "ENOENT";
const IS_DIRECTORY = "EISDIR";

/**
 * The errno name of a reader's error: the `code` of Node's fs errors, the `systemCode` of the
 * bounded reader's FileReadError (whose own `code` is tofukit's).
 */
export function errorCode(e: unknown): string | undefined {
  if (e instanceof FileReadError) return e.systemCode;
  if (typeof e === "object" && e !== null && "code" in e) {
    const code = (e as { code: unknown }).code;
    return typeof code === "string" ? code : undefined;
  }
  return undefined;
}

/** OpenTofu's redactIfSensitiveOrEphemeral: a quoted path, or a placeholder for a marked one. */
export function redacted(text: string, marks: ReadonlySet<string>): string {
  const sensitive = marks.has(SENSITIVE);
  const ephemeral = marks.has(EPHEMERAL);
  if (sensitive && ephemeral) return "(ephemeral sensitive value)";
  if (ephemeral) return "(ephemeral value)";
  if (sensitive) return "(sensitive value)";
  return goQuote(text);
}

/** go-homedir's Expand: a leading `~` or `~/` becomes the home directory. */
export function expandHome(path: string, options: FunctionOptions): string {
  if (!path.startsWith("~")) return path;
  if (path.length > 1 && path[1] !== "/" && path[1] !== "\\") {
    throw new FunctionError("cannot expand user-specific home dir");
  }
  const home = options.homeDirectory;
  if (home === undefined || home === "") {
    throw new FunctionError("no home directory is known (the homeDirectory option is not set)");
  }
  return joinPath(home, path.slice(1));
}

/** A path as OpenTofu opens it: `~` expanded, relative to the base directory, cleaned. */
export function resolvePath(path: string, options: FunctionOptions): string {
  let p: string;
  try {
    p = expandHome(path, options);
  } catch (e) {
    throw new FunctionError(`failed to expand ~: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!isAbsPath(p)) p = joinPath(options.baseDir ?? ".", p);
  return cleanPath(p);
}

/**
 * The bytes of a file, or a FunctionError with OpenTofu's message (argIndex when given). With
 * `marks` null the file is opened as the file hash functions open it, whose errors are Go's
 * os.Open errors ("open PATH: no such file or directory").
 */
export function readFileBytes(
  options: FunctionOptions,
  path: string,
  marks: ReadonlySet<string> | null,
  argIndex?: number,
): Uint8Array {
  const reader = options.readFile;
  if (reader === undefined) {
    throw new FunctionError(
      "no file reader is configured: pass readFile in the options (or use @tofukit/functions/node)",
      argIndex,
    );
  }
  const resolved = resolvePath(path, options);
  try {
    return reader(resolved);
  } catch (e) {
    if (e instanceof FunctionError) throw e;
    const code = errorCode(e);
    if (code === NOT_FOUND && marks === null) {
      throw new FunctionError(goPathError("open", resolved, "ENOENT"), argIndex);
    }
    if (code === NOT_FOUND) {
      throw new FunctionError(
        `no file exists at ${redacted(path, marks ?? new Set())}; this function works only with files that are distributed as part of the configuration source code, so if this file will be created by a resource in this configuration you must instead obtain this result from an attribute of that resource`,
        argIndex,
      );
    }
    if (code === IS_DIRECTORY) throw new FunctionError(goPathError("read", resolved, "EISDIR"), argIndex);
    throw new FunctionError(e instanceof Error ? e.message : String(e), argIndex);
  }
}
