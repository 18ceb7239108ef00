// `tofukit registry versions SOURCE` and `tofukit registry location SOURCE VERSION`: what a
// module or provider registry publishes, asked as `tofu init` asks it (modules.v1, providers.v1).
import {
  compareModuleVersions,
  compareProviderVersions,
  type ModuleVersionConstraint,
  newestAllowed,
  type Provider,
  type ProviderVersionConstraint,
  parseModuleSourceRegistry,
  parseModuleVersion,
  parseModuleVersionConstraint,
  parseProviderSourceString,
  parseProviderVersion,
  parseProviderVersionConstraint,
  type RegistryModuleSource,
} from "@tofukit/registry";
import { type CommandIO, EXIT_INVALID, EXIT_OK, UsageError } from "../io.js";
import { stringifyJSON } from "../render/json-output.js";
import { writeProblem } from "../render/problem.js";
import {
  failureJSON,
  failureSummary,
  isRegistryFailure,
  type RegistryAccessOptions,
  registryAccess,
} from "./registry-access.js";

type AddressKind = "module" | "provider";

interface RegistryVersionsOptions extends RegistryAccessOptions {
  readonly source: string;
  readonly constraint?: string | undefined;
  /** Forced by --module or --provider; inferred from the address otherwise. */
  readonly kind?: AddressKind | undefined;
  readonly json: boolean;
}

interface RegistryLocationOptions extends RegistryAccessOptions {
  readonly source: string;
  readonly version: string;
  readonly json: boolean;
}

/**
 * Which kind of address `raw` is: a module address has three parts after an optional host
 * (`namespace/name/system`, perhaps with `//subdir`), a provider two (`namespace/type`) or one.
 * Three parts are a provider when the first is a hostname (it has a dot or a port).
 */
export function inferAddressKind(raw: string): AddressKind {
  if (raw.includes("//")) return "module";
  const parts = raw.split("/");
  if (parts.length >= 4) return "module";
  if (parts.length === 3) return /[.:]/.test(parts[0] ?? "") ? "provider" : "module";
  return "provider";
}

function moduleAddress(raw: string): RegistryModuleSource {
  return parseModuleSourceRegistry(raw);
}

function providerAddress(raw: string): Provider {
  return parseProviderSourceString(raw);
}

function newestFirstModules(versions: readonly string[]): string[] {
  const parsed = versions.flatMap((v) => {
    try {
      return [{ v, p: parseModuleVersion(v) }];
    } catch {
      return [];
    }
  });
  return parsed.sort((a, b) => compareModuleVersions(b.p, a.p)).map((x) => x.v);
}

function newestFirstProviders(versions: readonly string[]): string[] {
  return versions
    .map((v) => ({ v, p: parseProviderVersion(v) }))
    .sort((a, b) => compareProviderVersions(b.p, a.p))
    .map((x) => x.v);
}

function fail(
  io: CommandIO,
  json: boolean,
  fields: Record<string, unknown>,
  error: Parameters<typeof failureSummary>[0],
): number {
  if (json) io.stdout.write(`${stringifyJSON({ ...fields, ok: false, error: failureJSON(error) })}\n`);
  else
    writeProblem(
      io,
      failureSummary(error, fields.kind === "provider" ? "provider" : "module"),
      error.message,
    );
  return EXIT_INVALID;
}

export async function runRegistryVersions(options: RegistryVersionsOptions, io: CommandIO): Promise<number> {
  const kind = options.kind ?? inferAddressKind(options.source);
  const fields: Record<string, unknown> = { source: options.source, kind };
  let constraint: ModuleVersionConstraint | ProviderVersionConstraint | undefined;
  const access = await registryAccess(io, options);
  try {
    let address: string;
    let versions: string[];
    let warnings: readonly string[] = [];
    if (kind === "module") {
      const source = moduleAddress(options.source);
      address = `${source.host}/${source.forRegistryProtocol()}`;
      if (options.constraint !== undefined) constraint = parseModuleVersionConstraint(options.constraint);
      versions = newestFirstModules(await access.client.moduleVersions(source));
    } else {
      const provider = providerAddress(options.source);
      address = provider.toString();
      if (options.constraint !== undefined) constraint = parseProviderVersionConstraint(options.constraint);
      const answer = await access.client.providerVersions(provider);
      versions = newestFirstProviders(answer.versions.map((v) => v.version.toString()));
      warnings = answer.warnings;
    }
    const allowed =
      constraint === undefined ? versions : versions.filter((v) => newestAllowed([v], constraint!) !== null);
    const newest = constraint === undefined ? null : newestAllowed(versions, constraint);
    if (options.json) {
      io.stdout.write(
        `${stringifyJSON({
          ...fields,
          address,
          ok: true,
          versions,
          ...(constraint === undefined
            ? {}
            : { constraint: constraint.toString(), allowed, newestAllowed: newest }),
          warnings,
        })}\n`,
      );
      return EXIT_OK;
    }
    for (const w of warnings) io.stderr.write(`${io.err.yellow("Warning:")} ${w}\n`);
    const title = `${io.out.bold(address)} ${io.out.dim(`(${kind}, ${versions.length} versions)`)}`;
    io.stdout.write(`${title}\n`);
    if (constraint !== undefined) {
      io.stdout.write(
        `  ${constraint.toString()} allows ${allowed.length}; ${newest === null ? "none would be selected" : `${io.out.green(newest)} would be selected`}\n`,
      );
    }
    for (const v of allowed) io.stdout.write(`  ${v === newest ? io.out.green(v) : v}\n`);
    return newest === null && constraint !== undefined ? EXIT_INVALID : EXIT_OK;
  } catch (error) {
    if (!isRegistryFailure(error)) throw error;
    return fail(io, options.json, fields, error);
  } finally {
    await access.close();
  }
}

export async function runRegistryLocation(options: RegistryLocationOptions, io: CommandIO): Promise<number> {
  const fields: Record<string, unknown> = { source: options.source, version: options.version };
  const access = await registryAccess(io, options);
  try {
    const source = moduleAddress(options.source);
    const location = await access.client.moduleLocation(source, parseModuleVersion(options.version));
    const text = location.kind === "indirect" ? String(location.source) : location.url.href;
    if (options.json) {
      io.stdout.write(
        `${stringifyJSON({
          ...fields,
          address: `${source.host}/${source.forRegistryProtocol()}`,
          ok: true,
          kind: location.kind,
          location: text,
          ...(location.kind === "direct" ? { useRegistryCredentials: location.useRegistryCredentials } : {}),
        })}\n`,
      );
    } else io.stdout.write(`${text}\n`);
    return EXIT_OK;
  } catch (error) {
    if (!isRegistryFailure(error)) throw error;
    return fail(io, options.json, fields, error);
  } finally {
    await access.close();
  }
}

/** --module and --provider exclude each other. */
export function forcedKind(opts: { module?: boolean; provider?: boolean }): AddressKind | undefined {
  if (opts.module === true && opts.provider === true)
    throw new UsageError("--module and --provider cannot be used together.");
  return opts.module === true ? "module" : opts.provider === true ? "provider" : undefined;
}
