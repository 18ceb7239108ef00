import { spawnSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { buildDigest, commandCacheFolder, compileCacheDirectory, pruneBuilds } from "./launch.js";

const home = () => "/home/ada";

describe("compileCacheDirectory", () => {
  it("follows each platform's cache location", () => {
    expect(compileCacheDirectory({}, "linux", home)).toBe("/home/ada/.cache/tofukit/compile-cache");
    expect(compileCacheDirectory({ XDG_CACHE_HOME: "/var/cache/ada" }, "linux", home)).toBe(
      "/var/cache/ada/tofukit/compile-cache",
    );
    // The XDG specification says a relative path is to be ignored.
    expect(compileCacheDirectory({ XDG_CACHE_HOME: "rel/cache" }, "linux", home)).toBe(
      "/home/ada/.cache/tofukit/compile-cache",
    );
    expect(compileCacheDirectory({}, "darwin", home)).toBe("/home/ada/Library/Caches/tofukit/compile-cache");
    expect(compileCacheDirectory({ LOCALAPPDATA: "/c/Users/ada/AppData/Local" }, "win32", home)).toBe(
      join("/c/Users/ada/AppData/Local", "tofukit", "compile-cache"),
    );
  });

  it("is turned off or moved with TOFUKIT_COMPILE_CACHE", () => {
    for (const off of ["off", "0", "false", "no", "OFF"]) {
      expect(compileCacheDirectory({ TOFUKIT_COMPILE_CACHE: off }, "linux", home)).toBeNull();
    }
    expect(compileCacheDirectory({ TOFUKIT_COMPILE_CACHE: "/srv/cache" }, "linux", home)).toBe("/srv/cache");
    // A relative directory would depend on where the command is run: not used.
    expect(compileCacheDirectory({ TOFUKIT_COMPILE_CACHE: "cache" }, "linux", home)).toBeNull();
  });

  it("gives no cache when there is no home directory", () => {
    const none = () => {
      throw new Error("no home");
    };
    expect(compileCacheDirectory({}, "linux", none)).toBeNull();
  });

  it("keeps each V8 version, build and command apart", () => {
    const check = commandCacheFolder("/c", "build-digest-016", "check");
    expect(check).toBe(join("/c", `v8-${process.versions.v8}-${process.arch}`, "build-digest-016", "check"));
    expect(commandCacheFolder("/c", "b", "--version").endsWith("other")).toBe(true);
    expect(commandCacheFolder("/c", "b", "../../etc").endsWith("other")).toBe(true);
    expect(commandCacheFolder("/c", "b", undefined).endsWith("other")).toBe(true);
    expect(buildDigest("a")).toMatch(/^[\w-]{16}$/);
    expect(buildDigest("a")).not.toBe(buildDigest("b"));
  });

  it("keeps the caches of the three newest builds", () => {
    const root = mkdtempSync(join(tmpdir(), "tofukit-builds-"));
    const version = join(root, `v8-${process.versions.v8}-${process.arch}`);
    const names = [
      "aaaaaaaaaaaaaaaa",
      "bbbbbbbbbbbbbbbb",
      "cccccccccccccccc",
      "dddddddddddddddd",
      "eeeeeeeeeeeeeeee",
    ];
    names.forEach((name, i) => {
      mkdirSync(join(version, name, "check"), { recursive: true });
      writeFileSync(join(version, name, "check", "main.cjs-x.v8cache"), "");
      const when = new Date(Date.now() - (names.length - i) * 60_000);
      utimesSync(join(version, name), when, when);
    });
    // Not a build's folder: left alone.
    mkdirSync(join(version, "notes"));
    chmodSync(version, 0o700);
    pruneBuilds(root);
    expect(readdirSync(version).sort()).toEqual([
      "cccccccccccccccc",
      "dddddddddddddddd",
      "eeeeeeeeeeeeeeee",
      "notes",
    ]);
  });
});

/** A two-file CommonJS bundle: main.cjs requires ./chunks/part.cjs and a Node module. */
function bundle(): { dir: string; main: string } {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-launch-"));
  mkdirSync(join(dir, "chunks"));
  writeFileSync(
    join(dir, "main.cjs"),
    [
      '"use strict";',
      'const part = require("./chunks/part.cjs");',
      'const { basename } = require("node:path");',
      "exports.answer = () => part.twice(21);",
      "exports.where = () => basename(__filename) + ' in ' + basename(__dirname);",
      "exports.sameModule = () => require('./chunks/part.cjs') === part;",
    ].join("\n"),
  );
  writeFileSync(join(dir, "chunks", "part.cjs"), "exports.twice = (n) => n * 2;\n");
  return { dir, main: join(dir, "main.cjs") };
}

interface Start {
  readonly answer: number;
  readonly where: string;
  readonly sameModule: boolean;
  readonly counts: { cached: number; compiled: number };
}

const launcher = join(dirname(fileURLToPath(import.meta.url)), "..", "dist", "launch.cjs");

/**
 * One start of the bundle in a process of its own (as each run of the command is), through the
 * built launcher: within one process V8 would find the code it compiled already, cache or not.
 */
function start(main: string, folder: string | null): Start {
  const script = `
    const { BundleLoader } = require(${JSON.stringify(launcher)});
    const loader = new BundleLoader(${JSON.stringify(folder)});
    const b = loader.load(${JSON.stringify(main)});
    const result = { answer: b.answer(), where: b.where(), sameModule: b.sameModule() };
    loader.save();
    process.stdout.write(JSON.stringify({ ...result, counts: loader.counts }));`;
  const run = spawnSync(process.execPath, ["-e", script], { encoding: "utf8", timeout: 20_000 });
  if (run.status !== 0) throw new Error(`the start failed: ${run.stderr}`);
  return JSON.parse(run.stdout) as Start;
}

describe("BundleLoader", () => {
  it("loads a bundle without a cache as Node would", () => {
    const { main } = bundle();
    const s = start(main, null);
    expect(s).toEqual({
      answer: 42,
      where: `main.cjs in ${basename(dirname(main))}`,
      sameModule: true,
      counts: { cached: 0, compiled: 2 },
    });
  });

  it("keeps the compiled code and uses it on the next start", () => {
    const { main } = bundle();
    const folder = join(mkdtempSync(join(tmpdir(), "tofukit-cache-")), "v8", "check");
    expect(start(main, folder).counts).toEqual({ cached: 0, compiled: 2 });
    const files = readdirSync(folder);
    expect(files).toHaveLength(2);
    expect(files.every((f) => f.endsWith(".v8cache"))).toBe(true);
    // Only this user can read or write them.
    expect(statSync(folder).mode & 0o777).toBe(0o700);
    for (const f of files) expect(statSync(join(folder, f)).mode & 0o777).toBe(0o600);
    const second = start(main, folder);
    expect(second.answer).toBe(42);
    expect(second.counts).toEqual({ cached: 2, compiled: 0 });
  });

  it("compiles afresh when a source changed, even to one of the same length", () => {
    const { main, dir } = bundle();
    const folder = mkdtempSync(join(tmpdir(), "tofukit-cache-"));
    start(main, folder);
    start(main, folder);
    // Same length, other code: V8 alone would take the old cached code for it.
    writeFileSync(join(dir, "chunks", "part.cjs"), "exports.twice = (n) => n + n;\n");
    const changed = start(main, folder);
    expect(changed.answer).toBe(42);
    expect(changed.counts).toEqual({ cached: 1, compiled: 1 });
    // The old file's cache is replaced, not kept beside the new one.
    expect(readdirSync(folder).filter((f) => f.startsWith("part.cjs-"))).toHaveLength(1);
    writeFileSync(join(dir, "chunks", "part.cjs"), "exports.twice = (n) => n * 3;\n");
    expect(start(main, folder).answer).toBe(63);
  });

  it("ignores damaged cached code", () => {
    const { main } = bundle();
    const folder = mkdtempSync(join(tmpdir(), "tofukit-cache-"));
    start(main, folder);
    for (const f of readdirSync(folder)) {
      const path = join(folder, f);
      const bytes = readFileSync(path);
      // One flipped bit near the end, where V8 itself would not notice it.
      bytes[bytes.length - 3]! ^= 0x10;
      writeFileSync(path, bytes);
    }
    const damaged = start(main, folder);
    expect(damaged.answer).toBe(42);
    expect(damaged.counts).toEqual({ cached: 0, compiled: 2 });
    expect(start(main, folder).counts).toEqual({ cached: 2, compiled: 0 });
    for (const f of readdirSync(folder)) writeFileSync(join(folder, f), "short");
    expect(start(main, folder).counts).toEqual({ cached: 0, compiled: 2 });
  });

  it.skipIf(typeof process.getuid !== "function")(
    "neither reads nor writes a folder that others can write to",
    () => {
      const { main } = bundle();
      const folder = mkdtempSync(join(tmpdir(), "tofukit-cache-"));
      start(main, folder);
      expect(readdirSync(folder)).toHaveLength(2);
      chmodSync(folder, 0o777);
      expect(start(main, folder).counts).toEqual({ cached: 0, compiled: 2 });
      for (const f of readdirSync(folder)) rmSync(join(folder, f));
      start(main, folder);
      expect(readdirSync(folder)).toEqual([]);
    },
  );

  it("runs the program when the cache cannot be written", () => {
    const { main } = bundle();
    const parent = mkdtempSync(join(tmpdir(), "tofukit-cache-"));
    // A file where the cache folder should be: the folder cannot be made.
    writeFileSync(join(parent, "blocked"), "");
    const s = start(main, join(parent, "blocked", "check"));
    expect(s.answer).toBe(42);
    expect(existsSync(join(parent, "blocked", "check"))).toBe(false);
  });
});
