// `tofukit lock [DIR] --platform OS_ARCH ...`: the `.terraform.lock.hcl` entries OpenTofu writes
// for the providers the configuration requires, over its whole module tree (`tofu providers lock`): the selected version (the locked
// one unless --upgrade), the configured constraints, and the hashes: `h1:` and `zh:` of each
// package downloaded and verified (size, SHA256SUMS line, archive checksum, OpenPGP signature),
// and the `zh:` of every platform the signed SHA256SUMS lists. Existing entries are kept; an
// entry of the same version keeps its hashes. The file is replaced atomically.
import { randomBytes } from "node:crypto";
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from "node:fs";
import { join, resolve } from "node:path";
import type { UncheckedCall } from "@tofukit/config";
import { ConfigReadError } from "@tofukit/config/node";
import {
  formatLockFile,
  newestAllowed,
  type ProviderLock,
  type ProviderVersion,
  parseLockFile,
  parseProviderVersion,
} from "@tofukit/registry";
import type { ProviderPlatform, VerifiedProviderPackage } from "@tofukit/registry/client";
import { type CommandIO, EXIT_INVALID, EXIT_OK, UsageError } from "../io.js";
import { writeDiagnostics, writeProblem } from "../render/problem.js";
import { type ProviderDependency, readModuleDependencies } from "./module-dependencies.js";
import {
  failureSummary,
  isRegistryFailure,
  type RegistryAccessOptions,
  registryAccess,
} from "./registry-access.js";

interface LockOptions extends RegistryAccessOptions {
  readonly dir: string;
  /** `os_arch` names; the current platform when empty. */
  readonly platforms: readonly string[];
  /** Select the newest allowed versions even where a version is locked. */
  readonly upgrade: boolean;
}

const LOCK_FILE_NAME = ".terraform.lock.hcl";

const GO_OS: Record<string, string> = { win32: "windows" };
const GO_ARCH: Record<string, string> = { x64: "amd64", ia32: "386" };

/** This machine's platform as Go names it (`linux_amd64`). */
export function currentPlatform(): string {
  return `${GO_OS[process.platform] ?? process.platform}_${GO_ARCH[process.arch] ?? process.arch}`;
}

/** getproviders.ParsePlatform, with its texts. */
export function parsePlatform(text: string): ProviderPlatform {
  const parts = text.split("_");
  const problem =
    parts.length !== 2
      ? "must be two words separated by an underscore"
      : !/^[a-z0-9]+$/.test(parts[0]!)
        ? "OS portion must be lowercase alphanumeric"
        : !/^[a-z0-9]+$/.test(parts[1]!)
          ? "architecture portion must be lowercase alphanumeric"
          : undefined;
  if (problem !== undefined) {
    throw new UsageError(
      `The string ${JSON.stringify(text)} given in the --platform option is not a valid target platform: ${problem}.`,
    );
  }
  return { os: parts[0]!, arch: parts[1]! };
}

