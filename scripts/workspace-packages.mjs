// The workspace's packages, found the way pnpm-workspace.yaml lists them (packages/*, apps/*,
// tools/*), so that every check and script covers a new package without being told about it.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { repoRoot } from "./pnpm-bootstrap.mjs";

/** Every workspace package: { dir (relative), path, manifest }, in a stable order. */
export function workspacePackages(groups = ["packages", "apps", "tools"]) {
  const out = [];
  for (const group of groups) {
    const base = join(repoRoot, group);
    if (!existsSync(base)) continue;
    for (const name of readdirSync(base).sort()) {
      const path = join(base, name);
      const manifestPath = join(path, "package.json");
      if (!existsSync(manifestPath)) continue;
      out.push({ dir: `${group}/${name}`, path, manifest: JSON.parse(readFileSync(manifestPath, "utf8")) });
    }
  }
  return out;
}

/** The packages that are published: in packages/* and apps/*, not private. */
export function publicPackages() {
  return workspacePackages(["packages", "apps"]).filter((p) => p.manifest.private !== true);
}
