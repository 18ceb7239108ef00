// A per-host cache in front of a slow source, as svcauth's CachingCredentialsSource.
import type { Hostname } from "@tofukit/hostname";
import type { CredentialsSource } from "./credentials-source.js";
import type { HostCredentials } from "./host-credentials.js";

/**
 * Remembers each host's answer for the life of the object: credentials and "none" alike. Failures are
 * not remembered, so the next lookup asks again. Storing or forgetting drops the host's entry first,
 * even when the write then fails. Concurrent lookups of one host share a single call.
 */
export function cachingSource(source: CredentialsSource): CredentialsSource {
  const answers = new Map<Hostname, Promise<HostCredentials | null>>();
  return {
    forHost(host, options) {
      const cached = answers.get(host);
      if (cached !== undefined) return cached;
      const pending = source.forHost(host, options);
      answers.set(host, pending);
      pending.catch(() => {
        if (answers.get(host) === pending) answers.delete(host);
      });
      return pending;
    },
    storeForHost(host, credentials, options) {
      answers.delete(host);
      return source.storeForHost(host, credentials, options);
    },
    forgetForHost(host, options) {
      answers.delete(host);
      return source.forgetForHost(host, options);
    },
  };
}
