// Go's path.Clean and path.Join (slash-separated, POSIX rules), which OpenTofu applies to local
// module paths and package subdirectories; `..` at the root of an absolute path is dropped.

// A path without empty, "." or ".." segments and without a trailing slash is already clean.
const NEEDS_CLEANING = /\/\/|\/$|(?:^|\/)\.\.?(?:\/|$)/;

export function cleanPath(p: string): string {
  if (p === "") return ".";
  if (!NEEDS_CLEANING.test(p)) return p;
  const rooted = p.startsWith("/");
  const out: string[] = [];
  for (const part of p.split("/")) {
    if (part === "" || part === ".") continue;
    if (part === "..") {
      if (out.length > 0 && out[out.length - 1] !== "..") out.pop();
      else if (!rooted) out.push("..");
      continue;
    }
    out.push(part);
  }
  const joined = (rooted ? "/" : "") + out.join("/");
  return joined === "" ? "." : joined;
}

/** Joins the non-empty elements with "/" and cleans the result; "" when all are empty. */
export function joinPath(...elements: readonly string[]): string {
  const given = elements.filter((e) => e !== "");
  return given.length === 0 ? "" : cleanPath(given.join("/"));
}
