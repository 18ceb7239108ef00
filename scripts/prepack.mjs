// `prepack` of every published package: refuses to pack without a fresh build, so that neither
// `pnpm pack` nor `changeset publish` can ship a package without dist/ or with a stale one.
// Run in the package's directory (npm and pnpm run lifecycle scripts there).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

const pkgDir = process.cwd();
const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));

/** Every file under dir, with its modification time. */
function files(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...files(path));
    else out.push({ path, mtime: statSync(path).mtimeMs });
  }
  return out;
}

/** Every file path the exports map and bin name, skipping the source-only condition. */
function exportedTargets(node) {
  if (typeof node === "string") return [node];
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([key, value]) =>
    key === "@tofukit/source" ? [] : exportedTargets(value),
  );
}

function refuse(message) {
  process.stderr.write(`${manifest.name}: ${message}\nRun \`npm run build\` in the repository root first.\n`);
  process.exit(1);
}

const dist = join(pkgDir, "dist");
if (!existsSync(dist)) refuse("dist/ is missing: the package has not been built.");
const built = files(dist);
if (built.length === 0) refuse("dist/ is empty: the package has not been built.");

for (const target of [...exportedTargets(manifest.exports), ...Object.values(manifest.bin ?? {})]) {
  if (!existsSync(join(pkgDir, target))) refuse(`${target} is missing, though package.json names it.`);
}

const src = join(pkgDir, "src");
if (existsSync(src)) {
  const oldestBuilt = Math.min(...built.map((f) => f.mtime));
  const newer = files(src).filter((f) => !/\.(test|bench)\.ts$/.test(f.path) && f.mtime > oldestBuilt);
  if (newer.length > 0) {
    const names = newer.slice(0, 3).map((f) => relative(pkgDir, f.path));
    refuse(
      `dist/ is older than ${names.join(", ")}${newer.length > 3 ? ` and ${newer.length - 3} more` : ""}.`,
    );
  }
}
