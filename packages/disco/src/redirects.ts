// Redirect handling of discovery requests: which responses redirect, where they lead, and when
// credentials must be dropped.

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

/** A redirect status; a redirect without a Location is the final response, as in Go's client. */
export function isRedirect(status: number): boolean {
  return REDIRECT_STATUSES.has(status);
}

/** The absolute target of a `Location` value (relative values resolve against `from`), or null. */
export function redirectTarget(from: URL, location: string): URL | null {
  try {
    return new URL(location, from);
  } catch {
    return null;
  }
}

/**
 * Whether credentials may follow a hop from the original request to `to`. Deliberate difference
 * from the reference (Go keeps them for subdomains and, in newer releases, other ports): any
 * change of scheme, host or port drops them, as WHATWG fetch does.
 */
export function sameOrigin(original: URL, to: URL): boolean {
  return original.origin === to.origin;
}
