// Writes src/version.ts of the package in the current directory from its package.json, so the
// version is a constant in the code and bundlers need no package.json next to it. Run by the
// package's `build` and `version` scripts; `npm run version-packages` runs the latter right after
// `changeset version`, and scripts/package-conventions.mjs checks that the file is current.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

export function versionFileText(version) {
  return `// Generated from package.json by scripts/write-version.mjs. Do not edit.\nexport const VERSION = ${JSON.stringify(version)};\n`;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  const pkgDir = process.cwd();
  const { version } = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
  const file = join(pkgDir, "src", "version.ts");
  let current = "";
  try {
    current = readFileSync(file, "utf8");
  } catch {}
  if (current !== versionFileText(version)) writeFileSync(file, versionFileText(version));
}
