// Service URLs: a discovery document's string resolved against the discovery URL, then checked,
// with the reference's rules (http and https only, no userinfo, fragment dropped).
import {
  formatUrlReference,
  parseUrlReference,
  resolveUrlReference,
  type UrlReference,
  UrlSyntaxError,
} from "./url-reference.js";

/** The outcome of resolving a service URL; `reason` follows the reference's wording. */
type ServiceURLResult = { ok: true; url: URL } | { ok: false; reason: string };

/**
 * Resolves `raw` against `base` (the final discovery URL) as the reference's `Host.parseURL`.
 * Deliberate difference: a URL without a host (Go accepts `https:foo/bar` as an opaque URL that
 * no request can use) is refused here, because a WHATWG URL would read it as host `foo`.
 */
export function resolveServiceURL(base: UrlReference, raw: string): ServiceURLResult {
  let ref: UrlReference;
  try {
    ref = parseUrlReference(raw);
  } catch (error) {
    if (error instanceof UrlSyntaxError) return { ok: false, reason: error.message };
    throw error;
  }
  const absolute = ref.scheme === "" ? resolveUrlReference(base, ref) : ref;
  if (absolute.scheme !== "https" && absolute.scheme !== "http") {
    return { ok: false, reason: `unsupported scheme ${absolute.scheme}` };
  }
  if (absolute.hasUser)
    return { ok: false, reason: "embedded username/password information is not permitted" };
  const text = formatUrlReference(absolute);
  if (absolute.opaque !== "" || absolute.host === "") {
    return {
      ok: false,
      reason: `URL ${JSON.stringify(text)} has no host; use an absolute URL like https://host/path`,
    };
  }
  try {
    return { ok: true, url: new URL(text) };
  } catch {
    return { ok: false, reason: `URL ${JSON.stringify(text)} is not a valid URL` };
  }
}
