// Transport failures (connect, TLS, protocol) described in the words Go's client uses, so
// messages read like OpenTofu's, and classified for the retry policy.

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" ? code : "";
}

function rootOf(error: unknown): unknown {
  let current = error;
  for (let depth = 0; depth < 5; depth++) {
    const cause = (current as { cause?: unknown } | null)?.cause;
    if (cause === undefined || cause === null) break;
    if (codeOf(current) !== "" && codeOf(current) !== "UND_ERR_SOCKET") break;
    current = cause;
  }
  return current;
}

const UNKNOWN_AUTHORITY = new Set([
  "UNABLE_TO_GET_ISSUER_CERT_LOCALLY",
  "UNABLE_TO_GET_ISSUER_CERT",
  "SELF_SIGNED_CERT_IN_CHAIN",
  "DEPTH_ZERO_SELF_SIGNED_CERT",
  "UNABLE_TO_VERIFY_LEAF_SIGNATURE",
]);

const NOT_TLS = new Set(["ERR_SSL_WRONG_VERSION_NUMBER", "ERR_SSL_PACKET_LENGTH_TOO_LONG", "EPROTO"]);

/** Go's text for the common transport failures, Node's message for the rest. */
export function describeTransportError(error: unknown): string {
  const root = rootOf(error);
  const code = codeOf(root);
  const { address, port, hostname } = (root ?? {}) as { address?: string; port?: number; hostname?: string };
  const target = address !== undefined && port !== undefined ? `${address}:${port}` : "";
  if (code === "ECONNREFUSED" && target !== "") return `dial tcp ${target}: connect: connection refused`;
  if (code === "ECONNRESET") return "read: connection reset by peer";
  if (code === "ENOTFOUND" && hostname !== undefined) return `dial tcp: lookup ${hostname}: no such host`;
  if (UNKNOWN_AUTHORITY.has(code))
    return "tls: failed to verify certificate: x509: certificate signed by unknown authority";
  if (code === "CERT_HAS_EXPIRED" || code === "CERT_NOT_YET_VALID") {
    return "tls: failed to verify certificate: x509: certificate has expired or is not yet valid";
  }
  if (code === "ERR_TLS_CERT_ALTNAME_INVALID") {
    return `tls: failed to verify certificate: x509: ${(root as Error).message}`;
  }
  if (
    NOT_TLS.has(code) ||
    /wrong version number|packet length too long/.test(String((root as Error)?.message))
  ) {
    return "http: server gave HTTP response to HTTPS client";
  }
  const message = (root as Error | null)?.message;
  return typeof message === "string" && message !== "" ? message : String(root);
}

/**
 * Whether retrying could help: connection-level failures yes; certificate and protocol
 * failures no, since the same server gives the same answer.
 */
export function isRetryableTransportError(error: unknown): boolean {
  const root = rootOf(error);
  const code = codeOf(root);
  // A proxy that answered CONNECT with a status answers the same again; an unreachable one may not.
  if (code === "TOFUKIT_DISCO_PROXY") return (root as { status?: unknown }).status === undefined;
  if (UNKNOWN_AUTHORITY.has(code) || NOT_TLS.has(code)) return false;
  if (code.startsWith("CERT_") || code.startsWith("ERR_TLS") || code.startsWith("ERR_SSL")) return false;
  if (code === "UND_ERR_INVALID_ARG" || code === "ERR_INVALID_URL") return false;
  return true;
}
