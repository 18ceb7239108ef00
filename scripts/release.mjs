// `npm run release [-- --dry-run]`: publishes the versions that are in the package.json files.
// It installs from the frozen lockfile, builds and runs every check (scripts/check.mjs, which
// also packs each package and installs the tarballs into a fresh npm project), then publishes
// with `changeset publish` (pnpm publish underneath: workspace: and catalog: ranges replaced,
// prepack refusing a stale build, provenance and public access from publishConfig). It versions
// nothing itself: `npm run version-packages` applies the changesets first, and its result is
// reviewed and committed. With --dry-run it publishes nothing and leaves git alone.
import { spawnSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { envWithPnpm, pnpm, repoRoot } from "./pnpm-bootstrap.mjs";
import { publicPackages } from "./workspace-packages.mjs";

const dryRun = process.argv.includes("--dry-run");
const unknown = process.argv.slice(2).filter((a) => a !== "--dry-run");
if (unknown.length > 0) {
  process.stderr.write(`usage: npm run release [-- --dry-run]   (unknown: ${unknown.join(" ")})\n`);
  process.exit(2);
}
const say = (text) => process.stdout.write(`\n▶ release${dryRun ? " (dry run)" : ""}: ${text}\n`);
function fail(text) {
  process.stderr.write(`\n✘ release: ${text}\n`);
  process.exit(1);
}
function git(args) {
  return spawnSync("git", args, { cwd: repoRoot, encoding: "utf8" });
}

const pending = readdirSync(join(repoRoot, ".changeset")).filter(
  (f) => f.endsWith(".md") && f !== "README.md",
);
if (pending.length > 0) {
  const text = `${pending.length} changesets are not applied yet (run \`npm run version-packages\`, review and commit the new versions and changelogs first)`;
  if (!dryRun) fail(text);
  process.stdout.write(`⚠ ${text}; a real release refuses to start.\n`);
}
if (!dryRun) {
  const status = git(["status", "--porcelain"]);
  if (status.status !== 0 || status.stdout.trim() !== "")
    fail("the working tree is not clean: commit first.");
}

say("install from the frozen lockfile");
if (pnpm(["install", "--frozen-lockfile", "--reporter=silent"]) !== 0)
  fail("pnpm install --frozen-lockfile failed");

say("build and every check (scripts/check.mjs)");
const checks = spawnSync(process.execPath, [join(repoRoot, "scripts", "check.mjs")], {
  cwd: repoRoot,
  stdio: "inherit",
  env: envWithPnpm(),
});
if (checks.status !== 0) fail("the checks failed: nothing was published.");

if (dryRun) {
  say("what would be published (pnpm publish --dry-run of every public package)");
  for (const { path, manifest } of publicPackages()) {
    const status = pnpm(["publish", "--dry-run", "--no-git-checks", "--access", "public"], { cwd: path });
    if (status !== 0) fail(`pnpm publish --dry-run failed for ${manifest.name}`);
  }
  process.stdout.write("\n✔ dry run: built, checked and packed; nothing published.\n");
  process.exit(0);
}

say("changeset publish (only versions not yet on the registry; tags them in git)");
const publish = spawnSync(join(repoRoot, "node_modules", ".bin", "changeset"), ["publish"], {
  cwd: repoRoot,
  stdio: "inherit",
  env: envWithPnpm(),
});
if (publish.status !== 0) fail("changeset publish failed (see above); published packages stay published.");
process.stdout.write("\n✔ published. Push the tags: git push --follow-tags\n");
