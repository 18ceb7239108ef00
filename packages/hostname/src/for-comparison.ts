// forComparison: a user-given friendly hostname to the normalized Hostname, as svchost's
// ForComparison does it — port first, then the empty-host and raw-label checks, then UTS #46.

import { goQuote } from "@tofukit/gostd";
import { type Hostname, splitPortPortion } from "./hostname.js";
import { HostnameError, type HostnameErrorCode, type IdnaFailure, idnaError } from "./hostname-error.js";
import { normalizePortPortion } from "./port.js";
import { processName } from "./uts46.js";

const LOOKUP = { transitional: false, checkBidi: true } as const;

/** Why a name is not a valid Hostname, before it becomes a HostnameError (errors cost a stack trace). */
type Failure =
  | { readonly code: HostnameErrorCode; readonly message: string }
  | { readonly idna: IdnaFailure };

const EMPTY_LABEL: Failure = {
  code: "TOFUKIT_HOSTNAME_EMPTY_LABEL",
  message: "hostname contains empty label (two consecutive periods)",
};

/**
 * The labels as the reference's label iterator visits them on the raw input: split on ASCII dots,
 * where the iteration stops early when only a final dot remains ("a.." has no empty label, "a..." has).
 */
function rawLabelFailure(host: string): Failure | null {
  let start = 0;
  while (start < host.length) {
    let end = host.indexOf(".", start);
    if (end < 0) end = host.length;
    if (end === start) return EMPTY_LABEL;
    // Case-sensitive, as in the reference: "XN--" labels pass here and are decoded by UTS #46.
    if (host.startsWith("xn--", start) && end - start >= 4) {
      return {
        code: "TOFUKIT_HOSTNAME_PUNYCODE_LABEL",
        message: `hostname label ${goQuote(host.slice(start, end))} specified in punycode format; service hostnames must be given in unicode`,
      };
    }
    start = end + 1;
    if (start === host.length - 1 && host.charCodeAt(start) === 0x2e) break;
  }
  return null;
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

/** The Hostname, or why there is none. */
function normalize(given: string): Hostname | Failure {
  const plain = plainAsciiHostname(given);
  if (plain !== undefined) return plain;
  const [host, rawPort] = splitPortPortion(given);
  const port = normalizePortPortion(rawPort);
  if (!port.ok) {
    const lower = host.toLowerCase();
    if (lower === "http" || lower === "https") {
      return {
        code: "TOFUKIT_HOSTNAME_URL",
        message: "need just a hostname and optional port number, not a full URL",
      };
    }
    return port.reason === "range"
      ? { code: "TOFUKIT_HOSTNAME_PORT_RANGE", message: "port number is greater than 65535" }
      : { code: "TOFUKIT_HOSTNAME_PORT_SYNTAX", message: "port portion contains non-digit characters" };
  }
  if (host === "") return { code: "TOFUKIT_HOSTNAME_EMPTY", message: "empty string is not a valid hostname" };
  const raw = rawLabelFailure(host);
  if (raw !== null) return raw;
  const result = processName(host, true, LOOKUP);
  if (result.failure !== null) return { idna: result.failure };
  return (result.value + port.portion) as Hostname;
}

/**
 * Normalizes a friendly hostname (Unicode, optional port) for storage and comparison.
 * Throws a HostnameError with the reference's message when the name is not valid.
 */
export function forComparison(given: string): Hostname {
  const result = normalize(given);
  if (typeof result === "string") return result;
  throw "idna" in result
    ? idnaError(result.idna, given)
    : new HostnameError(result.code, result.message, given);
}

/** Whether `forComparison` accepts the name (without the cost of building an error). */
export function isValid(given: string): boolean {
  return typeof normalize(given) === "string";
}
