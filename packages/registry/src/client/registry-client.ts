// The modules.v1 and providers.v1 protocols as OpenTofu speaks them (internal/registry/client.go,
// internal/getproviders/registry_client.go): endpoints from service discovery, credentials of the
// user-facing host, OpenTofu's retries, and its answers to each status.
import { discoveryRetries, ProxyDispatcher, ProxyError, registryClientTimeout } from "@tofukit/disco";
import { goJsonSyntaxError, goQuote } from "@tofukit/gostd";
import { displayOf, forComparison, type Hostname } from "@tofukit/hostname";
import type { Dispatcher } from "undici";
import type { RegistryModuleSource } from "../module-source-registry.js";
import type { ModuleVersion } from "../module-version.js";
import type { Provider } from "../provider-source.js";
import { type ProviderVersion, readProviderVersion } from "../provider-version.js";
import { RegistryClientError } from "./client-error.js";
import { Deadline } from "./deadline.js";
import { fetchThrough } from "./dispatcher-fetch.js";
import { indirect, type ModuleLocation } from "./module-location.js";
import { type VerifyProviderPackageOptions, verifyProviderPackage } from "./package-signature.js";
import {
  DOCUMENT_LIMIT,
  DOCUMENT_TIMEOUT,
  type DownloadFailure,
  type DownloadOptions,
  downloadError,
  PACKAGE_LIMIT,
  PACKAGE_TIMEOUT,
  type ProviderPackageFiles,
  type VerifiedProviderPackage,
} from "./provider-download.js";
import {
  type ProviderPackageMeta,
  type ProviderPlatform,
  readProviderPackageMeta,
} from "./provider-package-meta.js";
import { readBodyWithin } from "./response-body.js";
import { defaultRetryDelay, RequestFailure, sleep, statusOf } from "./retry-policy.js";

export type { ModuleLocation } from "./module-location.js";
export type { DownloadOptions, ProviderPackageFiles, VerifiedProviderPackage } from "./provider-download.js";
export type { ProviderPackageMeta, ProviderPlatform } from "./provider-package-meta.js";

/** Service discovery: @tofukit/disco's Disco has this shape. */
export interface ServiceDiscovery {
  serviceURL(host: Hostname, id: string, options?: { signal?: AbortSignal }): Promise<URL>;
}

/** Credentials by user-facing host: @tofukit/credentials' sources have this shape. */
export interface RegistryCredentials {
  forHost(
    host: Hostname,
  ):
    | Promise<{ readonly token: string | (() => string) } | null | undefined>
    | { readonly token: string | (() => string) }
    | null
    | undefined;
}

export interface RegistryClientOptions {
  readonly discovery: ServiceDiscovery;
  readonly credentials?: RegistryCredentials;
  /**
   * The fetch to use. By default undici's, through `dispatcher` when one is given, else through a
   * ProxyDispatcher of `env` when `env` is given, else the global fetch.
   */
  readonly fetch?: typeof fetch;
  /**
   * An undici dispatcher (a ProxyDispatcher shared with discovery, an `Agent` with a private CA,
   * ...) to send every request through, redirects included, with the pinned undici's fetch. Not
   * used when `fetch` is given; `close` leaves it open.
   */
  readonly dispatcher?: Dispatcher;
  /**
   * The environment read for `TF_REGISTRY_CLIENT_TIMEOUT` (seconds, at least 1) and
   * `TF_REGISTRY_DISCOVERY_RETRY` (retries, at least 0), as OpenTofu reads them, and, when neither
   * `fetch` nor `dispatcher` is given, for `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` and
   * `NODE_EXTRA_CA_CERTS`: every request (API calls, redirects, packages, SHA256SUMS and
   * signatures) then goes through a ProxyDispatcher of it, judged per URL, which `close` closes.
   * Nothing is read unless it is passed (`process.env` for the CLI's behaviour); `timeout` and
   * `retries` win.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /**
   * Milliseconds for one attempt of a registry API request, body included: OpenTofu's 10 s by
   * default, or `TF_REGISTRY_CLIENT_TIMEOUT` seconds. Package downloads have their own limits.
   */
  readonly timeout?: number;
  /** Sent as `X-Terraform-Version`, as OpenTofu sends its own version under that name. */
  readonly openTofuVersion?: string;
  readonly userAgent?: string;
  /** Retries after a connection error, a 429 or a 5xx other than 501: OpenTofu's default is 1. */
  readonly retries?: number;
  /** Milliseconds to wait before retry `attempt` (0-based); go-retryablehttp's backoff by default. */
  readonly retryDelay?: (attempt: number, response: Response | undefined) => number;
}

