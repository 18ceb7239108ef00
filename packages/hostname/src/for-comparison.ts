// forComparison: a user-given friendly hostname to the normalized Hostname, as svchost's
// ForComparison does it — port first, then the empty-host and raw-label checks, then UTS #46.

import { goQuote } from "./go-quote.js";
import { type Hostname, PLAIN_ASCII, splitPortPortion } from "./hostname.js";
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
    const label = host.slice(start, end);
    if (label === "") {
      throw new HostnameError(
        "TOFUKIT_HOSTNAME_EMPTY_LABEL",
        "hostname contains empty label (two consecutive periods)",
        given,
      );
    }
    // Case-sensitive, as in the reference: "XN--" labels pass here and are decoded by UTS #46.
    if (label.startsWith("xn--")) {
      throw new HostnameError(
        "TOFUKIT_HOSTNAME_PUNYCODE_LABEL",
        `hostname label ${goQuote(label)} specified in punycode format; service hostnames must be given in unicode`,
        given,
      );
    }
    start = end + 1;
    if (start === host.length - 1 && host.charCodeAt(start) === 0x2e) break;
  }
}

/** Hyphen rules for a plain ASCII name: no label may start or end with '-' or have "--" at 3–4. */
function plainLabelsValid(host: string): boolean {
  let start = 0;
  while (start <= host.length) {
    let end = host.indexOf(".", start);
    if (end < 0) end = host.length;
    const length = end - start;
    if (length > 0) {
      if (host.charCodeAt(start) === 0x2d || host.charCodeAt(end - 1) === 0x2d) return false;
      if (length > 4 && host.charCodeAt(start + 2) === 0x2d && host.charCodeAt(start + 3) === 0x2d)
        return false;
    }
    start = end + 1;
  }
  return true;
}

/**
 * Normalizes a friendly hostname (Unicode, optional port) for storage and comparison.
 * Throws a HostnameError with the reference's message when the name is not valid.
 */
export function forComparison(given: string): Hostname {
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
  // Plain lower-case ASCII needs only the hyphen rules: mapping, NFC and bidi leave it alone.
  if (PLAIN_ASCII.test(host)) {
    if (plainLabelsValid(host)) return (host + port.portion) as Hostname;
  }
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
