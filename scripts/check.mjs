// Every check the repository has, in one run: build, typecheck, lint, unit tests, conformance,
// and the publishing checks: each package's conventions, publint, attw, and the packed tarballs
// installed into a fresh npm project (scripts/pack-check.mjs), and `changeset version` tried in a
// scratch copy (scripts/version-check.mjs). Ends with `N passed, N failed` from the real results.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { checkLine, totalLine } from "./check-summary.mjs";
import { ensurePnpm, envWithPnpm, repoRoot } from "./pnpm-bootstrap.mjs";
import { publicPackages } from "./workspace-packages.mjs";

const resultsDir = join(repoRoot, ".test-results");
rmSync(resultsDir, { recursive: true, force: true });
mkdirSync(resultsDir, { recursive: true });

const bin = (name) => join(repoRoot, "node_modules", ".bin", name);
// turbo finds the package manager on PATH: the pinned pnpm, installed into .tools/ when missing.
const env = { ...envWithPnpm(), FORCE_COLOR: process.env.CI ? "0" : "1" };

function run(label, command, args, cwd = repoRoot) {
  process.stdout.write(`\n▶ ${label}\n`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd, stdio: "inherit", env });
  const ok = result.status === 0;
  process.stdout.write(`${ok ? "✔" : "✘"} ${label} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`);
  return ok;
}

const tally = { passed: 0, failed: 0, skipped: 0 };
const lines = [];
function count(label, passed, failed) {
  tally.passed += passed;
  tally.failed += failed;
  lines.push(checkLine(label, passed, failed));
}
const check = (label, ok) => count(label, ok ? 1 : 0, ok ? 0 : 1);

const built = run("build", bin("turbo"), ["run", "build", "--output-logs=errors-only"]);
check("build", built);
check("typecheck", run("typecheck", bin("turbo"), ["run", "typecheck", "--output-logs=errors-only"]));
check("lint and format (biome)", run("lint and format (biome)", bin("biome"), ["ci", "."]));

const vitestJson = join(resultsDir, "vitest.json");
run("unit tests (vitest)", bin("vitest"), [
  "run",
  "--reporter=default",
  "--reporter=json",
  `--outputFile.json=${vitestJson}`,
]);
if (existsSync(vitestJson)) {
  const report = JSON.parse(readFileSync(vitestJson, "utf8"));
  // A test file that fails to load has no tests; it counts as one failure of its own.
  const brokenFiles = report.testResults.filter(
    (f) => f.status === "failed" && f.assertionResults.length === 0,
  );
  count("unit tests", report.numPassedTests, report.numFailedTests + brokenFiles.length);
  // Skips are never silent: the browser tests skip on a machine without Chromium.
  tally.skipped += report.numPendingTests + report.numTodoTests;
  if (report.numPendingTests > 0)
    lines.push(`unit tests skipped: ${report.numPendingTests} (see the test output for why)`);
} else {
  count("unit tests (no report written)", 0, 1);
}

const conformanceJson = join(resultsDir, "conformance.json");
if (built) {
  run("conformance vectors", process.execPath, [
    join(repoRoot, "tools/conformance/dist/conformance.js"),
    "--report",
    conformanceJson,
  ]);
}
if (existsSync(conformanceJson)) {
  for (const file of JSON.parse(readFileSync(conformanceJson, "utf8")).files) {
    if (file.ran) count(`conformance ${file.name}`, file.passed, file.failed);
  }
} else {
  count("conformance (no report written)", 0, 1);
}

// Publishing: each package's conventions, publint and attw, then the tarballs as a consumer gets them.
const conventionsJson = join(resultsDir, "conventions.json");
run("package conventions", process.execPath, [
  join(repoRoot, "scripts/package-conventions.mjs"),
  "--json",
  conventionsJson,
]);
if (existsSync(conventionsJson)) {
  for (const [name, problems] of Object.entries(JSON.parse(readFileSync(conventionsJson, "utf8"))))
    check(`conventions ${name}`, problems.length === 0);
} else {
  count("package conventions (no report written)", 0, 1);
}

// attw looks at each package as pnpm packs it for publishing (prepack refuses npm pack).
const attwTarballs = join(resultsDir, "attw");
mkdirSync(attwTarballs, { recursive: true });
const pnpmEntry = ensurePnpm();
for (const { path: pkgDir, manifest } of publicPackages()) {
  check(`publint ${manifest.name}`, run(`publint ${manifest.name}`, bin("publint"), ["--strict"], pkgDir));
  const before = new Set(readdirSync(attwTarballs));
  const packed = run(
    `pnpm pack ${manifest.name}`,
    process.execPath,
    [pnpmEntry, "pack", "--pack-destination", attwTarballs],
    pkgDir,
  );
  const tarball = readdirSync(attwTarballs).find((f) => !before.has(f));
  check(
    `attw ${manifest.name}`,
    packed &&
      tarball !== undefined &&
      run(
        `attw ${manifest.name}`,
        bin("attw"),
        [join(attwTarballs, tarball), "--profile", "esm-only", "--format", "table-flipped"],
        pkgDir,
      ),
  );
}

check(
  "changeset version in a scratch copy (scripts/version-check.mjs)",
  run("changeset version in a scratch copy", process.execPath, [join(repoRoot, "scripts/version-check.mjs")]),
);

const packJson = join(resultsDir, "pack.json");
if (built) {
  run("packed packages in a fresh npm project", process.execPath, [
    join(repoRoot, "scripts/pack-check.mjs"),
    "--report",
    packJson,
  ]);
}
if (existsSync(packJson)) {
  const { results } = JSON.parse(readFileSync(packJson, "utf8"));
  const failed = results.filter((r) => !r.ok).length;
  count(
    "packed packages (pack, tarballs, install, README blocks, CLI, two copies of cty)",
    results.length - failed,
    failed,
  );
} else {
  count("packed packages (no report written)", 0, 1);
}

process.stdout.write(`\n${lines.join("\n")}\n\n`);
process.stdout.write(`${totalLine(tally)}\n`);
process.exit(tally.failed === 0 ? 0 : 1);