export interface RequestOptions {
  readonly signal?: AbortSignal;
}

export interface ProviderVersionInfo {
  readonly version: ProviderVersion;
  /** Plugin protocol versions, as listed. */
  readonly protocols: readonly string[];
}

export interface ProviderVersions {
  readonly versions: readonly ProviderVersionInfo[];
  /** Warnings the registry returned, which OpenTofu shows as "Additional provider information from registry". */
  readonly warnings: readonly string[];
}

type Json = Record<string, unknown>;

/** OpenTofu's registry client timeout (`requestTimeout`), per attempt. */
const DEFAULT_TIMEOUT = 10_000;
/** The most a registry API answer may hold: far above any real one (a big provider's version list is a few hundred kB). */
const API_RESPONSE_LIMIT = 32 << 20;
const CLIENT_TIMEOUT = "context deadline exceeded (Client.Timeout exceeded while awaiting headers)";

// An API answer's text, at most API_RESPONSE_LIMIT bytes; the read shares its attempt's time limit.
async function apiText(response: Response): Promise<string> {
  try {
    return new TextDecoder().decode(await readBodyWithin(response, API_RESPONSE_LIMIT));
  } catch (error) {
    if ((error as Error).name === "TimeoutError")
      throw new Error("context deadline exceeded (Client.Timeout exceeded while reading body)", {
        cause: error,
      });
    throw error;
  }
}

const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);
const statusLine = (r: Response): string => `${r.status} ${r.statusText}`.trimEnd();

function codeOf(error: unknown): string | undefined {
  return isObject(error) && typeof error.code === "string" ? error.code : undefined;
}

function sameHost(url: URL, host: Hostname): boolean {
  try {
    return forComparison(url.host) === host;
  } catch {
    return false;
  }
}

/** A client of one process's registries. Stateless apart from its options. */
export class RegistryClient {
  readonly #options: RegistryClientOptions;
  readonly #fetch: typeof fetch;
  readonly #timeout: number;
  readonly #retries: number;
  /** The dispatcher this client made from `env`, closed by `close`; never a caller's own. */
  readonly #owned: ProxyDispatcher | undefined;

