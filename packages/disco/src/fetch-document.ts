// One discovery exchange: GET the well-known document, follow redirects, apply the reference's
// response rules in its order (status, Content-Type, size, JSON), all under one deadline.
import { STATUS_CODES } from "node:http";
import { displayOf, type Hostname } from "@tofukit/hostname";
import { type Dispatcher, request } from "undici";
import { Cancellation } from "./cancellation.js";
import { mediaTypeOf } from "./content-type.js";
import type { Deadlines } from "./deadlines.js";
import { decodeDiscoveryDocument, type ServiceMap } from "./discovery-document.js";
import { DiscoveryError, type DiscoveryErrorCode, ProxyError } from "./errors.js";
import { BodyTooLarge, readBody } from "./read-body.js";
import { isRedirect, redirectTarget, sameOrigin } from "./redirects.js";
import { describeTransportError } from "./transport-error.js";

/** The reference's limit on a discovery document. */
const MAX_DOCUMENT_BYTES = 1024 * 1024;

interface FetchDocumentOptions {
  readonly url: URL;
  /** The host asked (the alias target for aliases); its display form appears in errors only. */
  readonly target: Hostname;
  readonly userAgent: string;
  readonly authorization: string | null;
  readonly maxRedirects: number;
  readonly timeout: number;
  readonly deadlines: Deadlines;
  /** Cancelled when every caller has given up. */
  readonly cancellation: Cancellation;
  /** Picks the proxy (or none) for each URL, redirects included. */
  readonly dispatcher: Dispatcher;
}

interface FetchedDocument {
  /** The URL of the final response, after redirects. */
  readonly url: string;
  /** `null` for a 404 or a `null` document: the host offers no services. */
  readonly services: ServiceMap | null;
}

type Headers = Record<string, string | string[] | undefined>;

