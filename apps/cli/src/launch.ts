// Starting the bundle with V8's code cache. Node compiles every file of a program each time it
// starts, and compiles each function again on its first call; for a command that runs for a
// tenth of a second that is a good part of its time. The launcher loads the bundle's CommonJS
// files itself, through vm.Script, handing V8 the code it cached on an earlier run of the same
// command and keeping, when the command ends, the code compiled during this run.
//
// The cache lives in the user's cache directory (never a shared one), one folder per Node
// version and command; a folder that others could write to is not used. Whatever goes wrong
// with the cache — a read-only home, a full disk, a cache made by another V8 — the program runs
// as it would without one: V8 checks that cached code belongs to the source and rejects it
// otherwise. TOFUKIT_COMPILE_CACHE=off turns it off; TOFUKIT_COMPILE_CACHE=/some/dir puts it
// elsewhere.
import { createHash } from "node:crypto";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, isAbsolute, join, resolve } from "node:path";
import { constants, Script } from "node:vm";

/** Where compiled code is kept, or null for no cache. */
export function compileCacheDirectory(
  env: NodeJS.ProcessEnv = process.env,
  platform: NodeJS.Platform = process.platform,
  home: () => string = homedir,
): string | null {
  const setting = env.TOFUKIT_COMPILE_CACHE;
  if (setting !== undefined && /^(off|0|false|no)$/i.test(setting)) return null;
  if (setting !== undefined && setting !== "") return isAbsolute(setting) ? setting : null;
  try {
    if (platform === "win32") {
      const local = env.LOCALAPPDATA;
      return join(
        local !== undefined && isAbsolute(local) ? local : join(home(), "AppData", "Local"),
        "tofukit",
        "compile-cache",
      );
    }
    if (platform === "darwin") return join(home(), "Library", "Caches", "tofukit", "compile-cache");
    const xdg = env.XDG_CACHE_HOME;
    return join(
      xdg !== undefined && isAbsolute(xdg) ? xdg : join(home(), ".cache"),
      "tofukit",
      "compile-cache",
    );
  } catch {
    // No home directory to be found: no cache.
    return null;
  }
}

/** The folder of a V8 version's caches under `root`, one per V8 version and machine. */
function versionFolder(root: string): string {
  return join(root, `v8-${process.versions.v8}-${process.arch}`);
}

/**
 * The folder of one command's cache under `root`: per V8 version and machine, per build of the
 * bundle (`build`, a digest of its entry file, which names every other file), per command.
 */
export function commandCacheFolder(root: string, build: string, command: string | undefined): string {
  const name = command !== undefined && /^[a-z][a-z-]{0,31}$/.test(command) ? command : "other";
  return join(versionFolder(root), build, name);
}

const BUILD_NAME = /^[\w-]{16}$/;

/** The digest naming a build's folder: of its entry file's source. */
export function buildDigest(entrySource: string): string {
  return sourceDigest(entrySource).slice(0, 16);
}

/** SHA-256 of a source text, base64url: its cache file's name, and its build's name for the entry. */
function sourceDigest(source: string): string {
  return createHash("sha256").update(source).digest("base64url");
}

/**
 * Removes the caches of older builds, keeping the `keep` most recently made (two installations
 * used in turn keep theirs): called when a build's folder is first made, so that upgrades do not
 * pile up caches nobody will use again.
 */
export function pruneBuilds(root: string, keep = 3): void {
  const folder = versionFolder(root);
  try {
    if (!trusted(folder)) return;
    const builds = readdirSync(folder, { withFileTypes: true })
      .filter((e) => e.isDirectory() && BUILD_NAME.test(e.name))
      .map((e) => ({ name: e.name, made: lstatSync(join(folder, e.name)).mtimeMs }))
      .sort((a, b) => b.made - a.made);
    for (const old of builds.slice(keep)) rmSync(join(folder, old.name), { recursive: true, force: true });
  } catch {
    // Old caches left in place only take room.
  }
}

/**
 * Whether a directory may hold code this process runs: a real directory (not a link), owned by
 * this user and writable by nobody else. On systems without user ids (Windows) the user's own
 * profile folders are taken as they are.
 */
function trusted(dir: string): boolean {
  try {
    const s = lstatSync(dir);
    if (!s.isDirectory()) return false;
    if (typeof process.getuid !== "function") return true;
    return s.uid === process.getuid() && (s.mode & 0o022) === 0;
  } catch {
    return false;
  }
}

const DIGEST_BYTES = 32;

interface Loaded {
  exports: unknown;
}

interface CacheFile {
  /** The bundle file's name. */
  readonly base: string;
  readonly path: string;
}

interface ToSave {
  readonly script: Script;
  readonly file: CacheFile;
}

/** Loads the bundle's CommonJS files, with cached code where there is some. */
export class BundleLoader {
  private readonly modules = new Map<string, Loaded>();
  private readonly toSave: ToSave[] = [];
  /** How many files were loaded with their cached code, and how many were compiled afresh. */
  readonly counts = { cached: 0, compiled: 0 };
  private readonly folder: string | null;
  /** Whether the folder was found trustworthy, once looked at. */
  private folderTrusted: boolean | undefined;

