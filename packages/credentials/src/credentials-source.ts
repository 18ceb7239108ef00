// The interface every credentials source implements, as svcauth's CredentialsSource and CredentialsStore.
import type { Hostname } from "@tofukit/hostname";
import type { HostCredentials } from "./host-credentials.js";

/** Options accepted by every lookup. */
export interface LookupOptions {
  /** Aborts a helper program call (the child is killed). */
  readonly signal?: AbortSignal;
}

/**
 * Where credentials come from and go to. `forHost` resolves to `null` when the source has nothing for
 * the host; it rejects only when the source itself failed (a helper crashed, say). Hosts are the
 * normalized comparison form (`forComparison`), punycode with any port.
 */
export interface CredentialsSource {
  forHost(host: Hostname, options?: LookupOptions): Promise<HostCredentials | null>;
  storeForHost(host: Hostname, credentials: HostCredentials, options?: LookupOptions): Promise<void>;
  forgetForHost(host: Hostname, options?: LookupOptions): Promise<void>;
}