function header(headers: Headers, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

// The reference's request failures read `Get "<url>": <cause>` (Go's *url.Error).
function requestFailed(
  code: DiscoveryErrorCode,
  target: Hostname,
  url: string,
  cause: string,
  error?: unknown,
) {
  return new DiscoveryError(code, `failed to request discovery document: Get "${url}": ${cause}`, {
    host: displayOf(target),
    cause: error,
  });
}

/** Runs one exchange; every failure is a DiscoveryError. */
export async function fetchDocument(options: FetchDocumentOptions): Promise<FetchedDocument> {
  const { target } = options;
  const stop = new Cancellation();
  let timedOut = false;
  const clearDeadline = options.deadlines.add(options.timeout, () => {
    timedOut = true;
    stop.cancel();
  });
  const onCancel = () => stop.cancel();
  options.cancellation.once("abort", onCancel);
  if (options.cancellation.aborted) stop.cancel();
  // undici notices an abort only once a connection exists, so a hanging connect or TLS
  // handshake is raced against the abort rather than awaited.
  const aborted = new Promise<never>((_resolve, reject) => {
    const fail = () => reject(new Error("discovery request stopped"));
    if (stop.aborted) fail();
    else stop.once("abort", fail);
  });
  aborted.catch(() => undefined);
  const interrupted = (url: string, error?: unknown): DiscoveryError | null => {
    if (timedOut) {
      return requestFailed(
        "TOFUKIT_DISCO_TIMEOUT",
        target,
        url,
        "context deadline exceeded (Client.Timeout exceeded while awaiting headers)",
        error,
      );
    }
    if (options.cancellation.aborted) {
      return requestFailed("TOFUKIT_DISCO_ABORTED", target, url, "context canceled", error);
    }
    return null;
  };

  try {
    let url = options.url;
    let authorization = options.authorization;
    let redirects = 0;
    for (;;) {
      const early = interrupted(url.href);
      if (early !== null) throw early;
      if (url.protocol !== "https:" && url.protocol !== "http:") {
        throw requestFailed(
          "TOFUKIT_DISCO_NETWORK",
          target,
          url.href,
          `unsupported protocol scheme "${url.protocol.slice(0, -1)}"`,
        );
      }
      const headers: Record<string, string> = { accept: "application/json", "user-agent": options.userAgent };
      if (authorization !== null) headers.authorization = authorization;
      let response: Awaited<ReturnType<typeof request>>;
      try {
        const pending = request(url, {
          method: "GET",
          headers,
          dispatcher: options.dispatcher,
          signal: stop,
        });
        pending.catch(() => undefined);
        response = await Promise.race([pending, aborted]);
      } catch (error) {
        throw (
          interrupted(url.href, error) ??
          requestFailed(
            error instanceof ProxyError ? "TOFUKIT_DISCO_PROXY" : "TOFUKIT_DISCO_NETWORK",
            target,
            url.href,
            describeTransportError(error),
            error,
          )
        );
      }
      const status = response.statusCode;
      const responseHeaders = response.headers as Headers;
      // As in Go's client, a redirect without a (non-empty) Location is the final response.
      const location = isRedirect(status) ? header(responseHeaders, "location") : undefined;
      if (location !== undefined && location !== "") {
        await response.body.dump().catch(() => undefined);
        // Go's client refuses the redirect past the limit, naming the Location it was given.
        if (redirects >= options.maxRedirects) {
          throw requestFailed(
            "TOFUKIT_DISCO_TOO_MANY_REDIRECTS",
            target,
            location,
            `stopped after ${options.maxRedirects} redirects`,
          );
        }
        const next = redirectTarget(url, location);
        if (next === null) {
          throw requestFailed(
            "TOFUKIT_DISCO_NETWORK",
            target,
            url.href,
            `failed to parse Location header "${location}"`,
          );
        }
        if (!sameOrigin(options.url, next)) authorization = null;
        url = next;
        redirects++;
        continue;
      }
      return await readResponse(response, url.href, options, interrupted);
    }
  } finally {
    clearDeadline();
    options.cancellation.off("abort", onCancel);
  }
}

async function readResponse(
  response: Awaited<ReturnType<typeof request>>,
  url: string,
  options: FetchDocumentOptions,
  interrupted: (url: string, error?: unknown) => DiscoveryError | null,
): Promise<FetchedDocument> {
  const display = () => displayOf(options.target);
  const status = response.statusCode;
  const headers = response.headers as Headers;
  const fail = (code: DiscoveryErrorCode, message: string, cause?: unknown): never => {
    // Destroying the body aborts it; that abort is ours and needs no handler elsewhere.
    response.body.on("error", () => undefined);
    response.body.destroy();
    throw new DiscoveryError(code, message, { host: display(), status, cause });
  };
  if (status === 404) {
    await response.body.dump().catch(() => undefined);
    return { url, services: null };
  }
  if (status !== 200) {
    const text = STATUS_CODES[status];
    fail(
      "TOFUKIT_DISCO_HTTP_STATUS",
      `failed to request discovery document: ${status}${text ? ` ${text}` : ""}`,
    );
  }
  const contentType = header(headers, "content-type") ?? "";
  const mediaType = mediaTypeOf(contentType);
  if (mediaType === null) {
    fail(
      "TOFUKIT_DISCO_MALFORMED_CONTENT_TYPE",
      `discovery URL has a malformed Content-Type "${contentType}"`,
    );
  } else if (mediaType !== "application/json") {
    fail(
      "TOFUKIT_DISCO_UNSUPPORTED_CONTENT_TYPE",
      `discovery URL returned an unsupported Content-Type "${mediaType}"`,
    );
  }
  const declared = Number(header(headers, "content-length") ?? "-1");
  if (declared > MAX_DOCUMENT_BYTES) {
    fail(
      "TOFUKIT_DISCO_TOO_LARGE",
      `discovery doc response is too large (got ${declared} bytes; limit ${MAX_DOCUMENT_BYTES})`,
    );
  }
  let body: Uint8Array;
  try {
    // With a declared length (checked above) undici's own reader is the fastest; without one
    // the body is counted as it arrives.
    body =
      declared >= 0
        ? new Uint8Array(await response.body.arrayBuffer())
        : await readBody(response.body, MAX_DOCUMENT_BYTES);
  } catch (error) {
    // Deliberate difference: the reference silently truncates a body without Content-Length
    // at the limit; here it is the same "too large" error as a declared length.
    if (error instanceof BodyTooLarge) {
      fail(
        "TOFUKIT_DISCO_TOO_LARGE",
        `discovery doc response is too large (got more than ${MAX_DOCUMENT_BYTES} bytes; limit ${MAX_DOCUMENT_BYTES})`,
      );
    }
    const stop = interrupted(url, error);
    if (stop !== null) {
      const reason = stop.code === "TOFUKIT_DISCO_TIMEOUT" ? "context deadline exceeded" : "context canceled";
      throw new DiscoveryError(stop.code, `error reading discovery document body: ${reason}`, {
        host: display(),
        status,
        cause: error,
      });
    }
    return fail(
      "TOFUKIT_DISCO_BODY_READ",
      `error reading discovery document body: ${describeTransportError(error)}`,
      error,
    );
  }
  const decoded = decodeDiscoveryDocument(body);
  if (!decoded.ok) {
    throw new DiscoveryError(
      "TOFUKIT_DISCO_INVALID_DOCUMENT",
      `failed to decode discovery document as a JSON object: ${decoded.message}`,
      { host: display(), status },
    );
  }
  return { url, services: decoded.services };
}
