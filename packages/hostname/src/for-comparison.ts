// forComparison: a user-given friendly hostname to the normalized Hostname, as svchost's
// ForComparison does it — port first, then the empty-host and raw-label checks, then UTS #46.

import { goQuote } from "./go-quote.js";
import { type Hostname, splitPortPortion } from "./hostname.js";
import { HostnameError, idnaError } from "./hostname-error.js";
import { normalizePortPortion } from "./port.js";
import { processName } from "./uts46.js";

const LOOKUP = { transitional: false, checkBidi: true } as const;

/**
 * The labels as the reference's label iterator visits them on the raw input: split on ASCII dots,
 * where the iteration stops early when only a final dot remains ("a.." has no empty label, "a..." has).
 */
function checkRawLabels(host: string, given: string): void {
  let start = 0;
  while (start < host.length) {
    let end = host.indexOf(".", start);
    if (end < 0) end = host.length;
    if (end === start) {
      throw new HostnameError(
        "TOFUKIT_HOSTNAME_EMPTY_LABEL",
        "hostname contains empty label (two consecutive periods)",
        given,
      );
    }
    // Case-sensitive, as in the reference: "XN--" labels pass here and are decoded by UTS #46.
    if (host.startsWith("xn--", start) && end - start >= 4) {
      throw new HostnameError(
        "TOFUKIT_HOSTNAME_PUNYCODE_LABEL",
        `hostname label ${goQuote(host.slice(start, end))} specified in punycode format; service hostnames must be given in unicode`,
        given,
      );
    }
    start = end + 1;
    if (start === host.length - 1 && host.charCodeAt(start) === 0x2e) break;
  }
}

/**
 * One pass over a plain ASCII name (letters, digits, '-', '.', optional ":port" of plain digits),
 * returning its Hostname when it is valid and needs nothing but lower-casing. Everything else —
 * including every invalid name — returns undefined and takes the general path, which reports errors.
 */
function plainAsciiHostname(given: string): Hostname | undefined {
  const n = given.length;
  let upper = false;
  let labelStart = 0;
  let i = 0;
  for (; i <= n; i++) {
    const c = i < n ? given.charCodeAt(i) : 0x3a;
    if (c === 0x2e || c === 0x3a) {
      const length = i - labelStart;
      if (length === 0) {
        // Only a final empty label is fine ("example.com."), and only when there is a host.
        if (c === 0x2e || labelStart === 0 || given.charCodeAt(i - 1) !== 0x2e) return undefined;
        if (i >= 2 && given.charCodeAt(i - 2) === 0x2e) return undefined;
      } else {
        const first = given.charCodeAt(labelStart);
        const last = given.charCodeAt(i - 1);
        if (first === 0x2d || last === 0x2d) return undefined;
        if (
          length >= 4 &&
          given.charCodeAt(labelStart + 2) === 0x2d &&
          given.charCodeAt(labelStart + 3) === 0x2d
        ) {
          // "xn--" labels (any case) and "ab--cd" take the general path.
          return undefined;
        }
      }
      if (c === 0x3a) break;
      labelStart = i + 1;
    } else if ((c >= 0x61 && c <= 0x7a) || (c >= 0x30 && c <= 0x39) || c === 0x2d) {
      // plain
    } else if (c >= 0x41 && c <= 0x5a) {
      upper = true;
    } else {
      return undefined;
    }
  }
  let host = i === n ? given : given.slice(0, i);
  if (upper) host = host.toLowerCase();
  if (i === n) return host as Hostname;
  // A port of one to five plain digits without a leading zero is already normalized (443 aside).
  const digits = n - i - 1;
  if (digits < 1 || digits > 5 || given.charCodeAt(i + 1) === 0x30) return undefined;
  let port = 0;
  for (let j = i + 1; j < n; j++) {
    const d = given.charCodeAt(j) - 0x30;
    if (d < 0 || d > 9) return undefined;
    port = port * 10 + d;
  }
  if (port > 65535 || port === 443) return undefined;
  return (upper || i !== n ? host + given.slice(i) : given) as Hostname;
}

/**
 * Normalizes a friendly hostname (Unicode, optional port) for storage and comparison.
 * Throws a HostnameError with the reference's message when the name is not valid.
 */
export function forComparison(given: string): Hostname {
  const plain = plainAsciiHostname(given);
  if (plain !== undefined) return plain;
  const [host, rawPort] = splitPortPortion(given);
  const port = normalizePortPortion(rawPort);
  if (!port.ok) {
    const lower = host.toLowerCase();
    if (lower === "http" || lower === "https") {
      throw new HostnameError(
        "TOFUKIT_HOSTNAME_URL",
        "need just a hostname and optional port number, not a full URL",
        given,
      );
    }
    throw port.reason === "range"
      ? new HostnameError("TOFUKIT_HOSTNAME_PORT_RANGE", "port number is greater than 65535", given)
      : new HostnameError(
          "TOFUKIT_HOSTNAME_PORT_SYNTAX",
          "port portion contains non-digit characters",
          given,
        );
  }
  if (host === "") {
    throw new HostnameError("TOFUKIT_HOSTNAME_EMPTY", "empty string is not a valid hostname", given);
  }
  checkRawLabels(host, given);
  const result = processName(host, true, LOOKUP);
  if (result.failure !== null) throw idnaError(result.failure, given);
  return (result.value + port.portion) as Hostname;
}

/** Whether `forComparison` accepts the name. */
export function isValid(given: string): boolean {
  try {
    forComparison(given);
    return true;
  } catch (error) {
    if (error instanceof HostnameError) return false;
    throw error;
  }
}
