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
  | "TOFUKIT_DISCO_INVALID_OAUTH_CLIENT"
  | "TOFUKIT_DISCO_PROXY"
  | LoginErrorCode;

/** The codes a failed login (`loginWithAuthorizationCode`) can carry. */
export type LoginErrorCode =
  | "TOFUKIT_DISCO_LOGIN_UNSUPPORTED_GRANT"
  | "TOFUKIT_DISCO_LOGIN_NO_PORT"
  | "TOFUKIT_DISCO_LOGIN_CANCELLED"
  | "TOFUKIT_DISCO_LOGIN_TIMEOUT"
  | "TOFUKIT_DISCO_LOGIN_DENIED"
  | "TOFUKIT_DISCO_LOGIN_TOKEN_REQUEST"
  | "TOFUKIT_DISCO_LOGIN_INVALID_TOKEN";

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
  | "TOFUKIT_DISCO_PROXY"
>;

// `instanceof` must work when two copies of this package are loaded (as undici's errors do), so
// each class recognises instances by a registry-wide symbol on its prototype instead of by its
// prototype chain; each class declares its own check, since a static method is inherited.
const discoBrand = Symbol.for("tofukit.DiscoError");
const discoveryBrand = Symbol.for("tofukit.DiscoveryError");
const serviceNotProvidedBrand = Symbol.for("tofukit.ServiceNotProvidedError");
const versionNotSupportedBrand = Symbol.for("tofukit.VersionNotSupportedError");
const serviceIdBrand = Symbol.for("tofukit.ServiceIdError");
const serviceURLBrand = Symbol.for("tofukit.ServiceURLError");
const oauthClientBrand = Symbol.for("tofukit.OAuthClientError");
const loginBrand = Symbol.for("tofukit.LoginError");
const proxyBrand = Symbol.for("tofukit.ProxyError");

/** The base of every error thrown by @tofukit/disco. */
export class DiscoError extends Error {
  readonly code: DiscoErrorCode;
  constructor(code: DiscoErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.code = code;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && discoBrand in value;
  }
}
Object.defineProperty(DiscoError.prototype, "name", {
  value: "DiscoError",
  writable: true,
  configurable: true,
});
Object.defineProperty(DiscoError.prototype, discoBrand, { value: true });

/**
 * Discovery of a host failed: the request, the response or the document. Never cached.
 * `host` is the display form of the host that was asked; `status` is set for HTTP status failures.
 */
export class DiscoveryError extends DiscoError {
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
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && discoveryBrand in value;
  }
}
Object.defineProperty(DiscoveryError.prototype, "name", {
  value: "DiscoveryError",
  writable: true,
  configurable: true,
});
Object.defineProperty(DiscoveryError.prototype, discoveryBrand, { value: true });

/**
 * The host does not offer the service at all. As the reference, a host that offers no services
 * (404 or a `null` document) yields the message without a hostname.
 */
export class ServiceNotProvidedError extends DiscoError {
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
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && serviceNotProvidedBrand in value;
  }
}
Object.defineProperty(ServiceNotProvidedError.prototype, "name", {
  value: "ServiceNotProvidedError",
  writable: true,
  configurable: true,
});
Object.defineProperty(ServiceNotProvidedError.prototype, serviceNotProvidedBrand, { value: true });

/** The host offers the service, but not in the requested major version. */
export class VersionNotSupportedError extends DiscoError {
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
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && versionNotSupportedBrand in value;
  }
}
Object.defineProperty(VersionNotSupportedError.prototype, "name", {
  value: "VersionNotSupportedError",
  writable: true,
  configurable: true,
});
Object.defineProperty(VersionNotSupportedError.prototype, versionNotSupportedBrand, { value: true });

/** A service id is not of the form `name.vN`. */
export class ServiceIdError extends DiscoError {
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
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && serviceIdBrand in value;
  }
}
Object.defineProperty(ServiceIdError.prototype, "name", {
  value: "ServiceIdError",
  writable: true,
  configurable: true,
});
Object.defineProperty(ServiceIdError.prototype, serviceIdBrand, { value: true });

/** The URL a discovery document gives for a service cannot be used. */
export class ServiceURLError extends DiscoError {
  readonly id: string;
  constructor(id: string, reason: string) {
    super("TOFUKIT_DISCO_INVALID_SERVICE_URL", `failed to parse service URL: ${reason}`);
    this.id = id;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && serviceURLBrand in value;
  }
}
Object.defineProperty(ServiceURLError.prototype, "name", {
  value: "ServiceURLError",
  writable: true,
  configurable: true,
});
Object.defineProperty(ServiceURLError.prototype, serviceURLBrand, { value: true });

/** A `login.v1`-style OAuth client definition is invalid. */
export class OAuthClientError extends DiscoError {
  readonly id: string;
  constructor(id: string, message: string) {
    super("TOFUKIT_DISCO_INVALID_OAUTH_CLIENT", message);
    this.id = id;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && oauthClientBrand in value;
  }
}
Object.defineProperty(OAuthClientError.prototype, "name", {
  value: "OAuthClientError",
  writable: true,
  configurable: true,
});
Object.defineProperty(OAuthClientError.prototype, oauthClientBrand, { value: true });

/**
 * A login did not produce a token: the host's client cannot be used, no loopback port was free,
 * the user cancelled or took too long, the server refused, or its token response was unusable.
 * `summary` is the headline OpenTofu shows for the same failure; the message never holds a
 * code, a verifier or a token.
 */
export class LoginError extends DiscoError {
  declare readonly code: LoginErrorCode;
  readonly summary: string;
  constructor(code: LoginErrorCode, summary: string, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.summary = summary;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && loginBrand in value;
  }
}
Object.defineProperty(LoginError.prototype, "name", {
  value: "LoginError",
  writable: true,
  configurable: true,
});
Object.defineProperty(LoginError.prototype, loginBrand, { value: true });

/** A duration for a message: `300 ms`, `30 s`, `2.5 s`. */
export function formatDuration(ms: number): string {
  return ms < 1000 ? `${Math.round(ms)} ms` : `${Math.round(ms / 100) / 10} s`;
}

/**
 * The proxy a request was sent through could not be used: unreachable, or its answer to CONNECT
 * was not 200 (407 when it wants credentials). `proxy` is its URL without userinfo; `status` is
 * the CONNECT answer's status, when there was one. The cause of the request's own error.
 */
export class ProxyError extends DiscoError {
  declare readonly code: "TOFUKIT_DISCO_PROXY";
  readonly proxy: string;
  readonly status: number | undefined;
  constructor(message: string, proxy: string, options?: { status?: number; cause?: unknown }) {
    super(
      "TOFUKIT_DISCO_PROXY",
      message,
      options?.cause === undefined ? undefined : { cause: options.cause },
    );
    this.proxy = proxy;
    this.status = options?.status;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && proxyBrand in value;
  }
}
Object.defineProperty(ProxyError.prototype, "name", {
  value: "ProxyError",
  writable: true,
  configurable: true,
});
Object.defineProperty(ProxyError.prototype, proxyBrand, { value: true });
