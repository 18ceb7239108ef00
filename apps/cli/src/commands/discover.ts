// `tofukit discover HOST [SERVICE]`: OpenTofu's remote service discovery, with credentials from
// the standard places (TF_TOKEN_* variables, CLI configuration, credentials helper).
import { loadCliConfig } from "@tofukit/credentials";
import { Disco, DiscoError, type Host } from "@tofukit/disco";
import { displayOf, forComparison, type Hostname, HostnameError } from "@tofukit/hostname";
import { type CommandIO, EXIT_INVALID, EXIT_OK, UsageError } from "../io.js";
import { stringifyJSON } from "../render/json-output.js";
import { writeProblem } from "../render/problem.js";

interface DiscoverOptions {
  readonly host: string;
  readonly service?: string | undefined;
  readonly json: boolean;
  /** Seconds. */
  readonly timeout?: string | undefined;
  /** Extra CA certificates (PEM) to trust, for private registries. */
  readonly ca?: readonly string[];
}

export function parseTimeout(text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  const seconds = Number(text);
  if (!Number.isFinite(seconds) || seconds <= 0) {
    throw new UsageError(`--timeout takes a positive number of seconds, not ${JSON.stringify(text)}.`);
  }
  return seconds * 1000;
}

function serviceRows(host: Host): { id: string; url: string | null; note?: string }[] {
  const rows: { id: string; url: string | null; note?: string }[] = [];
  for (const id of Object.keys(host.services ?? {}).sort()) {
    try {
      rows.push({ id, url: host.serviceURL(id).href });
    } catch (error) {
      if (!(error instanceof DiscoError)) throw error;
      // login.v1 is an object, not a URL; other entries may be malformed.
      rows.push({ id, url: null, note: error.message });
    }
  }
  return rows;
}

export async function discoverHost(
  hostname: Hostname,
  io: CommandIO,
  options: { readonly timeout?: number | undefined; readonly ca?: readonly string[] },
): Promise<Host> {
  const config = await loadCliConfig({ env: io.env });
  const credentials = await config.credentialsSource();
  const disco = new Disco({
    credentials,
    env: io.env,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    ...(options.ca === undefined ? {} : { ca: options.ca }),
  });
  for (const [host, services] of config.hostServices()) {
    disco.forceHostServices(host, services as Record<string, unknown>);
  }
  return disco.discover(hostname);
}

export async function runDiscover(options: DiscoverOptions, io: CommandIO): Promise<number> {
  let hostname: Hostname;
  try {
    hostname = forComparison(options.host);
  } catch (error) {
    if (!(error instanceof HostnameError)) throw error;
    throw new UsageError(
      `${JSON.stringify(options.host)} is not a valid service hostname: ${error.message}`,
      EXIT_INVALID,
    );
  }
  const timeout = parseTimeout(options.timeout);
  let host: Host;
  try {
    host = await discoverHost(hostname, io, {
      timeout,
      ...(options.ca === undefined ? {} : { ca: options.ca }),
    });
  } catch (error) {
    if (!(error instanceof DiscoError)) throw error;
    if (options.json)
      io.stdout.write(
        `${stringifyJSON({ host: hostname, ok: false, code: error.code, error: error.message })}\n`,
      );
    else writeProblem(io, `Service discovery failed for ${displayOf(hostname)}`, `${error.message}.`);
    return EXIT_INVALID;
  }
  if (options.service !== undefined) {
    try {
      const url = host.serviceURL(options.service).href;
      io.stdout.write(
        options.json ? `${stringifyJSON({ host: hostname, service: options.service, url })}\n` : `${url}\n`,
      );
      return EXIT_OK;
    } catch (error) {
      if (!(error instanceof DiscoError)) throw error;
      if (options.json) {
        io.stdout.write(
          `${stringifyJSON({ host: hostname, service: options.service, ok: false, code: error.code, error: error.message })}\n`,
        );
      } else {
        writeProblem(
          io,
          `Service ${options.service} not available at ${displayOf(hostname)}`,
          `${error.message}.`,
        );
      }
      return EXIT_INVALID;
    }
  }
  const rows = serviceRows(host);
  if (options.json) {
    io.stdout.write(
      `${stringifyJSON({ host: hostname, display: displayOf(hostname), discoveryURL: host.discoveryURL, services: rows })}\n`,
    );
    return EXIT_OK;
  }
  io.stdout.write(`${io.out.bold(displayOf(hostname))} ${io.out.dim(`(${host.discoveryURL})`)}\n`);
  if (rows.length === 0) io.stdout.write("  no services\n");
  const width = Math.max(0, ...rows.map((r) => r.id.length));
  for (const r of rows) io.stdout.write(`  ${r.id.padEnd(width)}  ${r.url ?? io.out.dim(r.note ?? "")}\n`);
  return EXIT_OK;
}
