// The built command with its compile cache: the same answers with and without it, the cache
// where the user's settings put it, and no cache when it is turned off.
import { existsSync, mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cliDir, runCli } from "./run-cli.js";

const buckets = join(cliDir, "examples", "buckets");

function cacheFiles(root: string): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else out.push(path.slice(root.length + 1));
    }
  };
  if (existsSync(root)) walk(root);
  return out.sort();
}

describe("the compile cache", () => {
  it("gives the same output on the first and later runs, and keeps one folder per command", () => {
    const root = mkdtempSync(join(tmpdir(), "tofukit-compile-cache-"));
    const env = { TOFUKIT_COMPILE_CACHE: root };
    const plain = runCli(["check", buckets], { env: { TOFUKIT_COMPILE_CACHE: "off" } });
    expect(plain.status).toBe(0);
    const first = runCli(["check", buckets], { env });
    const second = runCli(["check", buckets], { env });
    for (const run of [first, second]) {
      expect(run.status).toBe(0);
      expect(run.stdout).toBe(plain.stdout);
      expect(run.stderr).toBe(plain.stderr);
    }
    const files = cacheFiles(root);
    expect(files.length).toBeGreaterThan(2);
    const folders = new Set(files.map((f) => f.split("/").slice(0, -1).join("/")));
    expect([...folders]).toHaveLength(1);
    expect([...folders][0]).toMatch(
      new RegExp(`^v8-${process.versions.v8}-${process.arch}/[\\w-]{16}/check$`),
    );
    expect(files.some((f) => /\/main\.cjs-[\w-]{22}\.v8cache$/.test(f))).toBe(true);

    expect(runCli(["type", "list(string)"], { env }).stdout).toBe("list(string)\n");
    expect(cacheFiles(root).some((f) => f.includes("/type/"))).toBe(true);
  });

  it("writes nothing with TOFUKIT_COMPILE_CACHE=off", () => {
    const home = mkdtempSync(join(tmpdir(), "tofukit-compile-cache-home-"));
    const run = runCli(["type", "list(string)"], {
      env: { HOME: home, XDG_CACHE_HOME: join(home, "xdg"), TOFUKIT_COMPILE_CACHE: "off" },
    });
    expect(run.status).toBe(0);
    expect(readdirSync(home)).toEqual([]);
  });

  it("uses the XDG cache directory by default", () => {
    const home = mkdtempSync(join(tmpdir(), "tofukit-compile-cache-home-"));
    const run = runCli(["type", "list(string)"], { env: { HOME: home, XDG_CACHE_HOME: join(home, "xdg") } });
    expect(run.status).toBe(0);
    expect(cacheFiles(join(home, "xdg", "tofukit", "compile-cache")).length).toBeGreaterThan(0);
  });
});
