// `tofukit outdated [DIR]`: like `npm outdated`, for a configuration's registry dependencies over
// its whole module tree. Every `module` call of every module (`module.net.module.subnets`) and
// every provider any module requires: its constraint (all modules' merged), the
// version in use (.terraform/modules/modules.json, .terraform.lock.hcl), the newest version the
// constraint allows and the newest published. The registries are asked in parallel, each host
// discovered once, each address's versions asked once.
import { readFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { ConfigReadError } from "@tofukit/config/node";
import {
  compareModuleVersions,
  compareProviderVersions,
  newestAllowed,
  parseLockFile,
  parseModuleVersion,
  parseModuleVersionConstraint,
  parseProviderVersion,
  parseProviderVersionConstraint,
} from "@tofukit/registry";
import { type CommandIO, EXIT_INVALID, EXIT_OK, UsageError } from "../io.js";
import { stringifyJSON } from "../render/json-output.js";
import { writeDiagnostics, writeProblem } from "../render/problem.js";
import { readModuleDependencies } from "./module-dependencies.js";
import {
  failureJSON,
  isRegistryFailure,
  type RegistryAccessOptions,
  registryAccess,
} from "./registry-access.js";

interface OutdatedOptions extends RegistryAccessOptions {
  readonly dir: string;
  readonly json: boolean;
  /** Exit 1 when something is behind. */
  readonly exitCode: boolean;
}

type OutdatedStatus = "up-to-date" | "behind" | "no-match" | "not-registry" | "error";

type OutdatedRow = {
  readonly kind: "module" | "provider";
  /** `module.NAME` (`module.A.module.B` for a call in a called module) or `provider.NAME`. */
  readonly name: string;
  /** For a provider: the modules requiring it, "" standing for the root module. */
  readonly requiredBy?: readonly string[];
  readonly source: string;
  readonly constraint: string | null;
  /** The version in use: installed (modules) or locked (providers); null when unknown. */
  readonly current: string | null;
  /** The newest version the constraint allows. */
  readonly wanted: string | null;
  /** The newest version published (prereleases aside). */
  readonly latest: string | null;
  readonly status: OutdatedStatus;
  readonly error?: { readonly code: string | undefined; readonly message: string };
};

// Modules `tofu init` installed, by call key (`vpc`, `vpc.subnets`): their versions.
function installedModules(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  let doc: unknown;
  try {
    doc = JSON.parse(readFileSync(join(dir, ".terraform", "modules", "modules.json"), "utf8"));
  } catch {
    return out;
  }
  const modules = (doc as { Modules?: unknown }).Modules;
  if (!Array.isArray(modules)) return out;
  for (const m of modules as { Key?: unknown; Version?: unknown }[]) {
    if (typeof m.Key === "string" && typeof m.Version === "string" && m.Version !== "")
      out.set(m.Key, m.Version);
  }
  return out;
}

function lockedProviders(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  let text: string;
  try {
    text = readFileSync(join(dir, ".terraform.lock.hcl"), "utf8");
  } catch {
    return out;
  }
  for (const [address, lock] of parseLockFile(text).providers) out.set(address, lock.version.toString());
  return out;
}

const ALL_MODULES = parseModuleVersionConstraint(">= 0.0.0");
const ALL_PROVIDERS = parseProviderVersionConstraint(">= 0.0.0");

function isOlder(kind: "module" | "provider", a: string, b: string): boolean {
  try {
    return kind === "module"
      ? compareModuleVersions(parseModuleVersion(a), parseModuleVersion(b)) < 0
      : compareProviderVersions(parseProviderVersion(a), parseProviderVersion(b)) < 0;
  } catch {
    return a !== b;
  }
}

function statusOf(
  kind: "module" | "provider",
  current: string | null,
  wanted: string | null,
  latest: string | null,
): OutdatedStatus {
  if (wanted === null) return "no-match";
  if (current !== null && isOlder(kind, current, wanted)) return "behind";
  if (latest !== null && isOlder(kind, wanted, latest)) return "behind";
  return "up-to-date";
}

/** Reads the module, asks the registries, and returns a row per dependency, in file order. */
async function outdatedRows(dir: string, io: CommandIO, options: RegistryAccessOptions) {
  const deps = readModuleDependencies(dir);
  const installed = installedModules(dir);
  const locked = lockedProviders(dir);
  const access = await registryAccess(io, options);
  // One request per address, however many calls name it.
  const asked = new Map<string, Promise<string[]>>();
  const once = (key: string, ask: () => Promise<string[]>) => {
    let pending = asked.get(key);
    if (pending === undefined) {
      pending = ask();
      pending.catch(() => undefined);
      asked.set(key, pending);
    }
    return pending;
  };
  const failed = (row: Omit<OutdatedRow, "status" | "wanted" | "latest">, error: unknown): OutdatedRow => {
    if (!isRegistryFailure(error)) throw error;
    return { ...row, wanted: null, latest: null, status: "error", error: failureJSON(error) };
  };
  try {
    const modules = deps.modules.map(async (m): Promise<OutdatedRow> => {
      const base = {
        kind: "module" as const,
        name: m.address,
        source: m.raw ?? "(not a static string)",
        constraint: m.version ?? null,
        current: installed.get(m.key) ?? null,
      };
      if (m.problem !== undefined) {
        const error = { code: "TOFUKIT_CLI_INVALID_SOURCE", message: m.problem };
        return { ...base, current: null, wanted: null, latest: null, status: "error", error };
      }
      if (m.source?.kind !== "registry") {
        return { ...base, current: null, wanted: null, latest: null, status: "not-registry" };
      }
      const source = m.source;
      try {
        const versions = await once(`module ${source.host}/${source.forRegistryProtocol()}`, () =>
          access.client.moduleVersions(source),
        );
        const wanted = newestAllowed(versions, m.constraint ?? ALL_MODULES);
        const latest = newestAllowed(versions, ALL_MODULES);
        return { ...base, wanted, latest, status: statusOf("module", base.current, wanted, latest) };
      } catch (error) {
        return failed(base, error);
      }
    });
    const providers = deps.providers.map(async (p): Promise<OutdatedRow> => {
      const constraint = p.constraint.toString();
      const base = {
        kind: "provider" as const,
        name: `provider.${p.names.join(",")}`,
        requiredBy: p.modules,
        source: p.provider.forDisplay(),
        constraint: constraint === "" ? null : constraint,
        current: locked.get(p.provider.toString()) ?? null,
      };
      try {
        const versions = await once(`provider ${p.provider.toString()}`, async () =>
          (await access.client.providerVersions(p.provider)).versions.map((v) => v.version.toString()),
        );
        const wanted = newestAllowed(versions, p.constraint);
        const latest = newestAllowed(versions, ALL_PROVIDERS);
        return { ...base, wanted, latest, status: statusOf("provider", base.current, wanted, latest) };
      } catch (error) {
        return failed(base, error);
      }
    });
    return { rows: await Promise.all([...modules, ...providers]), deps };
  } finally {
    await access.close();
  }
}

const cellOf = (s: string | null) => s ?? "-";

export async function runOutdated(options: OutdatedOptions, io: CommandIO): Promise<number> {
  const dir = resolve(io.cwd, options.dir);
  let result: Awaited<ReturnType<typeof outdatedRows>>;
  try {
    result = await outdatedRows(dir, io, options);
  } catch (error) {
    if (error instanceof ConfigReadError) throw new UsageError(error.message, EXIT_INVALID);
    throw error;
  }
  const { rows, deps } = result;
  writeDiagnostics(io, deps.diagnostics, deps.sources);
  const unread = deps.unread.map((u) => ({
    address: u.address,
    source: u.source ?? null,
    code: u.code,
    reason: u.reason,
  }));
  const behind = rows.some((r) => r.status === "behind" || r.status === "no-match");
  const failed = deps.diagnostics.length > 0 || rows.some((r) => r.status === "error");
  const exitCode = failed || (options.exitCode && behind) ? EXIT_INVALID : EXIT_OK;
  if (options.json) {
    io.stdout.write(`${stringifyJSON({ dir: options.dir, dependencies: rows, unread })}\n`);
    return exitCode;
  }
  for (const u of unread) {
    const source = u.source === null ? "" : ` (${u.source})`;
    io.stderr.write(
      `${io.err.yellow("Warning:")} ${u.address}${source} was not read: ${u.reason}; the module calls and providers in it are not listed.\n`,
    );
  }
  if (rows.length === 0) {
    io.stdout.write("No module calls and no required providers.\n");
    return exitCode;
  }
  const header = ["Dependency", "Source", "Constraint", "Current", "Wanted", "Latest", "Status"];
  const table = rows.map((r) => [
    r.name,
    r.source,
    cellOf(r.constraint),
    cellOf(r.current),
    cellOf(r.wanted),
    cellOf(r.latest),
    r.status,
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...table.map((row) => row[i]!.length)));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  io.stdout.write(`${io.out.bold(line(header))}\n`);
  table.forEach((cells, i) => {
    const status = rows[i]!.status;
    const text = line(cells);
    const color =
      status === "behind" || status === "no-match"
        ? io.out.yellow
        : status === "error"
          ? io.out.red
          : status === "not-registry"
            ? io.out.dim
            : (s: string) => s;
    io.stdout.write(`${color(text)}\n`);
  });
  for (const r of rows) {
    if (r.error !== undefined) writeProblem(io, `Failed to check ${r.name}`, r.error.message);
  }
  return exitCode;
}
