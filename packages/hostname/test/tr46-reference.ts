// The reference algorithm rebuilt on plain tr46 (the spec's wrapper): svchost's port, empty-host and
// raw-label checks around tr46.toASCII with the lookup options. Used only by tests, as the check
// that the generated table and the fast paths agree with tr46's own processing.
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);
const tr46 = require("tr46") as {
  toASCII(domain: string, options: Record<string, boolean>): string | null;
  toUnicode(domain: string, options: Record<string, boolean>): { domain: string; error: boolean };
};

/** The name after UTS #46 mapping and NFC, with no validity checks (tr46). */
export function tr46Mapped(name: string): string {
  return tr46.toUnicode(name, { useSTD3ASCIIRules: false }).domain;
}

const LOOKUP_OPTIONS = {
  checkHyphens: true,
  checkBidi: true,
  checkJoiners: true,
  useSTD3ASCIIRules: true,
  transitionalProcessing: false,
  verifyDNSLength: false,
};

/** tr46's ASCII form of a host name (no port), or null where tr46 rejects it. */
function tr46ToASCII(host: string): string | null {
  return tr46.toASCII(host, LOOKUP_OPTIONS);
}

/**
 * forComparison rebuilt on tr46: split the port at the first colon (ports are not this check's
 * subject: only names without one are compared), refuse an empty host, then the raw-label checks
 * (empty labels except a final one, lower-case "xn--" prefixes), then tr46.
 */
export function tr46ForComparison(host: string): string | null {
  if (host === "" || host.includes(":")) return null;
  const labels = host.split(".");
  if (labels.length > 1 && labels.at(-1) === "") labels.pop();
  // The reference's iterator also passes over the empty label of a name ending in two dots.
  if (host.endsWith("..") && !host.endsWith("...") && labels.length > 1 && labels.at(-1) === "") labels.pop();
  if (labels.some((label) => label === "" || label.startsWith("xn--"))) return null;
  return tr46ToASCII(host);
}
