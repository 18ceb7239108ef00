// Slash-separated paths as Go's path and path/filepath treat them on Unix: Clean, Join, Dir, Base,
// IsAbs and Rel. The filesystem functions resolve and report paths with them, and OpenTofu cleans
// local module sources and package subdirectories with path.Clean.

// A path without empty, "." or ".." segments and without a trailing slash is already clean.
const NEEDS_CLEANING = /\/\/|\/$|(?:^|\/)\.\.?(?:\/|$)/;

/** Go's `filepath.Clean`: the shortest equivalent path. */
export function cleanPath(path: string): string {
  if (path === "") return ".";
  if (!NEEDS_CLEANING.test(path)) return path;
  const rooted = path.startsWith("/");
  const out: string[] = [];
  for (const part of path.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!rooted) out.push("..");
      continue;
    }
    out.push(part);
  }
  const joined = out.join("/");
  if (rooted) return `/${joined}`;
  return joined === "" ? "." : joined;
}

/** Go's `filepath.Join`: the non-empty elements joined and cleaned. */
export function joinPath(...elements: readonly string[]): string {
  const parts = elements.filter((e) => e !== "");
  return parts.length === 0 ? "" : cleanPath(parts.join("/"));
}

export function isAbsPath(path: string): boolean {
  return path.startsWith("/");
}

/** Go's `filepath.Base`: the last element; "." for an empty path, "/" for the root. */
export function basePath(path: string): string {
  if (path === "") return ".";
  const trimmed = path.replace(/\/+$/, "");
  if (trimmed === "") return "/";
  return trimmed.slice(trimmed.lastIndexOf("/") + 1);
}

/** Go's `filepath.Dir`: all but the last element, cleaned. */
export function dirPath(path: string): string {
  const i = path.lastIndexOf("/");
  return cleanPath(path.slice(0, i + 1));
}

/** Go's `filepath.Rel` for a target inside base (as fileset's matches are), or null. */
export function relPath(base: string, target: string): string | null {
  const b = cleanPath(base);
  const t = cleanPath(target);
  if (b === t) return ".";
  if (b === ".") return isAbsPath(t) ? null : t;
  const prefix = b === "/" ? "/" : `${b}/`;
  return t.startsWith(prefix) ? t.slice(prefix.length) : null;
}
