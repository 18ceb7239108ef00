// Trusted certificate authorities: Node's bundled roots plus extra PEM certificates given as an
// option or through NODE_EXTRA_CA_CERTS (read here too, because an explicit CA list replaces
// the defaults Node built from that variable at startup).
import { readFileSync } from "node:fs";
import { rootCertificates } from "node:tls";

/** PEM text or bytes, one certificate or a bundle. */
export type CertificateInput = string | Uint8Array;

/** The CA list to give TLS, or undefined to keep Node's defaults when nothing was added. */
export function trustedCertificates(
  extra: CertificateInput | readonly CertificateInput[] | undefined,
  env: Readonly<Record<string, string | undefined>>,
): string[] | undefined {
  const added: string[] = [];
  const list = extra === undefined ? [] : Array.isArray(extra) ? extra : [extra as CertificateInput];
  for (const item of list) added.push(typeof item === "string" ? item : Buffer.from(item).toString("utf8"));
  const file = env.NODE_EXTRA_CA_CERTS;
  if (file !== undefined && file !== "") {
    try {
      added.push(readFileSync(file, "utf8"));
    } catch {
      // Node itself only warns about an unreadable NODE_EXTRA_CA_CERTS and carries on.
    }
  }
  return added.length === 0 ? undefined : [...rootCertificates, ...added];
}
