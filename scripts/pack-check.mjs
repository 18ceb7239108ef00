// What a consumer installs, checked the way it is published: every public package (packages/*,
// apps/*) is packed with `pnpm pack`, as `changeset publish` packs it, and the tarballs are
// checked (what `exports` and `bin` name is there, README, LICENSE and CHANGELOG.md too; no tests,
// keys or source maps pointing nowhere; no workspace: or catalog: ranges left). Then they are
// installed with npm into a fresh project in a temp directory, outside the workspace, where
//   - a consumer script and every ```ts block of every README (root, packages/*, apps/*) are
//     typechecked with `module: node16` against the installed packages, and run — except the
//     blocks marked `<!-- typecheck only: why -->` on the line before, which need the network;
//   - the CLI runs from node_modules/.bin;
//   - a second copy of @tofukit/cty is nested under @tofukit/convert, as npm nests a version that
//     does not fit, and a value of one copy given to the other must fail with CtyError
//     TOFUKIT_CTY_OTHER_COPY naming both.
// Needs a fresh build (prepack refuses otherwise). `--report FILE` writes the results as JSON.
import { spawnSync } from "node:child_process";
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, posix, relative } from "node:path";
import { ensurePnpm, repoRoot } from "./pnpm-bootstrap.mjs";
import { publicPackages } from "./workspace-packages.mjs";

const results = [];
function record(name, problems) {
  const ok = problems.length === 0;
  results.push({ name, ok, problems });
  process.stdout.write(
    `${ok ? "✔" : "✘"} ${name}${ok ? "" : `\n${problems.map((p) => `    ${p}`).join("\n")}`}\n`,
  );
  return ok;
}

function run(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: "utf8", timeout: 300_000, ...options });
  const output = `${result.stdout ?? ""}${result.stderr ?? ""}${result.error ? String(result.error) : ""}`;
  return { ok: result.status === 0, status: result.status, stdout: result.stdout ?? "", output };
}

const work = mkdtempSync(join(tmpdir(), "tofukit-pack-"));
const tarballs = join(work, "tarballs");
mkdirSync(tarballs);
const pnpmEntry = ensurePnpm();
const tsc = join(repoRoot, "node_modules", "typescript", "bin", "tsc");
const typeRoots = join(repoRoot, "node_modules", "@types");

// 1. Pack, as the release does.
const packages = publicPackages();
const packed = [];
for (const pkg of packages) {
  const before = new Set(readdirSync(tarballs));
  const result = run(process.execPath, [pnpmEntry, "pack", "--pack-destination", tarballs], {
    cwd: pkg.path,
    env: { ...process.env, npm_config_update_notifier: "false" },
  });
  const tarball = readdirSync(tarballs).find((f) => !before.has(f));
  if (!record(`pack ${pkg.manifest.name}`, result.ok && tarball ? [] : [result.output.trim()])) continue;
  const unpacked = join(work, "unpacked", pkg.dir);
  mkdirSync(unpacked, { recursive: true });
  run("tar", ["xzf", join(tarballs, tarball), "-C", unpacked]);
  packed.push({ ...pkg, tarball: join(tarballs, tarball), unpacked: join(unpacked, "package") });
}

