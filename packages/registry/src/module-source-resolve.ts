// Module sources relative to the module that calls them (addrs.ResolveRelativeModuleSource): a
// local path inside a registry or remote package stays inside that package.

import { joinPath } from "@tofukit/gostd";
import type { ModuleSource } from "./module-source.js";
import { isLocalModuleSource, LocalModuleSource } from "./module-source-local.js";
import { RegistryModuleSource } from "./module-source-registry.js";
import { RemoteModuleSource } from "./module-source-remote.js";
import { RegistryAddressError } from "./registry-error.js";

// path.Join then io/fs.ValidPath: the package root is "", and a path may not climb out of it.
function joinSubdir(from: ModuleSource, subdir: string, rel: string): string {
  const joined = joinPath(subdir, rel);
  if (joined === ".") return "";
  if (joined === ".." || joined.startsWith("../") || joined.startsWith("/")) {
    throw new RegistryAddressError(
      "TOFUKIT_REGISTRY_SUBDIR_ESCAPES",
      `invalid relative path from ${from}: relative path ${rel} has too many "../" segments`,
      rel,
    );
  }
  return joined;
}

/**
 * The source `b` means when the module at `a` calls it: `b` itself unless it is local; a local
 * `b` joined to a local `a`, or to the subdirectory of `a`'s package. Throws RegistryAddressError
 * when the path leaves the package.
 */
export function resolveRelativeModuleSource(a: ModuleSource, b: ModuleSource): ModuleSource {
  if (b.kind !== "local") return b;
  switch (a.kind) {
    case "local": {
      const joined = joinPath(a.path, b.path);
      return new LocalModuleSource(isLocalModuleSource(joined) ? joined : `./${joined}`);
    }
    case "registry":
      return new RegistryModuleSource(
        a.host,
        a.namespace,
        a.name,
        a.targetSystem,
        joinSubdir(a, a.subdir, b.path),
      );
    case "remote":
      return new RemoteModuleSource(a.url, joinSubdir(a, a.subdir, b.path));
  }
}