  constructor(options: RegistryClientOptions) {
    this.#options = options;
    const env = options.env ?? {};
    this.#timeout = options.timeout ?? registryClientTimeout(env) ?? DEFAULT_TIMEOUT;
    this.#retries = Math.max(0, options.retries ?? discoveryRetries(env) ?? 1);
    this.#owned =
      options.fetch === undefined && options.dispatcher === undefined && options.env !== undefined
        ? new ProxyDispatcher({ env: options.env, connectTimeout: this.#timeout })
        : undefined;
    this.#fetch = fetchThrough(options.fetch, options.dispatcher ?? this.#owned);
  }

  /** Closes the connections of the dispatcher this client made from `env` (a caller's own stays open). */
  async close(): Promise<void> {
    await this.#owned?.close();
  }

  // Credentials go only where OpenTofu sends them: with a user-facing host, to the endpoints that
  // discovery named; never to package, SHA256SUMS or signature URLs (`host` undefined).
  async #headers(
    host: Hostname | undefined,
    accept: string,
  ): Promise<{ headers: Headers; sentCredentials: boolean }> {
    const headers = new Headers({ Accept: accept });
    if (this.#options.openTofuVersion !== undefined && host !== undefined)
      headers.set("X-Terraform-Version", this.#options.openTofuVersion);
    if (this.#options.userAgent !== undefined) headers.set("User-Agent", this.#options.userAgent);
    let sentCredentials = false;
    if (host !== undefined && this.#options.credentials !== undefined) {
      const creds = await this.#options.credentials.forHost(host);
      if (creds) {
        const token = typeof creds.token === "function" ? creds.token() : creds.token;
        headers.set("Authorization", `Bearer ${token.trim()}`);
        sentCredentials = true;
      }
    }
    return { headers, sentCredentials };
  }

  // One request with go-retryablehttp's policy as OpenTofu configures it; a failure after the
  // last attempt is a RequestFailure with OpenTofu's text (registryMaxRetryErrorHandler).
  async #get(
    url: URL,
    host: Hostname | undefined,
    signal: AbortSignal | undefined,
    download?: { readonly accept: string; readonly retries: number; readonly deadline: Deadline },
  ): Promise<{ response: Response; sentCredentials: boolean }> {
    const { headers, sentCredentials } = await this.#headers(host, download?.accept ?? "application/json");
    // The declared length of a package is checked against the bytes, so it must not be encoded.
    if (download !== undefined) headers.set("Accept-Encoding", "identity");
    const doFetch = this.#fetch;
    const fetchSignal = download?.deadline.signal ?? signal;
    const retries = Math.max(0, download?.retries ?? this.#retries);
    const delay = this.#options.retryDelay ?? defaultRetryDelay;
    for (let attempt = 0; ; attempt++) {
      const tries = attempt + 1;
      const prefix = tries > 1 ? `request failed after ${tries} attempts` : "request failed";
      // An API request's attempt has OpenTofu's client timeout, headers and body; a download has
      // its own deadline over all of its attempts.
      const attemptDeadline = download === undefined ? new Deadline(signal, this.#timeout) : undefined;
      const attemptSignal = attemptDeadline?.signal ?? fetchSignal;
      const init: RequestInit =
        attemptSignal === undefined ? { headers } : { headers, signal: attemptSignal };
      let response: Response;
      try {
        response = await doFetch(url, init);
      } catch (error) {
        if (signal?.aborted) throw new RequestFailure("request canceled", error);
        if (download?.deadline.expired())
          throw new RequestFailure(`${prefix}: Get ${goQuote(url.href)}: context deadline exceeded`, error);
        if (attempt < retries) {
          await sleep(delay(attempt, undefined), fetchSignal);
          continue;
        }
        const inner = (error as Error).cause;
        const cause = attemptDeadline?.expired()
          ? CLIENT_TIMEOUT
          : inner instanceof Error
            ? inner.message
            : (error as Error).message;
        // A proxy that cannot be used is the failure's typed cause, naming the proxy (never its credentials).
        throw new RequestFailure(
          `${prefix}: Get ${goQuote(url.href)}: ${cause}`,
          inner instanceof ProxyError ? inner : error,
        );
      }
      const retryable = response.status === 429 || (response.status >= 500 && response.status !== 501);
      if (!retryable) return { response, sentCredentials };
      await response.body?.cancel();
      if (attempt < retries) {
        await sleep(delay(attempt, response), fetchSignal);
        continue;
      }
      throw new RequestFailure(
        `${prefix}: ${statusLine(response)} returned from ${url.href}`,
        undefined,
        response.status,
      );
    }
  }

  // Module requests report a failed request as it is; provider requests wrap it.
  async #moduleGet(url: URL, host: Hostname, signal: AbortSignal | undefined): Promise<Response> {
    try {
      return (await this.#get(url, host, signal)).response;
    } catch (error) {
      if (!(error instanceof RequestFailure)) throw error;
      throw new RegistryClientError("TOFUKIT_REGISTRY_QUERY_FAILED", error.message, {
        cause: error.cause,
        ...statusOf(error),
      });
    }
  }

  async #providerGet(
    url: URL,
    provider: Provider,
    signal: AbortSignal | undefined,
  ): Promise<{ response: Response; sentCredentials: boolean }> {
    try {
      return await this.#get(url, provider.hostname, signal);
    } catch (error) {
      if (!(error instanceof RequestFailure)) throw error;
      const message =
        error.message === "request canceled"
          ? error.message
          : `could not query provider registry for ${provider}: ${error.message}`;
      throw new RegistryClientError("TOFUKIT_REGISTRY_QUERY_FAILED", message, {
        cause: error.cause,
        ...statusOf(error),
      });
    }
  }

  // The modules.v1 base URL, with the trailing slash OpenTofu adds for modules only.
  async #moduleBase(host: Hostname, signal: AbortSignal | undefined): Promise<URL> {
    let base: URL;
    try {
      base = await this.#options.discovery.serviceURL(
        host,
        "modules.v1",
        signal === undefined ? {} : { signal },
      );
    } catch (error) {
      throw new RegistryClientError("TOFUKIT_REGISTRY_HOST_UNREACHABLE", (error as Error).message, {
        cause: error,
      });
    }
    const copy = new URL(base.href);
    if (!copy.pathname.endsWith("/")) copy.pathname += "/";
    return copy;
  }

  /** `GET …/:namespace/:name/:system/versions`: the versions the registry lists, as strings. */
  async moduleVersions(source: RegistryModuleSource, options: RequestOptions = {}): Promise<string[]> {
    const base = await this.#moduleBase(source.host, options.signal);
    const url = new URL(`${source.forRegistryProtocol()}/versions`, base);
    const response = await this.#moduleGet(url, source.host, options.signal);
    if (response.status === 404) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_MODULE_NOT_FOUND",
        `module ${source.packageString()} not found`,
        {
          status: 404,
        },
      );
    }
    if (response.status !== 200) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_QUERY_FAILED",
        `error looking up module versions: ${statusLine(response)}`,
        {
          status: response.status,
        },
      );
    }
    let body: unknown;
    try {
      body = JSON.parse(await apiText(response));
    } catch (error) {
      throw new RegistryClientError("TOFUKIT_REGISTRY_INVALID_RESPONSE", (error as Error).message, {
        cause: error,
      });
    }
    const modules = isObject(body) && Array.isArray(body.modules) ? body.modules : [];
    const first = modules[0];
    if (!isObject(first)) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_INVALID_RESPONSE",
        `The registry at ${displayOf(source.host)} returned an invalid response when OpenTofu requested available versions for module ${goQuote(source.forDisplay())}.`,
      );
    }
    const versions = Array.isArray(first.versions) ? first.versions : [];
    return versions.flatMap((v) => (isObject(v) && typeof v.version === "string" ? [v.version] : []));
  }

  /**
   * `GET …/:version/download`: where the package of that version is. The version is sent in
   * go-version's normalized form (`v1.0` → `1.0.0`), as OpenTofu sends it.
   */
  async moduleLocation(
    source: RegistryModuleSource,
    version: ModuleVersion,
    options: RequestOptions = {},
  ): Promise<ModuleLocation> {
    const base = await this.#moduleBase(source.host, options.signal);
    const url = new URL(`${source.forRegistryProtocol()}/${version}/download`, base);
    const response = await this.#moduleGet(url, source.host, options.signal);
    const pkg = source.packageString();
    if (response.status === 404) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_MODULE_NOT_FOUND",
        `module ${goQuote(pkg)} version ${goQuote(version.toString())} not found`,
        { status: 404 },
      );
    }
    let text: string;
    try {
      text = await apiText(response);
    } catch (error) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_QUERY_FAILED",
        `error getting download location for ${goQuote(pkg)}: ${(error as Error).message}`,
        { cause: error },
      );
    }
    if (response.status === 204) return indirect(response.headers.get("X-Terraform-Get") ?? "", source, url);
    if (response.status !== 200) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_QUERY_FAILED",
        `error getting download location for ${goQuote(pkg)}: ${statusLine(response)} resp:${text}`,
        { status: response.status },
      );
    }
    const deserializeError = (reason: string): RegistryClientError =>
      new RegistryClientError(
        "TOFUKIT_REGISTRY_INVALID_RESPONSE",
        `module ${goQuote(pkg)} version ${goQuote(version.toString())} failed to deserialize response body ${text}: ${reason}`,
      );
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch (error) {
      // encoding/json's words for what is wrong with the body.
      throw deserializeError(goJsonSyntaxError(text) ?? (error as Error).message);
    }
    const location = isObject(body) && typeof body.location === "string" ? body.location : "";
    const useCredentials = isObject(body) ? body.use_registry_credentials : undefined;
    // JSON null counts as absent, as Go's decoder leaves a pointer field nil for it.
    if (useCredentials === undefined || useCredentials === null) {
      return indirect(
        location !== "" ? location : (response.headers.get("X-Terraform-Get") ?? ""),
        source,
        url,
      );
    }
    if (typeof useCredentials !== "boolean") throw deserializeError("must be either true or false");
    let direct: URL;
    try {
      direct = new URL(location, url);
    } catch (error) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_INVALID_LOCATION",
        `registry returned an invalid package URL: ${(error as Error).message}`,
      );
    }
    if (direct.protocol !== "http:" && direct.protocol !== "https:") {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_INVALID_LOCATION",
        `registry returned invalid package URL ${goQuote(location)}: must be http or https URL`,
      );
    }
    if (direct.hash !== "" || location.includes("#")) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_INVALID_LOCATION",
        `registry returned invalid package URL ${goQuote(location)}: must not include fragment part`,
      );
    }
    return { kind: "direct", url: direct, useRegistryCredentials: useCredentials };
  }

  /**
   * Downloads a module package from a direct location (a download answer with
   * `use_registry_credentials`): the registry host's credentials go with the request only when
   * the registry asked for them and the URL is on the registry host itself (never to another
   * host, where OpenTofu would send them; a redirect to another origin drops them too).
   * The bytes as they are, at most `maxPackageBytes`.
   */
  async fetchModulePackage(
    source: RegistryModuleSource,
    location: Extract<ModuleLocation, { kind: "direct" }>,
    options: DownloadOptions = {},
  ): Promise<Uint8Array> {
    const url = location.url;
    const shown = `${url.origin}${url.pathname}`;
    const deadline = new Deadline(options.signal, options.timeout ?? PACKAGE_TIMEOUT);
    const wrap: DownloadFailure = (reason, code, extra) =>
      new RegistryClientError(
        code === "TOFUKIT_REGISTRY_QUERY_FAILED" ? "TOFUKIT_REGISTRY_DOWNLOAD_FAILED" : code,
        `error downloading '${shown}': ${reason}`,
        extra,
      );
    try {
      const { response } = await this.#get(
        url,
        location.useRegistryCredentials && url.protocol === "https:" && sameHost(url, source.host)
          ? source.host
          : undefined,
        options.signal,
        {
          accept: "*/*",
          retries: Math.max(0, options.packageRetries ?? this.#retries),
          deadline,
        },
      );
      if (response.status !== 200) {
        await response.body?.cancel();
        throw wrap(`bad response code: ${response.status}`, "TOFUKIT_REGISTRY_DOWNLOAD_FAILED", {
          status: response.status,
        });
      }
      return await readBodyWithin(response, options.maxPackageBytes ?? PACKAGE_LIMIT);
    } catch (error) {
      throw downloadError(error, deadline, options.signal, wrap, "module download was interrupted");
    }
  }

  // The providers.v1 base URL: no trailing slash is added (registries must publish one).
  async #providerBase(provider: Provider, signal: AbortSignal | undefined): Promise<URL> {
    const host = displayOf(provider.hostname);
    try {
      return await this.#options.discovery.serviceURL(
        provider.hostname,
        "providers.v1",
        signal === undefined ? {} : { signal },
      );
    } catch (error) {
      const code = codeOf(error);
      if (code === "TOFUKIT_DISCO_SERVICE_NOT_PROVIDED") {
        throw new RegistryClientError(
          "TOFUKIT_REGISTRY_HOST_NO_PROVIDERS",
          `host ${host} does not offer a OpenTofu provider registry`,
          {
            cause: error,
          },
        );
      }
      if (code === "TOFUKIT_DISCO_VERSION_NOT_SUPPORTED") {
        throw new RegistryClientError(
          "TOFUKIT_REGISTRY_PROTOCOL_VERSION",
          `host ${host} does not support the provider registry protocol required by this OpenTofu version, but may be compatible with a different OpenTofu version`,
          { cause: error },
        );
      }
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_HOST_UNREACHABLE",
        `could not connect to ${host}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }

  #statusError(response: Response, provider: Provider, sentCredentials: boolean): RegistryClientError {
    if (response.status === 401 || response.status === 403) {
      return new RegistryClientError(
        "TOFUKIT_REGISTRY_UNAUTHORIZED",
        sentCredentials
          ? `host ${provider.hostname} rejected the given authentication credentials`
          : `host ${provider.hostname} requires authentication credentials`,
        { status: response.status },
      );
    }
    return new RegistryClientError(
      "TOFUKIT_REGISTRY_QUERY_FAILED",
      `could not query provider registry for ${provider}: ${statusLine(response)}`,
      { status: response.status },
    );
  }

  async #providerJSON(response: Response, provider: Provider): Promise<Json> {
    try {
      const text = await apiText(response);
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch (error) {
        // OpenTofu reads the body with a json.Decoder: its words for what is wrong.
        throw new Error(goJsonSyntaxError(text, "decoder") ?? (error as Error).message);
      }
      if (isObject(body)) return body;
      throw new Error("the response is not a JSON object");
    } catch (error) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_QUERY_FAILED",
        `could not query provider registry for ${provider}: ${(error as Error).message}`,
        {
          cause: error,
        },
      );
    }
  }

  /** `GET …/:namespace/:type/versions`; any invalid version string fails the whole answer, as in OpenTofu. */
  async providerVersions(provider: Provider, options: RequestOptions = {}): Promise<ProviderVersions> {
    const base = await this.#providerBase(provider, options.signal);
    const url = new URL(`${provider.namespace}/${provider.type}/versions`, base);
    const { response, sentCredentials } = await this.#providerGet(url, provider, options.signal);
    if (response.status === 404) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_PROVIDER_NOT_KNOWN",
        `provider registry ${displayOf(provider.hostname)} does not have a provider named ${provider}`,
        { status: 404 },
      );
    }
    if (response.status !== 200) throw this.#statusError(response, provider, sentCredentials);
    const body = await this.#providerJSON(response, provider);
    const versions: ProviderVersionInfo[] = [];
    for (const item of Array.isArray(body.versions) ? body.versions : []) {
      const text = isObject(item) && typeof item.version === "string" ? item.version : "";
      const version = readProviderVersion(text);
      if (typeof version === "string") {
        throw new RegistryClientError(
          "TOFUKIT_REGISTRY_INVALID_RESPONSE",
          `registry response includes invalid version string ${goQuote(text)}: ${version}`,
        );
      }
      const protocols =
        isObject(item) && Array.isArray(item.protocols)
          ? item.protocols.filter((p) => typeof p === "string")
          : [];
      versions.push({ version, protocols });
    }
    const warnings = Array.isArray(body.warnings)
      ? body.warnings.filter((w): w is string => typeof w === "string")
      : [];
    return { versions, warnings };
  }

  /** `GET …/:version/download/:os/:arch`: the package's metadata, checked in OpenTofu's order. */
  async providerPackage(
    provider: Provider,
    version: ProviderVersion,
    platform: ProviderPlatform,
    options: RequestOptions = {},
  ): Promise<ProviderPackageMeta> {
    const base = await this.#providerBase(provider, options.signal);
    const url = new URL(
      `${provider.namespace}/${provider.type}/${version}/download/${platform.os}/${platform.arch}`,
      base,
    );
    const { response, sentCredentials } = await this.#providerGet(url, provider, options.signal);
    const target = `${platform.os}_${platform.arch}`;
    if (response.status === 404) {
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_PLATFORM_NOT_SUPPORTED",
        `provider ${provider} ${version} is not available for ${target}`,
        { status: 404 },
      );
    }
    if (response.status !== 200) throw this.#statusError(response, provider, sentCredentials);
    const body = await this.#providerJSON(response, provider);
    // Relative URLs resolve against the final URL of the metadata request, after redirects.
    const finalURL = response.url === "" ? url : new URL(response.url);
    return readProviderPackageMeta(body, provider, version, platform, finalURL);
  }

  // SHA256SUMS or its signature, fetched as registryClient.getFile does: no credentials, the
  // registry's retries, its texts wrapped as a failed provider query.
  async #providerDocument(
    url: URL | undefined,
    what: "authentication checksums" | "cryptographic signature",
    provider: Provider,
    options: DownloadOptions,
  ): Promise<Uint8Array> {
    if (url === undefined) {
      const name = what === "authentication checksums" ? "SHA256SUMS" : "SHA256SUMS signature";
      throw new RegistryClientError(
        "TOFUKIT_REGISTRY_INVALID_RESPONSE",
        `registry response includes no ${name} URL for provider ${provider}`,
      );
    }
    const wrap: DownloadFailure = (reason, code, extra) =>
      new RegistryClientError(
        code,
        `could not query provider registry for ${provider}: failed to retrieve ${what} for provider: ${reason}`,
        extra,
      );
    const deadline = new Deadline(options.signal, options.timeout ?? DOCUMENT_TIMEOUT);
    const retries = this.#retries;
    try {
      const { response } = await this.#get(url, undefined, options.signal, {
        accept: "*/*",
        retries,
        deadline,
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        throw wrap(`${statusLine(response)} returned from ${url.host}`, "TOFUKIT_REGISTRY_QUERY_FAILED", {
          status: response.status,
        });
      }
      return await readBodyWithin(response, DOCUMENT_LIMIT);
    } catch (error) {
      throw downloadError(error, deadline, options.signal, wrap, "request canceled");
    }
  }

  /**
   * Downloads a provider package with its SHA256SUMS and signature, in OpenTofu's order (the two
   * documents first, then the archive). No credentials are sent to any of these URLs, wherever
   * they are. Nothing is checked here but the sizes: `verifyProviderPackage` does the rest.
   */
  async fetchProviderPackage(
    meta: ProviderPackageMeta,
    options: DownloadOptions = {},
  ): Promise<ProviderPackageFiles> {
    const sha256sums = await this.#providerDocument(
      meta.shasumsURL,
      "authentication checksums",
      meta.provider,
      options,
    );
    const signature = await this.#providerDocument(
      meta.shasumsSignatureURL,
      "cryptographic signature",
      meta.provider,
      options,
    );
    const url = meta.downloadURL;
    const deadline = new Deadline(options.signal, options.timeout ?? PACKAGE_TIMEOUT);
    const retries = Math.max(0, options.packageRetries ?? 2);
    // package_location_http_archive.go: a failed request is prefixed with the host, a bad status
    // names the URL.
    const wrap: DownloadFailure = (reason, code, extra) => {
      if (code === "TOFUKIT_REGISTRY_QUERY_FAILED" || code === "TOFUKIT_REGISTRY_TIMEOUT") {
        const kind = code === "TOFUKIT_REGISTRY_TIMEOUT" ? code : "TOFUKIT_REGISTRY_DOWNLOAD_FAILED";
        return new RegistryClientError(kind, `${url.host}: ${reason}`, extra);
      }
      if (code === "TOFUKIT_REGISTRY_DOWNLOAD_TOO_LARGE")
        return new RegistryClientError(code, `${url.href}: ${reason}`, extra);
      return new RegistryClientError(code, reason, extra);
    };
    try {
      const { response } = await this.#get(url, undefined, options.signal, {
        accept: "application/zip, */*;q=0.1",
        retries,
        deadline,
      });
      if (response.status !== 200) {
        await response.body?.cancel();
        throw new RegistryClientError(
          "TOFUKIT_REGISTRY_DOWNLOAD_FAILED",
          `unsuccessful request to ${url.href}: ${statusLine(response)}`,
          { status: response.status },
        );
      }
      const archive = await readBodyWithin(response, options.maxPackageBytes ?? PACKAGE_LIMIT);
      return { archive, sha256sums, signature };
    } catch (error) {
      throw downloadError(error, deadline, options.signal, wrap, "provider download was interrupted");
    }
  }

  /**
   * Downloads a provider package and authenticates it as `tofu init` does
   * (`fetchProviderPackage`, then `verifyProviderPackage`): the bytes, their `zh:` and `h1:`
   * hashes, and the authentication result.
   */
  async fetchVerifiedProviderPackage(
    meta: ProviderPackageMeta,
    options: DownloadOptions & Omit<VerifyProviderPackageOptions, "sha256sums" | "signature"> = {},
  ): Promise<VerifiedProviderPackage> {
    const files = await this.fetchProviderPackage(meta, options);
    const authentication = await verifyProviderPackage(meta, files.archive, { ...options, ...files });
    return { ...authentication, archive: files.archive };
  }
}
