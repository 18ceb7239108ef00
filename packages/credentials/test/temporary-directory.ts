// Temporary directories for tests that use the real file system, removed after each test.
import { chmod, mkdir, mkdtemp, realpath, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach } from "vitest";

const created: string[] = [];

afterEach(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh empty directory (its real path), removed after the current test. */
export async function temporaryDirectory(): Promise<string> {
  const dir = await realpath(await mkdtemp(join(tmpdir(), "tofukit-credentials-")));
  created.push(dir);
  return dir;
}

/** Writes a file, creating its parent directories. */
export async function writeText(path: string, text: string, mode = 0o644): Promise<string> {
  await mkdir(dirname(path), { recursive: true });
  await writeFile(path, text, { mode });
  await chmod(path, mode);
  return path;
}

/** Writes an executable Node.js script (`#!/usr/bin/env node`) with the given body. */
export async function writeScript(path: string, body: string): Promise<string> {
  return writeText(path, `#!/usr/bin/env node\n${body}\n`, 0o755);
}