  /** `folder` null: no cache, the files are compiled as Node would. */
  constructor(folder: string | null) {
    this.folder = folder;
  }

  private usable(): boolean {
    if (this.folder === null) return false;
    this.folderTrusted ??= trusted(this.folder);
    return this.folderTrusted;
  }

  /**
   * The cache file for a bundle file's source. V8 takes cached code for any source of the same
   * length, so the name carries a digest of the source itself: an upgrade that changes a file
   * without changing its length must not run the code of the old one.
   */
  private cacheFile(file: string, source: string, digest?: string): CacheFile | null {
    if (this.folder === null) return null;
    const base = file.slice(Math.max(file.lastIndexOf("/"), file.lastIndexOf("\\")) + 1);
    const name = (digest ?? sourceDigest(source)).slice(0, 22);
    return { base, path: join(this.folder, `${base}-${name}.v8cache`) };
  }

  /**
   * The cached code for a file, if there is some and it is intact. V8 does not check that cached
   * code is undamaged, so each cache file starts with a SHA-256 digest of the rest.
   */
  private readCache(file: CacheFile | null): Buffer | undefined {
    if (file === null || !this.usable()) return undefined;
    let bytes: Buffer;
    try {
      bytes = readFileSync(file.path);
    } catch {
      return undefined;
    }
    if (bytes.length <= DIGEST_BYTES) return undefined;
    const data = bytes.subarray(DIGEST_BYTES);
    const digest = createHash("sha256").update(data).digest();
    return digest.equals(bytes.subarray(0, DIGEST_BYTES)) ? data : undefined;
  }

  /**
   * The exports of the bundle file at `file` (absolute), loading it and what it requires;
   * `text` is its source when the caller has read it already, `digest` its sourceDigest.
   */
  load(file: string, text?: string, digest?: string): unknown {
    const known = this.modules.get(file);
    if (known !== undefined) return known.exports;
    const source = text ?? readFileSync(file, "utf8");
    const cacheFile = this.cacheFile(file, source, text === undefined ? undefined : digest);
    const cachedData = this.readCache(cacheFile);
    // The wrapper opens on the file's first line, so stack traces keep the file's line numbers.
    const script = new Script(`(function (exports, require, module, __filename, __dirname) {${source}\n})`, {
      filename: file,
      ...(cachedData === undefined ? {} : { cachedData }),
      importModuleDynamically: constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
    });
    const fromCache = cachedData !== undefined && script.cachedDataRejected === false;
    if (fromCache) this.counts.cached++;
    else {
      this.counts.compiled++;
      if (cacheFile !== null) this.toSave.push({ script, file: cacheFile });
    }
    const module: Loaded = { exports: {} };
    this.modules.set(file, module);
    const wrapper = script.runInThisContext() as (
      exports: unknown,
      require: (id: string) => unknown,
      module: Loaded,
      filename: string,
      dirname: string,
    ) => void;
    wrapper.call(module.exports, module.exports, this.requireFrom(file), module, file, dirname(file));
    return module.exports;
  }

  /** `require` inside a bundle file: its sibling files through this loader, the rest through Node. */
  private requireFrom(file: string): (id: string) => unknown {
    const node = createRequire(file);
    return (id) =>
      id.startsWith("./") || id.startsWith("../") ? this.load(resolve(dirname(file), id)) : node(id);
  }

  /**
   * Writes the code compiled so far for every file that had no usable cache: each file whole or
   * not at all (a temporary file renamed into place), readable by this user only. The caches of
   * earlier versions of the same files are removed.
   */
  save(): void {
    if (this.folder === null || this.toSave.length === 0) return;
    try {
      mkdirSync(this.folder, { recursive: true, mode: 0o700 });
      this.folderTrusted = undefined;
      if (!this.usable()) return;
      const present = readdirSync(this.folder);
      for (const { script, file } of this.toSave) {
        const temporary = `${file.path}.${process.pid}.tmp`;
        const data = script.createCachedData();
        const digest = createHash("sha256").update(data).digest();
        writeFileSync(temporary, Buffer.concat([digest, data]), { mode: 0o600 });
        renameSync(temporary, file.path);
        const name = file.path.slice(this.folder.length + 1);
        for (const old of present) {
          if (old !== name && old.startsWith(`${file.base}-`) && old.endsWith(".v8cache")) {
            rmSync(join(this.folder, old), { force: true });
          }
        }
      }
    } catch {
      // A cache that cannot be written only means the next start compiles again.
    }
    this.toSave.length = 0;
  }
}

/** Loads `file` (the bundle's entry) for `command`; the cache is written when the process exits. */
export function launch(file: string, command: string | undefined): unknown {
  const root = compileCacheDirectory();
  if (root === null) return new BundleLoader(null).load(file);
  const source = readFileSync(file, "utf8");
  const digest = sourceDigest(source);
  const build = digest.slice(0, 16);
  const newBuild = !existsSync(join(versionFolder(root), build));
  const loader = new BundleLoader(commandCacheFolder(root, build, command));
  process.once("exit", () => {
    loader.save();
    if (newBuild) pruneBuilds(root);
  });
  return loader.load(file, source, digest);
}
