// The TF_TOKEN_* credentials source: first in OpenTofu's precedence, read-only.
import type { Hostname } from "@tofukit/hostname";
import { CredentialsError } from "./credentials-error.js";
import type { CredentialsSource } from "./credentials-source.js";
import { type Environment, forEachVariableWithPrefix } from "./environment.js";
import { HostCredentials } from "./host-credentials.js";
import { tokenVariableHost, tokenVariablePrefix } from "./token-variable.js";

/**
 * The token the environment gives `host`, with the variable it came from, or `null`. When several
 * variables map to the host, the LAST one in environment order wins; an empty value still counts.
 */
export function environmentToken(
  env: Environment,
  host: Hostname,
  memo?: TokenVariableMemo,
): { readonly variable: string; readonly token: string } | null {
  let found: { variable: string; token: string } | null = null;
  forEachVariableWithPrefix(env, tokenVariablePrefix, (name, value) => {
    const mapped = memo === undefined ? tokenVariableHost(name) : memo.hostOf(name);
    if (mapped === host) found = { variable: name, token: value };
  });
  return found;
}

/**
 * Remembers which host each variable name maps to: the environment is re-read on every lookup, as
 * OpenTofu does, but a name's meaning never changes, and normalizing a Unicode name costs microseconds.
 */
export class TokenVariableMemo {
  readonly #hosts = new Map<string, Hostname | null>();

  hostOf(name: string): Hostname | null {
    let host = this.#hosts.get(name);
    if (host === undefined) {
      host = tokenVariableHost(name);
      // Bounded: an environment rewritten with ever new names must not grow this without end.
      if (this.#hosts.size >= 1024) this.#hosts.clear();
      this.#hosts.set(name, host);
    }
    return host;
  }
}

/**
 * A source reading `TF_TOKEN_*` variables from `env` on every lookup, as OpenTofu re-scans the
 * environment each time. Pass the environment explicitly; only when omitted is `process.env` read.
 */
export function credentialsFromEnvironment(env: Environment = process.env): CredentialsSource {
  const memo = new TokenVariableMemo();
  return {
    async forHost(host) {
      const found = environmentToken(env, host, memo);
      if (found === null) return null;
      return HostCredentials.fromToken(found.token, `environment variable ${found.variable}`);
    },
    async storeForHost(host) {
      throw readOnly(host);
    },
    async forgetForHost(host) {
      throw readOnly(host);
    },
  };
}

function readOnly(host: Hostname): CredentialsError {
  return new CredentialsError(
    "TOFUKIT_CREDENTIALS_READ_ONLY",
    `cannot change credentials for ${host}: environment variables are read-only`,
    { host },
  );
}
