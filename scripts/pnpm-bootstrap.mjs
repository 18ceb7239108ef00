// Finds or installs the pinned pnpm, locally under .tools/ (no global install, no corepack),
// so a machine with only Node and npm can run the repository's commands.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { delimiter, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const repoRoot = join(dirname(fileURLToPath(import.meta.url)), "..");

/** The pnpm version named by the root package.json's `packageManager` field. */
export function pinnedPnpmVersion() {
  const manifest = JSON.parse(readFileSync(join(repoRoot, "package.json"), "utf8"));
  const match = /^pnpm@(\d+\.\d+\.\d+)$/.exec(manifest.packageManager ?? "");
  if (!match)
    throw new Error(`package.json: packageManager must be "pnpm@X.Y.Z", got ${manifest.packageManager}`);
  return match[1];
}

/** Path of the pnpm entry script, installing the pinned version into .tools/pnpm when missing. */
export function ensurePnpm() {
  const version = pinnedPnpmVersion();
  const prefix = join(repoRoot, ".tools", "pnpm");
  const pkgDir = join(prefix, "node_modules", "pnpm");
  const installed = existsSync(join(pkgDir, "package.json"))
    ? JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8")).version
    : null;
  if (installed !== version) {
    process.stderr.write(`Installing pnpm ${version} into .tools/pnpm ...\n`);
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const result = spawnSync(
      npm,
      [
        "install",
        "--prefix",
        prefix,
        "--no-save",
        "--no-package-lock",
        "--no-audit",
        "--no-fund",
        `pnpm@${version}`,
      ],
      { stdio: "inherit", cwd: repoRoot },
    );
    if (result.status !== 0) throw new Error(`npm could not install pnpm@${version} (exit ${result.status})`);
  }
  return join(pkgDir, "bin", "pnpm.mjs");
}

/**
 * The environment with the pinned pnpm first on PATH (installed when missing): turbo looks for
 * the package manager there and fails with "Unable to find package manager binary" otherwise.
 */
export function envWithPnpm(env = process.env) {
  ensurePnpm();
  const bin = join(repoRoot, ".tools", "pnpm", "node_modules", ".bin");
  return { ...env, PATH: `${bin}${delimiter}${env.PATH ?? ""}`, TURBO_TELEMETRY_DISABLED: "1" };
}

/** Runs pnpm with the given arguments in the repository root; returns the exit status. */
export function pnpm(args, options = {}) {
  const result = spawnSync(process.execPath, [ensurePnpm(), ...args], {
    stdio: "inherit",
    cwd: repoRoot,
    ...options,
    env: { ...envWithPnpm(), ...options.env },
  });
  return result.status ?? 1;
}
