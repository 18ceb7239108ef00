// Error classes of the discovery client: stable codes, the reference's message texts, no secrets.

/** Every code a disco error can carry; callers switch on these, never on message text. */
export type DiscoErrorCode =
  | "TOFUKIT_DISCO_NETWORK"
  | "TOFUKIT_DISCO_TIMEOUT"
  | "TOFUKIT_DISCO_ABORTED"
  | "TOFUKIT_DISCO_TOO_MANY_REDIRECTS"
  | "TOFUKIT_DISCO_HTTP_STATUS"
  | "TOFUKIT_DISCO_MALFORMED_CONTENT_TYPE"
  | "TOFUKIT_DISCO_UNSUPPORTED_CONTENT_TYPE"
  | "TOFUKIT_DISCO_TOO_LARGE"
  | "TOFUKIT_DISCO_BODY_READ"
  | "TOFUKIT_DISCO_INVALID_DOCUMENT"
  | "TOFUKIT_DISCO_INVALID_TOKEN"
  | "TOFUKIT_DISCO_INVALID_SERVICE_ID"
  | "TOFUKIT_DISCO_INVALID_SERVICE_VERSION"
  | "TOFUKIT_DISCO_SERVICE_NOT_PROVIDED"
  | "TOFUKIT_DISCO_VERSION_NOT_SUPPORTED"
  | "TOFUKIT_DISCO_INVALID_SERVICE_URL"
  | "TOFUKIT_DISCO_INVALID_OAUTH_CLIENT";

/** The codes a failed discovery request (`Disco.discover`) can carry. */
export type DiscoveryErrorCode = Extract<
  DiscoErrorCode,
  | "TOFUKIT_DISCO_NETWORK"
  | "TOFUKIT_DISCO_TIMEOUT"
  | "TOFUKIT_DISCO_ABORTED"
  | "TOFUKIT_DISCO_TOO_MANY_REDIRECTS"
  | "TOFUKIT_DISCO_HTTP_STATUS"
  | "TOFUKIT_DISCO_MALFORMED_CONTENT_TYPE"
  | "TOFUKIT_DISCO_UNSUPPORTED_CONTENT_TYPE"
  | "TOFUKIT_DISCO_TOO_LARGE"
  | "TOFUKIT_DISCO_BODY_READ"
  | "TOFUKIT_DISCO_INVALID_DOCUMENT"
  | "TOFUKIT_DISCO_INVALID_TOKEN"
>;

// `instanceof` must work when two copies of this package are loaded (as undici's errors do),
// so each class recognises instances by a registry-wide symbol instead of its prototype chain.
function isBranded(value: unknown, brand: symbol): boolean {
  return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
}

const discoErrorBrand = Symbol.for("tofukit.DiscoError");

/** The base of every error thrown by @tofukit/disco. */
export class DiscoError extends Error {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, discoErrorBrand);
  }
  readonly code: DiscoErrorCode;
  constructor(code: DiscoErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
    Object.defineProperty(this, discoErrorBrand, { value: true });
  }
}
DiscoError.prototype.name = "DiscoError";

const discoveryErrorBrand = Symbol.for("tofukit.DiscoveryError");

/**
 * Discovery of a host failed: the request, the response or the document. Never cached.
 * `host` is the display form of the host that was asked; `status` is set for HTTP status failures.
 */
export class DiscoveryError extends DiscoError {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, discoveryErrorBrand);
  }
  declare readonly code: DiscoveryErrorCode;
  readonly host: string;
  readonly status: number | undefined;
  constructor(
    code: DiscoveryErrorCode,
    message: string,
    details: { host: string; status?: number; cause?: unknown },
  ) {
    super(code, message, details.cause === undefined ? undefined : { cause: details.cause });
    this.host = details.host;
    this.status = details.status;
    Object.defineProperty(this, discoveryErrorBrand, { value: true });
  }
}
DiscoveryError.prototype.name = "DiscoveryError";