/** Writes `text` to `path` through a temporary file beside it, flushed, then renamed over it. */
export function writeFileAtomically(path: string, text: string): void {
  const temp = `${path}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    const fd = openSync(temp, "wx", 0o644);
    try {
      writeSync(fd, text);
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (error) {
    rmSync(temp, { force: true });
    throw error;
  }
}

class LockFailure extends Error {
  constructor(
    readonly summary: string,
    detail: string,
  ) {
    super(detail);
  }
}

// The version `tofu` selects: the locked one (which must still meet the constraints and still be
// published) unless upgrading, otherwise the newest the constraints allow.
function selectVersion(
  dep: ProviderDependency,
  available: readonly string[],
  locked: ProviderLock | undefined,
  upgrade: boolean,
): ProviderVersion {
  const address = dep.provider.toString();
  if (locked !== undefined && !upgrade) {
    const version = locked.version.toString();
    if (!dep.constraint.allows(locked.version)) {
      throw new LockFailure(
        "Failed to resolve provider packages",
        `Could not resolve provider ${dep.provider.forDisplay()}: locked provider ${address} ${version} does not match configured version constraint ${dep.constraint.toString()}; must use tofu init -upgrade to allow selection of new versions`,
      );
    }
    if (!available.includes(version)) {
      throw new LockFailure(
        "Failed to resolve provider packages",
        `Could not resolve provider ${dep.provider.forDisplay()}: the previously-selected version ${version} is no longer available`,
      );
    }
    return locked.version;
  }
  const newest = newestAllowed(available, dep.constraint);
  if (newest === null) {
    throw new LockFailure(
      "Failed to resolve provider packages",
      `Could not resolve provider ${dep.provider.forDisplay()}: no available releases match the given constraints ${dep.constraint.toString()}`,
    );
  }
  return parseProviderVersion(newest);
}

// The hashes the installer records for one downloaded package: the package's own h1: and zh:,
// then those signed by the registry's key (every platform's zh: in SHA256SUMS), or, where
// signing is skipped, those the registry reported.
function recordedHashes(pkg: VerifiedProviderPackage): string[] {
  const out = [pkg.packageHash, pkg.zipHash];
  for (const [hash, how] of pkg.hashes) {
    if (pkg.summary === "signed" ? how.signedByKeyIds.length > 0 : how.reportedByRegistry) out.push(hash);
  }
  return out;
}

/** One warning line per module call whose module was not read: its providers are not counted. */
function writeUnreadWarnings(unread: readonly UncheckedCall[], io: CommandIO): void {
  for (const call of unread) {
    const source = call.source === undefined ? "" : ` (${call.source})`;
    io.stderr.write(
      `${io.err.yellow("Warning:")} ${call.address}${source} was not read: ${call.reason}; the providers it requires are not included.\n`,
    );
  }
}

export async function runLock(options: LockOptions, io: CommandIO): Promise<number> {
  const dir = resolve(io.cwd, options.dir);
  const platformNames =
    options.platforms.length === 0 ? [currentPlatform()] : [...new Set(options.platforms)];
  const platforms = platformNames.map(parsePlatform);
  let deps: ReturnType<typeof readModuleDependencies>;
  try {
    deps = readModuleDependencies(dir);
  } catch (error) {
    if (error instanceof ConfigReadError) throw new UsageError(error.message, EXIT_INVALID);
    throw error;
  }
  const lockPath = join(dir, LOCK_FILE_NAME);
  let oldText: string | undefined;
  try {
    oldText = readFileSync(lockPath, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const old = oldText === undefined ? undefined : parseLockFile(oldText, LOCK_FILE_NAME);
  const diagnostics = [...deps.diagnostics, ...(old?.diagnostics ?? [])];
  const sources = new Map(deps.sources);
  if (oldText !== undefined) sources.set(LOCK_FILE_NAME, oldText);
  writeDiagnostics(io, diagnostics, sources);
  writeUnreadWarnings(deps.unread, io);
  if (diagnostics.some((d) => d.severity === "error")) return EXIT_INVALID;
  if (deps.providers.length === 0) {
    io.stdout.write("The configuration requires no providers: nothing to lock.\n");
    return EXIT_OK;
  }

  const oldLocks = old?.providers ?? new Map<string, ProviderLock>();
  const access = await registryAccess(io, options);
  const newLocks = new Map(oldLocks);
  let changed = false;
  try {
    const results = await Promise.all(
      deps.providers.map(async (dep) => {
        const address = dep.provider.toString();
        const locked = oldLocks.get(address);
        const available = (await access.client.providerVersions(dep.provider)).versions.map((v) =>
          v.version.toString(),
        );
        const version = selectVersion(dep, available, locked, options.upgrade);
        const perPlatform = await Promise.all(
          platforms.map(async (platform, i) => {
            const name = platformNames[i]!;
            try {
              const meta = await access.client.providerPackage(dep.provider, version, platform);
              const pkg = await access.client.fetchVerifiedProviderPackage(meta);
              return { name, pkg, hashes: recordedHashes(pkg) };
            } catch (error) {
              if (!isRegistryFailure(error)) throw error;
              throw new LockFailure(
                "Could not retrieve providers for locking",
                `tofukit failed to fetch the requested providers for ${name} in order to calculate their checksums: ${error.message}.`,
              );
            }
          }),
        );
        return { dep, locked, version, perPlatform };
      }),
    );
    for (const { dep, locked, version, perPlatform } of results) {
      const display = dep.provider.forDisplay();
      const sameVersion = locked !== undefined && locked.version.toString() === version.toString();
      const hashes = new Set(sameVersion ? locked.hashes : []);
      for (const { name, pkg, hashes: found } of perPlatform) {
        const by = pkg.summary === "signed" ? `signed, key ID ${io.out.bold(pkg.keyId ?? "")}` : pkg.summary;
        io.stdout.write(`- Retrieved ${display} ${version} for ${name} (${by})\n`);
        const fresh = found.filter((h) => !hashes.has(h));
        for (const h of found) hashes.add(h);
        const note =
          locked === undefined || !sameVersion
            ? "This was a new provider and the checksums for this platform are now tracked in the lock file"
            : fresh.length > 0
              ? "Additional checksums for this platform are now tracked in the lock file"
              : "All checksums for this platform were already tracked in the lock file";
        io.stdout.write(`- Obtained ${display} checksums for ${name}; ${note}\n`);
      }
      newLocks.set(dep.provider.toString(), {
        provider: dep.provider,
        version,
        constraints: dep.constraint,
        hashes: [...hashes],
      });
    }
  } catch (error) {
    if (error instanceof LockFailure) {
      writeProblem(io, error.summary, error.message);
      return EXIT_INVALID;
    }
    if (!isRegistryFailure(error)) throw error;
    writeProblem(io, failureSummary(error, "provider"), error.message);
    return EXIT_INVALID;
  } finally {
    await access.close();
  }

  const text = formatLockFile(newLocks.values());
  changed = text !== oldText;
  if (changed) writeFileAtomically(lockPath, text);
  io.stdout.write(
    changed
      ? `\n${io.out.green(io.out.bold("Success!"))} ${io.out.bold(`tofukit has updated ${LOCK_FILE_NAME}.`)}\n`
      : `\n${io.out.green(io.out.bold("Success!"))} ${io.out.bold(`tofukit has validated ${LOCK_FILE_NAME} and found no need for changes.`)}\n`,
  );
  return EXIT_OK;
}
