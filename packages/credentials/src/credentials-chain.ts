// Several sources tried in turn, as svcauth's Credentials list type.
import { CredentialsError } from "./credentials-error.js";
import type { CredentialsSource } from "./credentials-source.js";

/**
 * Asks each source in order: the first credentials or the first failure wins, and a source with
 * nothing for the host passes to the next. Stores and forgets go to the first source only, as in
 * svcauth; with no sources they fail with `no credentials store is available`.
 */
export function credentialsChain(...sources: readonly CredentialsSource[]): CredentialsSource {
  const first = (): CredentialsSource => {
    const source = sources[0];
    if (source === undefined) {
      throw new CredentialsError("TOFUKIT_CREDENTIALS_READ_ONLY", "no credentials store is available");
    }
    return source;
  };
  return {
    async forHost(host, options) {
      for (const source of sources) {
        const credentials = await source.forHost(host, options);
        if (credentials !== null) return credentials;
      }
      return null;
    },
    async storeForHost(host, credentials, options) {
      await first().storeForHost(host, credentials, options);
    },
    async forgetForHost(host, options) {
      await first().forgetForHost(host, options);
    },
  };
}
