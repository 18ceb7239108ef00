// Display forms: the lenient forDisplay of any user input, and displayOf, the Unicode form of a
// normalized Hostname (svchost's Hostname.ForDisplay).
import { type Hostname, PLAIN_ASCII, splitPortPortion } from "./hostname.js";
import { normalizePortPortion } from "./port.js";
import { processName } from "./uts46.js";

const DISPLAY = { transitional: true, checkBidi: false } as const;
const LOOKUP = { transitional: false, checkBidi: true } as const;

/**
 * A best-effort display form of any user-given hostname; never throws. Follows the reference:
 * transitional mapping (ß → ss), punycode decoded, and the input returned unchanged (port aside)
 * when it cannot be processed.
 */
export function forDisplay(given: string): string {
  const [host, rawPort] = splitPortPortion(given);
  const port = normalizePortPortion(rawPort);
  const portion = port.ok ? port.portion : rawPort;
  // Plain lower-case ASCII without punycode displays as itself, valid or not.
  if (PLAIN_ASCII.test(host) && !host.includes("xn--")) return host + portion;
  const ascii = processName(host, true, DISPLAY);
  if (ascii.failure !== null) return host + portion;
  const unicode = processName(ascii.value, false, DISPLAY);
  if (unicode.failure !== null) return host + portion;
  return unicode.value + portion;
}

/**
 * The Unicode form of a normalized Hostname for showing to people, port kept as it is.
 * `forComparison(displayOf(h)) === h` for every Hostname that forComparison returns.
 */
export function displayOf(hostname: Hostname): string {
  const [host, portion] = splitPortPortion(hostname);
  if (PLAIN_ASCII.test(host) && !host.includes("xn--")) return hostname;
  const unicode = processName(host, false, LOOKUP);
  // The reference cannot fail here for a Hostname it produced; for anything else keep the input.
  return unicode.failure === null ? unicode.value + portion : hostname;
}
