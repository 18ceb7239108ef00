// What `npm run version-packages` does, tried in a scratch copy of the repository (its tracked
// files, on a branch named main as changesets wants): every public package gets the same new
// version (one fixed group), no major unless a changeset asks for one (a peer dependency on a
// tofukit package would turn every 0.x minor into a major), generated version files follow,
// changelogs get the release, private packages stay as they are, and the conventions still hold.
// Prints one line per check; exits 1 on any failure.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { repoRoot } from "./pnpm-bootstrap.mjs";
import { workspacePackages } from "./workspace-packages.mjs";

const scratch = mkdtempSync(join(tmpdir(), "tofukit-version-"));
const tracked = spawnSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
  cwd: repoRoot,
  encoding: "utf8",
});
for (const file of tracked.stdout.split("\0").filter(Boolean)) {
  mkdirSync(dirname(join(scratch, file)), { recursive: true });
  try {
    cpSync(join(repoRoot, file), join(scratch, file));
  } catch {} // deleted in the work tree
}
symlinkSync(join(repoRoot, "node_modules"), join(scratch, "node_modules"));
const git = (...args) =>
  spawnSync("git", ["-c", "user.email=check@localhost", "-c", "user.name=check", ...args], {
    cwd: scratch,
    encoding: "utf8",
  });
git("init", "-q", "-b", "main");

const readManifests = (root) =>
  new Map(
    workspacePackages().map((p) => [
      p.dir,
      JSON.parse(readFileSync(join(root, p.dir, "package.json"), "utf8")),
    ]),
  );
const before = readManifests(scratch);
const changesets = spawnSync("git", ["ls-files", ".changeset/*.md"], {
  cwd: repoRoot,
  encoding: "utf8",
}).stdout;
const askedMajor = /^"[^"]+":\s*major\s*$/m.test(
  changesets
    .split("\n")
    .filter((f) => f && !f.endsWith("README.md"))
    .map((f) => readFileSync(join(repoRoot, f), "utf8"))
    .join("\n"),
);
// Without pending changesets, one patch of the first public package shows the same.
const firstPublic = [...before.entries()].find(([dir, m]) => !m.private && !dir.startsWith("tools/"));
writeFileSync(
  join(scratch, ".changeset", "zz-version-check.md"),
  `---\n"${firstPublic[1].name}": patch\n---\n\nA check.\n`,
);
git("add", "-A");
git("commit", "-qm", "scratch");

const result = spawnSync(
  process.execPath,
  [join(repoRoot, "node_modules", "@changesets", "cli", "bin.js"), "version"],
  {
    cwd: scratch,
    encoding: "utf8",
  },
);
const hooks = spawnSync(process.execPath, [join(scratch, "scripts", "version-hooks.mjs")], {
  cwd: scratch,
  encoding: "utf8",
});
const after = readManifests(scratch);

let failed = 0;
function check(label, ok, detail = "") {
  if (!ok) failed++;
  process.stdout.write(`${ok ? "✔" : "✘"} ${label}${ok || !detail ? "" : `\n    ${detail}`}\n`);
}
check("changeset version runs", result.status === 0, `${result.stdout}${result.stderr}`);
check("the version hooks run", hooks.status === 0, `${hooks.stdout}${hooks.stderr}`);
const publicDirs = [...after.keys()].filter((dir) => !dir.startsWith("tools/") && !after.get(dir).private);
const newVersions = new Set(publicDirs.map((dir) => after.get(dir).version));
const [newVersion] = newVersions;
check(
  `every public package gets one new version (${[...newVersions].join(", ")})`,
  newVersions.size === 1 && newVersion !== firstPublic[1].version,
);
const oldMajor = Number(firstPublic[1].version.split(".")[0]);
check(
  `no major bump unless a changeset asks for one (${firstPublic[1].version} → ${newVersion})`,
  askedMajor || Number(String(newVersion).split(".")[0]) === oldMajor,
);
for (const [dir, m] of after) {
  if (dir.startsWith("tools/") || m.private)
    check(`${m.name} (private) keeps its version`, m.version === before.get(dir).version);
}
for (const dir of publicDirs) {
  const changelog = readFileSync(join(scratch, dir, "CHANGELOG.md"), "utf8");
  check(
    `${after.get(dir).name}: CHANGELOG.md gets ## ${newVersion}`,
    changelog.startsWith(`# ${after.get(dir).name}\n\n## ${newVersion}\n`),
  );
}
const conventions = spawnSync(
  process.execPath,
  [join(scratch, "scripts", "package-conventions.mjs"), "--manifests-only"],
  {
    cwd: scratch,
    encoding: "utf8",
  },
);
check(
  "the conventions hold after versioning (generated version files current)",
  conventions.status === 0,
  conventions.stdout,
);
rmSync(scratch, { recursive: true, force: true });
process.exit(failed === 0 ? 0 : 1);
