// One registry client for a command: service discovery (one per host, shared by every request),
// credentials and host blocks from the CLI configuration as `tofu` finds them, one dispatcher for
// every request (the environment's HTTPS_PROXY/HTTP_PROXY/NO_PROXY, judged per URL, and extra CA
// certificates for private registries), and the failures a user sees.

import { loadCliConfig } from "@tofukit/credentials";
import { Disco, DiscoError, ProxyDispatcher, registryClientTimeout } from "@tofukit/disco";
import { HostnameError } from "@tofukit/hostname";
import { RegistryAddressError, VersionError } from "@tofukit/registry";
import { RegistryClient, RegistryClientError } from "@tofukit/registry/client";
import type { Dispatcher } from "undici";
import type { CommandIO } from "../io.js";
import { VERSION } from "../version.js";

export interface RegistryAccessOptions {
  /** Extra CA certificates (PEM) to trust. */
  readonly ca?: readonly string[];
  /** Milliseconds for discovery and each API request. */
  readonly timeout?: number | undefined;
}

interface RegistryAccess {
  readonly client: RegistryClient;
  /** The dispatcher discovery and the client's requests go through, for package downloads too. */
  readonly dispatcher: Dispatcher;
  close(): Promise<void>;
}

/** The OpenTofu version tofukit speaks for, sent as X-Terraform-Version. */
const OPENTOFU_VERSION = "1.12.0";

export async function registryAccess(io: CommandIO, options: RegistryAccessOptions): Promise<RegistryAccess> {
  const config = await loadCliConfig({ env: io.env });
  const credentials = await config.credentialsSource();
  const ca = options.ca !== undefined && options.ca.length > 0 ? options.ca : undefined;
  // One dispatcher for discovery, the registry API and packages: the proxy of each URL (as tofu
  // judges it for every request), and the system's roots plus --ca and NODE_EXTRA_CA_CERTS.
  const connectTimeout = options.timeout ?? registryClientTimeout(io.env);
  const dispatcher = new ProxyDispatcher({
    env: io.env,
    ...(ca === undefined ? {} : { ca }),
    ...(connectTimeout === undefined ? {} : { connectTimeout }),
  });
  const disco = new Disco({
    credentials,
    env: io.env,
    dispatcher,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
  });
  for (const [host, services] of config.hostServices()) {
    disco.forceHostServices(host, services as Record<string, unknown>);
  }
  // TF_REGISTRY_CLIENT_TIMEOUT and TF_REGISTRY_DISCOVERY_RETRY apply to registry requests as in tofu.
  const client = new RegistryClient({
    discovery: disco,
    credentials,
    env: io.env,
    ...(options.timeout === undefined ? {} : { timeout: options.timeout }),
    openTofuVersion: OPENTOFU_VERSION,
    userAgent: `tofukit/${VERSION}`,
    dispatcher,
  });
  return {
    client,
    dispatcher,
    close: async () => {
      await client.close();
      await disco.close();
      await dispatcher.close();
    },
  };
}

/** The errors of reaching a registry or reading its answers, as opposed to tofukit's own bugs. */
export function isRegistryFailure(
  error: unknown,
): error is RegistryClientError | DiscoError | RegistryAddressError | VersionError | HostnameError {
  return (
    error instanceof RegistryClientError ||
    error instanceof DiscoError ||
    error instanceof RegistryAddressError ||
    error instanceof VersionError ||
    error instanceof HostnameError
  );
}

/** The summary a failure is framed with: OpenTofu's installers' words for the registry's own failures. */
export function failureSummary(
  error: RegistryClientError | DiscoError | RegistryAddressError | VersionError | HostnameError,
  kind: "module" | "provider",
): string {
  if (error instanceof RegistryAddressError)
    return kind === "provider" ? "Invalid provider source address" : "Invalid module source address";
  if (error instanceof VersionError) return "Invalid version constraint";
  if (error instanceof HostnameError) return "Invalid registry hostname";
  if (error instanceof DiscoError) return "Failed to discover the registry's services";
  return kind === "provider"
    ? "Failed to query available provider packages"
    : "Error accessing remote module registry";
}

/** `{ code, message }` of a failure, for --json. */
export function failureJSON(error: Error & { code?: string }): { code: string | undefined; message: string } {
  return { code: error.code, message: error.message };
}
