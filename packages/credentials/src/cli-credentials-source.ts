// OpenTofu's full credentials source: TF_TOKEN_* > credentials blocks > the helper, and its rules for
// where a store or forget goes (refuse, credentials.tfrc.json, or the helper).
import { displayOf, forComparison, type Hostname } from "@tofukit/hostname";
import { CredentialsError } from "./credentials-error.js";
import {
  type CredentialsFileWriteOptions,
  readCredentialsFileHosts,
  updateCredentialsFile,
} from "./credentials-file.js";
import type { CredentialsSource, LookupOptions } from "./credentials-source.js";
import type { Environment } from "./environment.js";
import { environmentToken, TokenVariableMemo } from "./environment-credentials.js";
import { HostCredentials } from "./host-credentials.js";
import type { JsonObject } from "./json-decode.js";

/**
 * Where a host's credentials are kept, which decides where a store or forget goes, as OpenTofu's
 * HostCredentialsLocation: `"other-file"` (a CLI config file other than credentials.tfrc.json:
 * writes are refused), `"credentials-file"` (credentials.tfrc.json: updated there, even with a
 * helper configured), `"helper"` (delegated to the helper), `"none"` (written to credentials.tfrc.json).
 */
export type CredentialsLocation = "other-file" | "credentials-file" | "helper" | "none";

/** A configured credentials block, by normalized host. */
export interface ConfiguredCredentials {
  readonly attributes: JsonObject | Readonly<Record<string, unknown>>;
  /** Where the block was written, for messages. */
  readonly origin: string;
}

interface CliCredentialsSourceInit {
  readonly env: Environment;
  readonly configured: ReadonlyMap<Hostname, ConfiguredCredentials>;
  /** Hosts configured outside credentials.tfrc.json. */
  readonly unwritable: ReadonlySet<Hostname>;
  readonly credentialsFile: string;
  readonly helper: CredentialsSource | null;
  readonly helperProgram: string | null;
  readonly fileOptions?: CredentialsFileWriteOptions;
}

/** A credentials source behaving as OpenTofu's CLI: see {@link CredentialsLocation} for writes. */
export class CliCredentialsSource implements CredentialsSource {
  readonly #env: Environment;
  readonly #memo = new TokenVariableMemo();
  readonly #configured: Map<Hostname, ConfiguredCredentials>;
  readonly #unwritable: ReadonlySet<Hostname>;
  readonly #helper: CredentialsSource | null;
  readonly #fileOptions: CredentialsFileWriteOptions;
  /** The file stores and forgets go to when no helper takes them. */
  readonly credentialsFile: string;
  /** The helper program in use, or `null`. */
  readonly helperProgram: string | null;

  constructor(init: CliCredentialsSourceInit) {
    this.#env = init.env;
    this.#configured = new Map(init.configured);
    this.#unwritable = init.unwritable;
    this.#helper = init.helper;
    this.#fileOptions = init.fileOptions ?? {};
    this.credentialsFile = init.credentialsFile;
    this.helperProgram = init.helperProgram;
  }

  /**
   * The host's credentials: a `TF_TOKEN_*` variable (re-read on every call), else a credentials block
   * (final even without a token: such a block hides the helper), else the helper, else `null`.
   */
  async forHost(host: Hostname, options?: LookupOptions): Promise<HostCredentials | null> {
    const fromEnv = environmentToken(this.#env, host, this.#memo);
    if (fromEnv !== null)
      return HostCredentials.fromToken(fromEnv.token, `environment variable ${fromEnv.variable}`);
    const block = this.#configured.get(host);
    if (block !== undefined) return HostCredentials.fromObject(block.attributes, block.origin);
    return this.#helper === null ? null : this.#helper.forHost(host, options);
  }

  /** Where a write for this host would go. */
  location(host: Hostname): CredentialsLocation {
    if (this.#unwritable.has(host)) return "other-file";
    if (this.#configured.has(host)) return "credentials-file";
    return this.#helper === null ? "none" : "helper";
  }

  async storeForHost(host: Hostname, credentials: HostCredentials, options?: LookupOptions): Promise<void> {
    // Refused before anything is written: a token with CR, LF or NUL could never be sent.
    credentials.token();
    await this.#update(host, credentials, options);
  }

  async forgetForHost(host: Hostname, options?: LookupOptions): Promise<void> {
    await this.#update(host, null, options);
  }

  async #update(host: Hostname, credentials: HostCredentials | null, options?: LookupOptions): Promise<void> {
    const location = this.location(host);
    if (location === "other-file") {
      throw new CredentialsError(
        "TOFUKIT_CREDENTIALS_UNWRITABLE",
        `cannot change credentials for ${displayOf(host)}: existing manually-configured credentials in a CLI config file`,
        { host: displayOf(host) },
      );
    }
    if (location === "helper" && this.#helper !== null) {
      if (credentials === null) await this.#helper.forgetForHost(host, options);
      else await this.#helper.storeForHost(host, credentials, options);
      return;
    }
    const value: JsonObject | null = credentials === null ? null : new Map([["token", credentials.token()]]);
    await updateCredentialsFile(
      this.credentialsFile,
      { host, displayKey: displayOf(host), value, normalize: normalizeHost },
      this.#fileOptions,
    );
    if (value === null) this.#configured.delete(host);
    else this.#configured.set(host, { attributes: value, origin: this.credentialsFile });
  }
}

/** The comparison form of a key, or `null` when it is not a valid hostname. */
export function normalizeHost(key: string): Hostname | null {
  try {
    return forComparison(key);
  } catch {
    return null;
  }
}

/** Hosts with an entry in credentials.tfrc.json (unreadable or malformed file: none). */
export async function credentialsFileHosts(path: string): Promise<Set<string>> {
  return readCredentialsFileHosts(path, normalizeHost);
}
