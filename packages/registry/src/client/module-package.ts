// Downloading module packages as `tofu init` does, into a cache directory: a registry module's
// newest allowed version (installRegistryModule's rules), its location, the package fetched by
// the getter its address names (http(s) archives, git), unpacked, and the subdirectory applied.
// Every package is unpacked into a temporary directory and renamed into place, so a directory in
// the cache is always whole; concurrent downloads of one package in this process share one.
import { createHash, randomBytes } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { ProxyDispatcher, ProxyError } from "@tofukit/disco";
import { goQuote, joinPath } from "@tofukit/gostd";
import type { Dispatcher } from "undici";
import { parseModuleSource } from "../module-source.js";
import { parseModuleSourceRegistry, RegistryModuleSource } from "../module-source-registry.js";
import { parseRemoteModuleSource, RemoteModuleSource } from "../module-source-remote.js";
import { readModuleVersion } from "../module-version.js";
import { type ModuleVersionConstraint, parseModuleVersionConstraint } from "../module-version-constraint.js";
import { newestAllowed } from "../newest-allowed.js";
import { RegistryAddressError } from "../registry-error.js";
import { Deadline } from "./deadline.js";
import { fetchThrough } from "./dispatcher-fetch.js";
import { displayURL, type GitOptions, gitFetch } from "./git-getter.js";
import { ModulePackageError } from "./module-package-error.js";
import { archiveFormatOf, supportedFormat, unpackArchive } from "./package-archive.js";
import { parseChecksumParam, verifyChecksum } from "./package-checksum.js";
import type { RegistryClient } from "./registry-client.js";
import { BodyProblem, readBodyWithin } from "./response-body.js";

export interface ModuleDownloadOptions extends GitOptions {
  /** The directory packages are kept in, one directory per package (created when missing). */
  readonly cacheDir: string;
  /**
   * The fetch for http(s) packages (no credentials are ever added to it). By default undici's,
   * through `dispatcher` when one is given, else through a ProxyDispatcher of `env` when `env` is
   * given, else the global fetch.
   */
  readonly fetch?: typeof fetch;
  /**
   * An undici dispatcher to send http(s) package requests through (a ProxyDispatcher shared with
   * the RegistryClient, an `Agent` with a private CA, ...), as RegistryClient's `dispatcher` does
   * for API requests; with undici's fetch. Not used when `fetch` is given.
   */
  readonly dispatcher?: Dispatcher;
  /** The largest archive downloaded, in bytes: 256 MiB by default. */
  readonly maxDownloadBytes?: number;
  /** The most bytes an archive may unpack to: 1 GiB by default. */
  readonly maxUnpackedBytes?: number;
  /** The most entries an archive may have: 100,000 by default. */
  readonly maxEntries?: number;
  /**
   * Ask the registry for its versions even when the cache holds a version the constraint allows
   * (by default such a version is used without any request).
   */
  readonly refresh?: boolean;
}

/** A module package in the cache. */
export interface DownloadedModule {
  /** The module's directory: the package's, with the address's subdirectory applied. */
  readonly dir: string;
  /** The package's own directory in the cache. */
  readonly packageDir: string;
  /** The version chosen, for a registry module. */
  readonly version: string | undefined;
  /** Where the package came from: the go-getter address or URL, without userinfo. */
  readonly location: string;
}

const DOWNLOAD_LIMIT = 256 * 1024 * 1024;
const UNPACKED_LIMIT = 1024 * 1024 * 1024;
const ENTRY_LIMIT = 100_000;
const UNSUPPORTED_GETTERS = new Set(["s3", "gcs", "hg", "oci", "file", "smb"]);
const SAFE_PART = /^[A-Za-z0-9._+-]+$/;

// Packages being installed in this process, by their directory in the cache.
const inFlight = new Map<string, Promise<void>>();

// A file system failure in the cache becomes a ModulePackageError; anything else (the download's
// own typed errors) passes through as it is.
function cacheFailure(error: unknown, address: string): unknown {
  if (!(error instanceof Error) || typeof (error as NodeJS.ErrnoException).syscall !== "string") return error;
  return new ModulePackageError(
    "TOFUKIT_REGISTRY_MODULE_CACHE_FAILED",
    `cannot install the package into the cache: ${error.message}`,
    address,
    { cause: error },
  );
}