const serviceNotProvidedBrand = Symbol.for("tofukit.ServiceNotProvidedError");

/**
 * The host does not offer the service at all. As the reference, a host that offers no services
 * (404 or a `null` document) yields the message without a hostname.
 */
export class ServiceNotProvidedError extends DiscoError {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, serviceNotProvidedBrand);
  }
  /** Display form of the host, or `""` when the host offers no services. */
  readonly host: string;
  readonly service: string;
  constructor(host: string, service: string) {
    super(
      "TOFUKIT_DISCO_SERVICE_NOT_PROVIDED",
      host === ""
        ? `host does not provide a ${service} service`
        : `host ${host} does not provide a ${service} service`,
    );
    this.host = host;
    this.service = service;
    Object.defineProperty(this, serviceNotProvidedBrand, { value: true });
  }
}
ServiceNotProvidedError.prototype.name = "ServiceNotProvidedError";

const versionNotSupportedBrand = Symbol.for("tofukit.VersionNotSupportedError");

/** The host offers the service, but not in the requested major version. */
export class VersionNotSupportedError extends DiscoError {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, versionNotSupportedBrand);
  }
  readonly host: string;
  readonly service: string;
  /** The requested major version (an unsigned 64-bit integer, as the reference parses it). */
  readonly version: bigint;
  constructor(host: string, service: string, version: bigint) {
    super(
      "TOFUKIT_DISCO_VERSION_NOT_SUPPORTED",
      host === ""
        ? `host does not support ${service} version ${version}`
        : `host ${host} does not support ${service} version ${version}`,
    );
    this.host = host;
    this.service = service;
    this.version = version;
    Object.defineProperty(this, versionNotSupportedBrand, { value: true });
  }
}
VersionNotSupportedError.prototype.name = "VersionNotSupportedError";

const serviceIdBrand = Symbol.for("tofukit.ServiceIdError");

/** A service id is not of the form `name.vN`. */
export class ServiceIdError extends DiscoError {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, serviceIdBrand);
  }
  readonly id: string;
  constructor(
    code: "TOFUKIT_DISCO_INVALID_SERVICE_ID" | "TOFUKIT_DISCO_INVALID_SERVICE_VERSION",
    id: string,
  ) {
    super(
      code,
      code === "TOFUKIT_DISCO_INVALID_SERVICE_ID"
        ? `invalid service ID format (i.e. service.vN): ${id}`
        : `invalid service version: must be "v" followed by an integer major version number`,
    );
    this.id = id;
    Object.defineProperty(this, serviceIdBrand, { value: true });
  }
}
ServiceIdError.prototype.name = "ServiceIdError";

const serviceURLBrand = Symbol.for("tofukit.ServiceURLError");

/** The URL a discovery document gives for a service cannot be used. */
export class ServiceURLError extends DiscoError {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, serviceURLBrand);
  }
  readonly id: string;
  constructor(id: string, reason: string) {
    super("TOFUKIT_DISCO_INVALID_SERVICE_URL", `failed to parse service URL: ${reason}`);
    this.id = id;
    Object.defineProperty(this, serviceURLBrand, { value: true });
  }
}
ServiceURLError.prototype.name = "ServiceURLError";

const oauthClientBrand = Symbol.for("tofukit.OAuthClientError");

/** A `login.v1`-style OAuth client definition is invalid. */
export class OAuthClientError extends DiscoError {
  static override [Symbol.hasInstance](value: unknown): boolean {
    return isBranded(value, oauthClientBrand);
  }
  readonly id: string;
  constructor(id: string, message: string) {
    super("TOFUKIT_DISCO_INVALID_OAUTH_CLIENT", message);
    this.id = id;
    Object.defineProperty(this, oauthClientBrand, { value: true });
  }
}
OAuthClientError.prototype.name = "OAuthClientError";
