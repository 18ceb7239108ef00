// Bearer credentials for discovery requests, taken from a pluggable credentials provider.
import { displayOf, type Hostname } from "@tofukit/hostname";
import { DiscoveryError } from "./errors.js";

/**
 * Credentials for one host. Structurally compatible with @tofukit/credentials' host
 * credentials: a bearer token given as a string or by a method.
 */
export interface HostCredentials {
  readonly token: string | (() => string);
}

/** Where disco gets credentials from; @tofukit/credentials' sources fit this shape. */
export interface CredentialsProvider {
  forHost(host: Hostname): Promise<HostCredentials | null | undefined> | HostCredentials | null | undefined;
}

/**
 * The provider's credentials for `host`, or null. A failing provider means an anonymous request,
 * as the reference logs and ignores credentials errors during discovery.
 */
export async function credentialsFor(
  provider: CredentialsProvider | undefined,
  host: Hostname,
): Promise<HostCredentials | null> {
  if (provider === undefined) return null;
  try {
    return (await provider.forHost(host)) ?? null;
  } catch {
    return null;
  }
}

// Go's header validation refuses control characters other than tab; a token read from a file
// with its trailing newline is the usual cause, so the refusal happens before any request.
const CONTROL = /[\x00-\x08\x0a-\x1f\x7f]/;

/**
 * The `Authorization` header value for credentials: `Bearer <token>`, outer spaces and tabs
 * trimmed as Go sends it, non-Latin-1 characters sent as their UTF-8 bytes as Go does.
 * Throws a DiscoveryError (`TOFUKIT_DISCO_INVALID_TOKEN`) that never contains the token.
 */
export function bearerHeader(credentials: HostCredentials, host: Hostname): string {
  let token: string;
  try {
    token = typeof credentials.token === "function" ? credentials.token() : credentials.token;
  } catch (cause) {
    const display = displayOf(host);
    // @tofukit/credentials refuses unusable tokens in `token()` itself; its error stays the cause.
    throw new DiscoveryError(
      "TOFUKIT_DISCO_INVALID_TOKEN",
      `the token for ${display} cannot be sent in an Authorization header; see the cause for why`,
      { host: display, cause },
    );
  }
  if (CONTROL.test(token)) {
    const display = displayOf(host);
    throw new DiscoveryError(
      "TOFUKIT_DISCO_INVALID_TOKEN",
      `the token for ${display} contains a control character (CR, LF, NUL or similar), so it cannot be sent in an Authorization header; check for a trailing newline where the token was stored`,
      { host: display },
    );
  }
  const value = `Bearer ${token}`.replace(/^[ \t]+|[ \t]+$/g, "");
  return Buffer.from(value, "utf8").toString("latin1");
}