/** Fills `packageDir` once: through a temporary directory beside it, renamed into place. */
async function install(
  packageDir: string,
  options: ModuleDownloadOptions,
  address: string,
  fill: (dir: string) => Promise<void>,
): Promise<void> {
  if (existsSync(packageDir)) return;
  const running = inFlight.get(packageDir);
  if (running !== undefined) return running;
  const work = (async () => {
    const tmpRoot = join(options.cacheDir, ".tmp");
    const tmp = join(tmpRoot, randomBytes(12).toString("hex"));
    try {
      mkdirSync(tmpRoot, { recursive: true });
      await fill(tmp);
      mkdirSync(join(packageDir, ".."), { recursive: true });
      try {
        renameSync(tmp, packageDir);
      } catch (error) {
        // Another process installed it first: theirs is as good as ours.
        const code = (error as NodeJS.ErrnoException).code;
        if ((code !== "ENOTEMPTY" && code !== "EEXIST") || !existsSync(packageDir)) throw error;
      }
    } catch (error) {
      throw cacheFailure(error, address);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  })();
  inFlight.set(packageDir, work);
  try {
    await work;
  } finally {
    inFlight.delete(packageDir);
  }
}

function subdirOf(packageDir: string, subdir: string, address: string): string {
  if (subdir === "") return packageDir;
  const dir = join(packageDir, subdir);
  let ok = false;
  try {
    ok = statSync(dir).isDirectory();
  } catch {
    ok = false;
  }
  if (!ok) {
    throw new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_SUBDIR_MISSING",
      `subdir ${goQuote(subdir)} not found`,
      address,
    );
  }
  return dir;
}

// An http(s) request as go-getter makes it: the address's user name and password, when it has
// some, sent as basic authentication to that host (and dropped by fetch on a redirect to another
// origin); never in a message.
async function httpGet(url: URL, options: ModuleDownloadOptions, address: string): Promise<Response> {
  const target = new URL(url.href);
  const headers = new Headers({ "Accept-Encoding": "identity" });
  const secrets = [url.username, url.password].filter((s) => s !== "").map((s) => decodeURIComponent(s));
  if (target.username !== "" || target.password !== "") {
    const user = `${decodeURIComponent(target.username)}:${decodeURIComponent(target.password)}`;
    headers.set("Authorization", `Basic ${Buffer.from(user).toString("base64")}`);
    target.username = "";
    target.password = "";
  }
  const shown = `${target.origin}${target.pathname}`;
  const deadline = new Deadline(options.signal, options.timeout ?? 600_000);
  try {
    const init: RequestInit = { headers, redirect: "follow" };
    if (deadline.signal !== undefined) init.signal = deadline.signal;
    return await fetchThrough(options.fetch, options.dispatcher)(target, init);
  } catch (error) {
    const cause = (error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : "";
    let reason = deadline.expired()
      ? "context deadline exceeded"
      : options.signal?.aborted
        ? "context canceled"
        : cause || (error as Error).message;
    for (const secret of secrets) reason = reason.split(secret).join("REDACTED");
    // A proxy that cannot be used is the typed cause (it names the proxy, never its credentials).
    const proxy = (error as Error).cause;
    throw new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_DOWNLOAD_FAILED",
      `error downloading '${shown}': Get ${goQuote(shown)}: ${reason}`,
      address,
      proxy instanceof ProxyError ? { cause: proxy } : undefined,
    );
  }
}

function badStatus(response: Response, shown: string, address: string): ModulePackageError {
  return new ModulePackageError(
    "TOFUKIT_REGISTRY_MODULE_DOWNLOAD_FAILED",
    `error downloading '${shown}': bad response code: ${response.status}`,
    address,
    { status: response.status },
  );
}

async function bodyWithin(
  response: Response,
  limit: number,
  shown: string,
  address: string,
): Promise<Uint8Array> {
  try {
    return await readBodyWithin(response, limit);
  } catch (error) {
    if (!(error instanceof BodyProblem)) throw error;
    throw new ModulePackageError(
      error.kind === "too-large"
        ? "TOFUKIT_REGISTRY_MODULE_TOO_LARGE"
        : "TOFUKIT_REGISTRY_MODULE_DOWNLOAD_FAILED",
      `error downloading '${shown}': ${error.message}`,
      address,
    );
  }
}

