// Runs the built CLI as a child process, the way a user does.
import { spawn, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

export const cliDir = join(dirname(fileURLToPath(import.meta.url)), "..");
const bin = join(cliDir, "bin", "tofukit.cjs");

interface CliRun {
  readonly status: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

export interface RunOptions {
  readonly cwd?: string;
  /** The whole environment of the child (nothing is inherited but PATH). */
  readonly env?: Record<string, string>;
  readonly input?: string;
}

export function runCli(args: readonly string[], options: RunOptions = {}): CliRun {
  const result = spawnSync(process.execPath, [bin, ...args], {
    cwd: options.cwd ?? cliDir,
    env: { PATH: process.env.PATH ?? "", HOME: options.env?.HOME ?? tmpdir(), ...options.env },
    input: options.input ?? "",
    encoding: "utf8",
    timeout: 20_000,
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A module directory in a fresh temp dir, from file path (`modules/a/main.tf`) → content. */
export function moduleDir(files: Readonly<Record<string, string>>): string {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-cli-"));
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  return dir;
}

/** Like runCli, without blocking this process (for tests that serve the CLI from here). */
export function runCliAsync(args: readonly string[], options: RunOptions = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, ...args], {
      cwd: options.cwd ?? cliDir,
      env: { PATH: process.env.PATH ?? "", HOME: options.env?.HOME ?? tmpdir(), ...options.env },
      timeout: 20_000,
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (s: string) => {
      stdout += s;
    });
    child.stderr.setEncoding("utf8").on("data", (s: string) => {
      stderr += s;
    });
    child.on("error", reject);
    child.on("close", (status) => resolve({ status, stdout, stderr }));
    child.stdin.end(options.input ?? "");
  });
}
