// The Hostname type: the normalized ASCII form of a friendly hostname, port included.

/**
 * A friendly hostname in the normalized form that `forComparison` returns: lower-case ASCII
 * (non-ASCII labels as punycode), with a `:port` suffix unless the port is the default, 443.
 * Two hostnames are the same service host exactly when they are equal strings.
 */
export type Hostname = string & { readonly __brand: "tofukit.Hostname" };

/** Splits at the first colon, as the reference does: everything after it is the port portion. */
export function splitPortPortion(given: string): readonly [host: string, portPortion: string] {
  const colon = given.indexOf(":");
  return colon < 0 ? [given, ""] : [given.slice(0, colon), given.slice(colon)];
}

/** Lower-case ASCII letters, digits, hyphens and dots: text that UTS #46 mapping leaves unchanged. */
export const PLAIN_ASCII = /^[a-z0-9.-]*$/;