// The `<meta name="terraform-get" content="…">` of an HTML answer, as go-getter's parseMeta finds it.
function terraformGetMeta(html: string): string {
  for (const tag of html.match(/<meta\b[^>]*>/gi) ?? []) {
    const attr = (name: string) =>
      new RegExp(`\\b${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i")
        .exec(tag)
        ?.slice(1)
        .find((v) => v !== undefined);
    if (attr("name") === "terraform-get") return attr("content") ?? "";
  }
  return "";
}

/** Fetches the package `pkg` (an address without subdirectory) into `dst`, which must not exist. */
async function fetchPackage(
  pkg: string,
  dst: string,
  options: ModuleDownloadOptions,
  depth: number,
): Promise<void> {
  const remote = new RemoteModuleSource(pkg, "");
  const getter = remote.getter;
  const shownAddress = displayURL(pkg.replace(/^[A-Za-z0-9]+::/, ""));
  const address = pkg === shownAddress ? pkg : `${remote.getter}::${shownAddress}`;
  if (getter === "git") {
    await gitFetch(pkg, dst, options);
    return;
  }
  if (getter !== "http" && getter !== "https") {
    throw new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_GETTER_UNSUPPORTED",
      UNSUPPORTED_GETTERS.has(getter)
        ? `tofukit does not download ${getter} packages: install this module with "tofu init"`
        : `unsupported package address ${goQuote(shownAddress)}: install this module with "tofu init"`,
      address,
    );
  }
  const url = new URL(pkg.replace(/^[A-Za-z0-9]+::/, ""));
  const archiveParam = url.searchParams.get("archive");
  const checksumParam = url.searchParams.get("checksum");
  url.searchParams.delete("archive");
  url.searchParams.delete("checksum");
  const shown = displayURL(`${url.origin}${url.pathname}`);
  const format = archiveFormatOf(url.pathname, archiveParam);
  const checksum = checksumParam === null ? undefined : parseChecksumParam(checksumParam, address);
  if (format === undefined) {
    // go-getter's HttpGetter: the answer names the package, in X-Terraform-Get or a meta tag.
    if (depth >= 5) {
      throw new ModulePackageError(
        "TOFUKIT_REGISTRY_MODULE_DOWNLOAD_FAILED",
        `error downloading '${shown}': too many X-Terraform-Get redirections`,
        address,
      );
    }
    const asked = new URL(url.href);
    asked.searchParams.set("terraform-get", "1");
    const response = await httpGet(asked, options, address);
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel();
      throw badStatus(response, shown, address);
    }
    let source = response.headers.get("X-Terraform-Get") ?? "";
    if (source === "")
      source = terraformGetMeta(
        new TextDecoder().decode(await bodyWithin(response, 1 << 20, shown, address)),
      );
    else await response.body?.cancel();
    if (source === "") {
      throw new ModulePackageError(
        "TOFUKIT_REGISTRY_MODULE_DOWNLOAD_FAILED",
        `error downloading '${shown}': no source URL was returned`,
        address,
      );
    }
    const resolved =
      source.startsWith("/") || source.startsWith("./") || source.startsWith("../")
        ? new URL(source, response.url === "" ? url : response.url).href
        : source;
    let next: RemoteModuleSource;
    try {
      next = parseRemoteModuleSource(resolved);
    } catch (error) {
      if (!(error instanceof RegistryAddressError)) throw error;
      throw new ModulePackageError("TOFUKIT_REGISTRY_MODULE_DOWNLOAD_FAILED", error.message, address, {
        cause: error,
      });
    }
    if (next.subdir === "") {
      await fetchPackage(next.url, dst, options, depth + 1);
      return;
    }
    // The subdirectory named by the answer is what this package is.
    const whole = `${dst}.whole`;
    try {
      await fetchPackage(next.url, whole, options, depth + 1);
      renameSync(subdirOf(whole, next.subdir, address), dst);
    } finally {
      rmSync(whole, { recursive: true, force: true });
    }
    return;
  }
  const archiveFormat = supportedFormat(format, address);
  const response = await httpGet(url, options, address);
  if (response.status !== 200) {
    await response.body?.cancel();
    throw badStatus(response, shown, address);
  }
  const bytes = await bodyWithin(response, options.maxDownloadBytes ?? DOWNLOAD_LIMIT, shown, address);
  if (checksum !== undefined) verifyChecksum(bytes, checksum, shown, address);
  mkdirSync(dst, { recursive: true });
  unpackArchive(
    bytes,
    archiveFormat,
    dst,
    {
      maxUnpackedBytes: options.maxUnpackedBytes ?? UNPACKED_LIMIT,
      maxEntries: options.maxEntries ?? ENTRY_LIMIT,
    },
    address,
  );
}

function remoteKey(pkg: string): string {
  return createHash("sha256").update(pkg).digest("hex").slice(0, 32);
}

function readRemote(address: string | RemoteModuleSource): RemoteModuleSource {
  if (typeof address !== "string") return address;
  const parsed = parseModuleSource(address);
  if (!(parsed instanceof RemoteModuleSource)) {
    throw new RegistryAddressError(
      "TOFUKIT_REGISTRY_REMOTE_SOURCE",
      `${goQuote(address)} is not a remote module package address`,
      address,
    );
  }
  return parsed;
}

/**
 * Runs `run` with the options' own dispatcher or fetch, or, with neither but an `env`, with a
 * ProxyDispatcher of that environment that is closed when `run` is done.
 */
async function withDispatcher<T>(
  options: ModuleDownloadOptions,
  run: (options: ModuleDownloadOptions) => Promise<T>,
): Promise<T> {
  if (options.fetch !== undefined || options.dispatcher !== undefined || options.env === undefined)
    return run(options);
  const dispatcher = new ProxyDispatcher({ env: options.env });
  try {
    return await run({ ...options, dispatcher });
  } finally {
    await dispatcher.close();
  }
}

/**
 * Downloads a remote module package (`https://…/x.zip`, `git::https://…?ref=v1`, `…//subdir`) into
 * `cacheDir/remote/<hash>`, unless it is there already. Throws ModulePackageError.
 */
export async function downloadRemoteModule(
  address: string | RemoteModuleSource,
  options: ModuleDownloadOptions,
): Promise<DownloadedModule> {
  const remote = readRemote(address);
  const location = displayURL(remote.url.replace(/^[A-Za-z0-9]+::/, ""));
  const shown = remote.url.startsWith(`${remote.getter}::`) ? `${remote.getter}::${location}` : location;
  const packageDir = join(options.cacheDir, "remote", remoteKey(remote.url));
  await withDispatcher(options, (through) =>
    install(packageDir, through, shown, (dst) => fetchPackage(remote.url, dst, through, 0)),
  );
  return { dir: subdirOf(packageDir, remote.subdir, shown), packageDir, version: undefined, location: shown };
}

// A registry package's directory in the cache holds the package (in PACKAGE) and INSTALLED,
// which says where the registry said the module is inside it and where the package came from.
const PACKAGE = "package";
const INSTALLED = "tofukit-package.json";

function writeInstalled(dst: string, info: { readonly subdir: string; readonly location: string }): void {
  writeFileSync(join(dst, INSTALLED), `${JSON.stringify(info)}\n`);
}

function installedModule(
  packageDir: string,
  module: RegistryModuleSource,
  display: string,
  version: string,
): DownloadedModule | undefined {
  let info: { subdir?: unknown; location?: unknown };
  try {
    info = JSON.parse(readFileSync(join(packageDir, INSTALLED), "utf8")) as typeof info;
  } catch {
    return undefined;
  }
  const own = typeof info.subdir === "string" ? info.subdir : "";
  const subdir = own === "" ? module.subdir : module.subdir === "" ? own : joinPath(own, module.subdir);
  const root = join(packageDir, PACKAGE);
  return {
    dir: subdirOf(root, subdir, display),
    packageDir: root,
    version,
    location: typeof info.location === "string" ? info.location : "",
  };
}

function registryDir(cacheDir: string, source: RegistryModuleSource): string {
  const host = source.host.replaceAll(":", "_");
  const parts = [host, source.namespace, source.name, source.targetSystem];
  return join(
    cacheDir,
    "registry",
    ...parts.map((p) => (SAFE_PART.test(p) && p !== "." && p !== ".." ? p : remoteKey(p))),
  );
}

function versionDirName(version: string): string {
  return SAFE_PART.test(version) && version !== "." && version !== ".." ? version : remoteKey(version);
}

/**
 * Downloads a registry module as `tofu init` does: the newest version the constraint allows (by
 * the module constraint engine, prereleases only when named exactly), its package location, and
 * the package, into `cacheDir/registry/HOST/NAMESPACE/NAME/SYSTEM/VERSION`. A version already in
 * the cache that the constraint allows is used without any request unless `refresh` is set.
 * Registry failures are RegistryClientErrors; the download's, ModulePackageErrors.
 */
export async function downloadRegistryModule(
  client: RegistryClient,
  source: string | RegistryModuleSource,
  versionConstraint: string | ModuleVersionConstraint | undefined,
  options: ModuleDownloadOptions,
): Promise<DownloadedModule> {
  return withDispatcher(options, (through) => registryModule(client, source, versionConstraint, through));
}

async function registryModule(
  client: RegistryClient,
  source: string | RegistryModuleSource,
  versionConstraint: string | ModuleVersionConstraint | undefined,
  options: ModuleDownloadOptions,
): Promise<DownloadedModule> {
  const module = typeof source === "string" ? parseModuleSourceRegistry(source) : source;
  const constraint =
    versionConstraint === undefined
      ? parseModuleVersionConstraint(">= 0.0.0")
      : typeof versionConstraint === "string"
        ? parseModuleVersionConstraint(versionConstraint)
        : versionConstraint;
  const base = registryDir(options.cacheDir, module);
  const display = module.forDisplay();
  let chosen: string | null = null;
  if (options.refresh !== true) {
    let cached: string[] = [];
    try {
      cached = readdirSync(base).filter((name) => typeof readModuleVersion(name) !== "string");
    } catch {
      cached = [];
    }
    chosen = newestAllowed(cached, constraint);
  }
  if (chosen !== null) {
    const found = installedModule(join(base, versionDirName(chosen)), module, display, chosen);
    if (found !== undefined) return found;
  }
  const requestOptions = options.signal === undefined ? {} : { signal: options.signal };
  const versions = await client.moduleVersions(module, requestOptions);
  const picked = newestAllowed(versions, constraint);
  if (picked === null) {
    throw new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_NO_MATCHING_VERSION",
      `there is no available version of module ${goQuote(display)} which matches the given version constraint${versionConstraint === undefined ? "" : ` ${goQuote(constraint.toString())}`}`,
      display,
    );
  }
  const version = readModuleVersion(picked);
  if (typeof version === "string")
    throw new Error("unreachable: newestAllowed returned an unreadable version");
  const name = version.toString();
  const packageDir = join(base, versionDirName(name));
  // The package alone: the address's subdirectory is applied below, so that calls of one package
  // with different subdirectories share its directory in the cache.
  const pkg = new RegistryModuleSource(module.host, module.namespace, module.name, module.targetSystem, "");
  const location = await client.moduleLocation(pkg, version, requestOptions);
  if (location.kind === "indirect") {
    const shown = displayURL(location.source.url);
    const subdir = location.source.subdir;
    await install(packageDir, options, display, async (dst) => {
      await fetchPackage(location.source.url, join(dst, PACKAGE), options, 0);
      writeInstalled(dst, { subdir, location: shown });
    });
  } else {
    const shown = `${location.url.origin}${location.url.pathname}`;
    await install(packageDir, options, display, async (dst) => {
      const format = supportedFormat(archiveFormatOf(location.url.pathname, null) ?? "zip", display);
      const bytes = await client.fetchModulePackage(module, location, {
        ...(options.signal === undefined ? {} : { signal: options.signal }),
        ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
        maxPackageBytes: options.maxDownloadBytes ?? DOWNLOAD_LIMIT,
      });
      mkdirSync(join(dst, PACKAGE), { recursive: true });
      unpackArchive(
        bytes,
        format,
        join(dst, PACKAGE),
        {
          maxUnpackedBytes: options.maxUnpackedBytes ?? UNPACKED_LIMIT,
          maxEntries: options.maxEntries ?? ENTRY_LIMIT,
        },
        display,
      );
      writeInstalled(dst, { subdir: "", location: shown });
    });
  }
  const installed = installedModule(packageDir, module, display, name);
  if (installed === undefined) {
    throw new ModulePackageError(
      "TOFUKIT_REGISTRY_MODULE_CACHE_FAILED",
      `the cache directory ${packageDir} holds no complete package`,
      display,
    );
  }
  return installed;
}
