// The login.v1 flow of `tofu login` as a library: the OAuth 2.0 authorization-code grant with
// PKCE (S256) and a `state` check, a loopback listener for the redirect, and the token request.
// It obtains a token and stores nothing: where a token goes is the caller's decision.
import { randomBytes, randomUUID } from "node:crypto";
import type { Dispatcher } from "undici";
import { type CallbackOutcome, startCallbackListener } from "./callback-listener.js";
import { formatDuration, LoginError } from "./errors.js";
import type { LoginToken } from "./login-token.js";
import type { OAuthClient } from "./oauth-client.js";
import { proofKey } from "./pkce.js";
import { ProxyDispatcher } from "./proxy-dispatcher.js";
import { requestToken } from "./token-request.js";
import { DEFAULT_USER_AGENT } from "./user-agent.js";

export interface LoginOptions {
  /**
   * Shows the user the authorization URL: open a browser there, or print it. Called once the
   * listener is up; the flow then waits for the redirect.
   */
  readonly openAuthorizationURL: (url: URL) => void | Promise<void>;
  /** Cancels the flow (Ctrl-C): the listener closes and the promise rejects with TOFUKIT_DISCO_LOGIN_CANCELLED. */
  readonly signal?: AbortSignal;
  /** Milliseconds to wait for the redirect. Default 5 minutes. */
  readonly callbackTimeout?: number;
  /** Milliseconds for the token request. Default 30 s. */
  readonly tokenTimeout?: number;
  /**
   * The dispatcher for the token request (a ProxyDispatcher shared with discovery, say); by
   * default a ProxyDispatcher of `env` and `ca`, closed when the request is done.
   */
  readonly dispatcher?: Dispatcher;
  /** Read for `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` and `NODE_EXTRA_CA_CERTS` when no dispatcher is given. Default: `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Extra certificate authorities (PEM) trusted for the token request besides Node's bundled roots. */
  readonly ca?: readonly string[];
  readonly userAgent?: string;
  /** Random bytes for the PKCE verifier; default `crypto.randomBytes`. */
  readonly randomBytes?: (n: number) => Uint8Array;
}

const AUTHZ_CODE = "authz_code";

/**
 * The URL the user's browser opens: the client's authorization URL with the parameters of
 * RFC 6749 4.1.1 and RFC 7636 4.3, sorted by name as Go's `url.Values.Encode` writes them.
 */
export function authorizationURL(
  client: OAuthClient,
  redirectURL: string,
  state: string,
  challenge: string,
): URL {
  if (client.authorizationURL === null) {
    throw new LoginError(
      "TOFUKIT_DISCO_LOGIN_UNSUPPORTED_GRANT",
      "Host does not support OpenTofu login",
      "The host's login.v1 client has no authorization URL.",
    );
  }
  const params: [string, string][] = [
    ["client_id", client.id],
    ["code_challenge", challenge],
    ["code_challenge_method", "S256"],
    ["redirect_uri", redirectURL],
    ["response_type", "code"],
  ];
  if (client.scopes !== null) params.push(["scope", client.scopes.join(" ")]);
  params.push(["state", state]);
  const url = new URL(client.authorizationURL);
  const query = new URLSearchParams(params).toString();
  url.search = url.search === "" || url.search === "?" ? query : `${url.search.slice(1)}&${query}`;
  return url;
}

function waitForRedirect(
  outcome: Promise<CallbackOutcome>,
  close: (reason: LoginError) => void,
  timeout: number,
  signal: AbortSignal | undefined,
): Promise<CallbackOutcome> {
  const timer = setTimeout(
    () =>
      close(
        new LoginError(
          "TOFUKIT_DISCO_LOGIN_TIMEOUT",
          "Login timed out",
          `The host did not signal a successful login within ${formatDuration(timeout)}; nothing was stored.`,
        ),
      ),
    timeout,
  );
  const onAbort = () =>
    close(
      new LoginError(
        "TOFUKIT_DISCO_LOGIN_CANCELLED",
        "Action aborted",
        "The login was cancelled; nothing was stored.",
      ),
    );
  signal?.addEventListener("abort", onAbort, { once: true });
  return outcome.finally(() => {
    clearTimeout(timer);
    signal?.removeEventListener("abort", onAbort);
  });
}

/**
 * Logs in with the authorization-code grant of a host's `login.v1` client and returns the token
 * (`LoginToken.reveal()` gives it; printing the object never does). Throws LoginError.
 */
export async function loginWithAuthorizationCode(
  client: OAuthClient,
  options: LoginOptions,
): Promise<LoginToken> {
  if (!client.grantTypes.has(AUTHZ_CODE) || client.tokenURL === null) {
    throw new LoginError(
      "TOFUKIT_DISCO_LOGIN_UNSUPPORTED_GRANT",
      "Host does not support OpenTofu login",
      "The host does not allow any OAuth grant types that are supported by tofukit (authz_code).",
    );
  }
  const signal = options.signal;
  if (signal?.aborted) {
    throw new LoginError(
      "TOFUKIT_DISCO_LOGIN_CANCELLED",
      "Action aborted",
      "The login was cancelled; nothing was stored.",
    );
  }
  const state = randomUUID();
  const key = proofKey(options.randomBytes ?? randomBytes);
  const listener = await startCallbackListener({ minPort: client.minPort, maxPort: client.maxPort, state });
  const waiting = waitForRedirect(
    listener.outcome,
    (reason) => listener.close(reason),
    options.callbackTimeout ?? 5 * 60_000,
    signal,
  );
  // Settled by the close below should opening fail; awaited otherwise.
  waiting.catch(() => undefined);
  try {
    await options.openAuthorizationURL(authorizationURL(client, listener.redirectURL, state, key.challenge));
  } catch (error) {
    listener.close(
      new LoginError(
        "TOFUKIT_DISCO_LOGIN_CANCELLED",
        "Action aborted",
        "The login was cancelled; nothing was stored.",
      ),
    );
    throw error;
  }
  const outcome = await waiting;
  if (outcome.kind === "error") {
    const description = outcome.description === "" ? "" : ` (${outcome.description})`;
    throw new LoginError(
      "TOFUKIT_DISCO_LOGIN_DENIED",
      "Login refused",
      `The authorization server refused the login: ${outcome.error}${description}; nothing was stored.`,
    );
  }
  const owned =
    options.dispatcher === undefined
      ? new ProxyDispatcher({
          env: options.env ?? process.env,
          ...(options.ca !== undefined && options.ca.length > 0 ? { ca: options.ca } : {}),
        })
      : undefined;
  try {
    return await requestToken({
      tokenURL: client.tokenURL,
      clientId: client.id,
      code: outcome.code,
      redirectURL: listener.redirectURL,
      verifier: key.verifier,
      userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
      dispatcher: options.dispatcher ?? owned,
      timeout: options.tokenTimeout ?? 30_000,
      signal,
    });
  } finally {
    await owned?.close();
  }
}
