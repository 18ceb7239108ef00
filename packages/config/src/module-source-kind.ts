// Which kind of module source a `source` string is, as far as loading a module tree needs to
// know: a local path (OpenTofu's four prefixes) read beside its caller, or anything else, which
// only `tofu init` can install (a registry address or a remote package). Local paths are cleaned
// as OpenTofu's parseModuleSourceLocal cleans them.

import { cleanPath } from "@tofukit/gostd";

export type ModuleSourceKind = "local" | "registry or remote";

const LOCAL_PREFIXES = ["./", "../", ".\\", "..\\"] as const;

export function moduleSourceKind(raw: string): ModuleSourceKind {
  return LOCAL_PREFIXES.some((prefix) => raw.startsWith(prefix)) ? "local" : "registry or remote";
}

/**
 * A local source as OpenTofu records it: backslashes made slashes, the path cleaned, and `./` put
 * back in front unless it starts with `../` (so `./` becomes `./.`, and `../` becomes `./..`).
 */
export function cleanLocalSource(raw: string): string {
  const clean = cleanPath(raw.replaceAll("\\", "/"));
  return clean.startsWith("../") ? clean : `./${clean}`;
}