// 2. What each tarball holds.
function filesUnder(dir, base = dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory()
      ? filesUnder(join(dir, e.name), base)
      : [relative(base, join(dir, e.name)).split("\\").join("/")],
  );
}
function targets(node) {
  if (typeof node === "string") return [node];
  if (node === null || typeof node !== "object") return [];
  return Object.entries(node).flatMap(([k, v]) => (k === "@tofukit/source" ? [] : targets(v)));
}
const versions = new Map(packages.map((p) => [p.manifest.name, p.manifest.version]));
for (const pkg of packed) {
  const problems = [];
  const files = filesUnder(pkg.unpacked);
  const has = new Set(files);
  const m = JSON.parse(readFileSync(join(pkg.unpacked, "package.json"), "utf8"));
  for (const f of ["package.json", "README.md", "LICENSE", "CHANGELOG.md"])
    if (!has.has(f)) problems.push(`${f} is missing`);
  for (const target of [...targets(m.exports), ...Object.values(m.bin ?? {})]) {
    const file = posix.normalize(target);
    if (!has.has(file)) problems.push(`${target} is named by package.json but missing`);
  }
  if (!files.some((f) => f.startsWith("dist/"))) problems.push("dist/ is missing");
  for (const f of files) {
    if (/\.(test|bench)\.[cm]?[jt]s$|(^|\/)(test|tests|__tests__|bench)\//.test(f))
      problems.push(`ships a test or bench file: ${f}`);
    if (/\.(key|pem|p12|pfx|crt|tsbuildinfo)$|(^|\/)\.env/.test(f))
      problems.push(`ships a key, certificate or build state: ${f}`);
    if (f.endsWith(".map")) {
      const map = JSON.parse(readFileSync(join(pkg.unpacked, f), "utf8"));
      for (const source of map.sources ?? []) {
        const resolved = posix.normalize(posix.join(posix.dirname(f), map.sourceRoot ?? "", source));
        if (!has.has(resolved)) problems.push(`${f} points at ${source}, which the tarball does not hold`);
      }
    }
  }
  const text = JSON.stringify(m);
  if (/"(workspace|catalog):/.test(text))
    problems.push("package.json still has workspace: or catalog: ranges");
  for (const [dep, range] of Object.entries(m.dependencies ?? {})) {
    if (versions.has(dep) && range !== `^${versions.get(dep)}`)
      problems.push(`dependency ${dep} is ${range}, not ^${versions.get(dep)}`);
    if (!versions.has(dep) && !/^\^\d+\.\d+\.\d+$/.test(range))
      problems.push(`dependency ${dep} is ${range}, not a caret range`);
  }
  if (m.bin && Object.keys(m.dependencies ?? {}).length > 0)
    problems.push("the bundled CLI declares runtime dependencies");
  if (m.publishConfig?.access !== "public") problems.push("publishConfig.access is not public");
  record(`tarball ${pkg.manifest.name} (${files.length} files)`, problems);
}

// 3. A fresh npm project outside the workspace.
const consumer = join(work, "consumer");
mkdirSync(join(consumer, "src", "readme"), { recursive: true });
writeFileSync(
  join(consumer, "package.json"),
  `${JSON.stringify({ name: "tofukit-consumer", private: true, type: "module" }, null, 2)}\n`,
);
const npm = process.platform === "win32" ? "npm.cmd" : "npm";
const install = run(
  npm,
  [
    "install",
    "--no-audit",
    "--no-fund",
    "--prefer-offline",
    "--loglevel=error",
    ...packed.map((p) => p.tarball),
  ],
  { cwd: consumer },
);
record(
  `npm install of ${packed.length} tarballs into a fresh project`,
  install.ok ? [] : [install.output.trim()],
);

const tsconfig = {
  compilerOptions: {
    target: "ES2022",
    lib: ["ES2023"],
    module: "node16",
    moduleResolution: "node16",
    moduleDetection: "force",
    strict: true,
    exactOptionalPropertyTypes: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: false,
    types: ["node"],
    typeRoots: [typeRoots],
    rootDir: "src",
    outDir: "out",
  },
  include: ["src"],
};
writeFileSync(join(consumer, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
cpSync(join(repoRoot, "scripts", "pack-check"), join(consumer, "src"), { recursive: true });

// Every ```ts block of every README, in its own module.
const readmes = ["README.md", ...packages.map((p) => `${p.dir}/README.md`)].filter((f) =>
  existsSync(join(repoRoot, f)),
);
const blocks = [];
for (const readme of readmes) {
  const lines = readFileSync(join(repoRoot, readme), "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].trim() !== "```ts") continue;
    const start = i + 1;
    let end = start;
    while (end < lines.length && lines[end].trim() !== "```") end++;
    const marker = /<!--\s*typecheck only:\s*(.+?)\s*-->/.exec(lines[i - 1] ?? "");
    const name = `${readme.replace(/\/?README\.md$/, "").replace(/\//g, "-") || "root"}-line-${start}`;
    blocks.push({
      readme,
      line: start,
      name,
      run: marker === null,
      code: lines.slice(start, end).join("\n"),
    });
    writeFileSync(join(consumer, "src", "readme", `${name}.ts`), `${lines.slice(start, end).join("\n")}\n`);
    i = end;
  }
}

const typecheck = run(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: consumer });
record(
  `typecheck (module node16) of the consumer scripts and ${blocks.length} README blocks against the installed packages`,
  typecheck.ok ? [] : [typecheck.output.trim()],
);

const cleanEnv = { PATH: process.env.PATH ?? "", HOME: join(work, "home"), NO_COLOR: "1" };
mkdirSync(cleanEnv.HOME);
function runNode(file, options = {}) {
  return run(process.execPath, [file], { cwd: consumer, env: cleanEnv, timeout: 60_000, ...options });
}
if (typecheck.ok) {
  const consumerRun = runNode("out/consumer.js");
  record(
    "the consumer script runs against the installed packages",
    consumerRun.ok ? [] : [consumerRun.output.trim()],
  );
  for (const block of blocks) {
    if (!block.run) continue;
    const r = runNode(`out/readme/${block.name}.js`);
    record(`README block ${block.readme}:${block.line} runs`, r.ok ? [] : [r.output.trim()]);
  }
  const skipped = blocks.filter((b) => !b.run).map((b) => `${b.readme}:${b.line}`);
  if (skipped.length > 0)
    process.stdout.write(
      `  typechecked only (marked so in their README, with the reason): ${skipped.join(", ")}\n`,
    );
}

// The CLI, installed: its version, a check, and the demo (a loopback registry, no network).
const cli = packed.find((p) => p.manifest.bin?.tofukit);
if (cli) {
  const bin = join(consumer, "node_modules", ".bin", "tofukit");
  const version = run(bin, ["--version"], { env: cleanEnv });
  record(
    "tofukit --version of the installed CLI is the package's version",
    version.stdout.trim() === cli.manifest.version
      ? []
      : [`printed ${JSON.stringify(version.output.trim())}`],
  );
  const examples = join(consumer, "node_modules", "@tofukit", "cli", "examples", "buckets");
  const check = run(bin, ["check", examples], { env: cleanEnv });
  record("tofukit check of the installed examples/buckets", check.ok ? [] : [check.output.trim()]);
  const demo = run(bin, ["demo"], { env: cleanEnv, timeout: 60_000 });
  record(
    "tofukit demo of the installed CLI",
    demo.ok && /modules\.v1/.test(demo.stdout) ? [] : [demo.output.trim()],
  );
  const installed = readdirSync(join(consumer, "node_modules")).filter((n) => !n.startsWith("."));
  process.stdout.write(`  installed top-level: ${installed.join(", ")}\n`);
}

// 4. Two copies of @tofukit/cty, as npm nests a second version under a package that needs it.
const cty = join(consumer, "node_modules", "@tofukit", "cty");
const convertDir = join(consumer, "node_modules", "@tofukit", "convert");
if (typecheck.ok && existsSync(cty) && existsSync(convertDir)) {
  const nested = join(convertDir, "node_modules", "@tofukit", "cty");
  mkdirSync(dirname(nested), { recursive: true });
  cpSync(cty, nested, { recursive: true });
  const twoCopies = runNode("out/two-copies.js");
  record(
    "two copies of @tofukit/cty: the other copy's value is refused naming both",
    twoCopies.ok ? [] : [twoCopies.output.trim()],
  );
  rmSync(join(convertDir, "node_modules"), { recursive: true, force: true });
}

const reportAt = process.argv.indexOf("--report");
if (reportAt > 0) writeFileSync(process.argv[reportAt + 1], JSON.stringify({ results }, null, 2));
const failed = results.filter((r) => !r.ok).length;
process.stdout.write(`\npackage checks: ${results.length - failed} passed, ${failed} failed (in ${work})\n`);
if (failed === 0) rmSync(work, { recursive: true, force: true });
process.exit(failed === 0 ? 0 : 1);
