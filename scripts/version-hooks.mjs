// Second half of `npm run version-packages`, right after `changeset version` has written the new
// versions: runs the `version` script of every package that has one, which regenerates the files
// made from package.json (src/version.ts of disco, cty and the CLI: disco's user agent,
// `tofukit --version`). Nothing else may hard-code a version.
import { spawnSync } from "node:child_process";
import { workspacePackages } from "./workspace-packages.mjs";

let failed = 0;
for (const { path, manifest } of workspacePackages()) {
  if (typeof manifest.scripts?.version !== "string") continue;
  process.stdout.write(`${manifest.name}@${manifest.version}: ${manifest.scripts.version}\n`);
  // As `npm run version` would run it, without starting a package manager per package.
  const result = spawnSync(manifest.scripts.version, { cwd: path, shell: true, stdio: "inherit" });
  if (result.status !== 0) failed++;
}
process.exit(failed === 0 ? 0 : 1);
