// Which kind of module source a `source` string is, as far as loading a module tree needs to
// know: a local path (OpenTofu's four prefixes) read beside its caller, or anything else, which
// only `tofu init` can install (a registry address or a remote package). Local paths are cleaned
// as OpenTofu's parseModuleSourceLocal cleans them.

export type ModuleSourceKind = "local" | "registry or remote";

const LOCAL_PREFIXES = ["./", "../", ".\\", "..\\"] as const;

export function moduleSourceKind(raw: string): ModuleSourceKind {
  return LOCAL_PREFIXES.some((prefix) => raw.startsWith(prefix)) ? "local" : "registry or remote";
}

/** Go's path.Clean: `.` and `..` resolved lexically, repeated slashes collapsed. */
export function cleanPath(p: string): string {
  if (p === "") return ".";
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
  const joined = out.join("/");
  if (rooted) return `/${joined}`;
  return joined === "" ? "." : joined;
}

/**
 * A local source as OpenTofu records it: backslashes made slashes, the path cleaned, and `./` put
 * back in front unless it starts with `../` (so `./` becomes `./.`, and `../` becomes `./..`).
 */
export function cleanLocalSource(raw: string): string {
  const clean = cleanPath(raw.replaceAll("\\", "/"));
  return clean.startsWith("../") ? clean : `./${clean}`;
}
