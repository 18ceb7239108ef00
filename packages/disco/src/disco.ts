// The discovery client: per-instance cache, one request in flight per host, forced services,
// aliases, retries and tracing around the exchange in fetch-document.ts.

import { displayOf, type Hostname } from "@tofukit/hostname";
import type { Dispatcher } from "undici";
import { bearerHeader, type CredentialsProvider, credentialsFor } from "./authorization.js";
import { Cancellation } from "./cancellation.js";
import { Deadlines } from "./deadlines.js";
import { discoveryRetries, registryClientTimeout } from "./environment-settings.js";
import { DiscoveryError } from "./errors.js";
import { cachedChannel, failureChannel, startChannel, successChannel } from "./events.js";
import { fetchDocument } from "./fetch-document.js";
import { forcedServices } from "./forced-services.js";
import { DISCOVERY_PATH, Host } from "./host.js";
import { ProxyDispatcher } from "./proxy-dispatcher.js";
import { backoff, isRetryable, pause } from "./retry-policy.js";
import type { CertificateInput } from "./trust.js";
import { DEFAULT_USER_AGENT, userAgent } from "./user-agent.js";

export interface DiscoOptions {
  /** Where bearer tokens come from; without one every request is anonymous. */
  readonly credentials?: CredentialsProvider;
  /** Replaces `tofukit/<version>`; `TF_APPEND_USER_AGENT` is still appended. */
  readonly userAgent?: string;
  /**
   * The environment read for `TF_APPEND_USER_AGENT`, `TF_REGISTRY_CLIENT_TIMEOUT`,
   * `TF_REGISTRY_DISCOVERY_RETRY`, `HTTPS_PROXY`/`HTTP_PROXY`/`NO_PROXY` and
   * `NODE_EXTRA_CA_CERTS`. Default: `process.env`.
   */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Milliseconds for connect, headers and body of one attempt. Default 10 s (or TF_REGISTRY_CLIENT_TIMEOUT seconds). */
  readonly timeout?: number;
  /** Redirects followed before failing. Default 10, as the OpenTofu CLI. */
  readonly maxRedirects?: number;
  /** Extra attempts after connection errors and 502/503/504. Default 1 (or TF_REGISTRY_DISCOVERY_RETRY). */
  readonly retries?: number;
  /** Backoff bounds in milliseconds: `min × 2^attempt`, at most `max`. Default 1000 and 30000. */
  readonly retryDelay?: { readonly min?: number; readonly max?: number };
  /** Extra certificate authorities (PEM) trusted besides Node's bundled roots. */
  readonly ca?: CertificateInput | readonly CertificateInput[];
  /**
   * An undici dispatcher to send every request through (a ProxyDispatcher shared with other
   * clients, say); proxy and CA options are then not applied, and `close` leaves it open.
   */
  readonly dispatcher?: Dispatcher;
}

export interface DiscoverOptions {
  readonly signal?: AbortSignal;
}

type Env = Readonly<Record<string, string | undefined>>;

interface Flight {
  readonly promise: Promise<Host>;
  readonly cancellation: Cancellation;
  waiters: number;
}

/**
 * OpenTofu's remote service discovery. Results (including "no services") are cached per
 * instance until `forget`; errors are not.
 */
export class Disco {
  readonly #cache = new Map<Hostname, Host>();
  readonly #flights = new Map<Hostname, Flight>();
  readonly #aliases = new Map<Hostname, Hostname>();
  readonly #credentials: CredentialsProvider | undefined;
  readonly #userAgent: string;
  readonly #timeout: number;
  readonly #maxRedirects: number;
  readonly #retries: number;
  readonly #retryMin: number;
  readonly #retryMax: number;
  readonly #dispatcher: Dispatcher;
  /** The dispatcher this instance made, closed by `close`; never a caller's own. */
  readonly #owned: ProxyDispatcher | undefined;
  readonly #deadlines = new Deadlines();

  constructor(options: DiscoOptions = {}) {
    const env: Env = options.env ?? process.env;
    this.#credentials = options.credentials;
    this.#userAgent = userAgent(options.userAgent ?? DEFAULT_USER_AGENT, env);
    this.#timeout = options.timeout ?? registryClientTimeout(env) ?? 10_000;
    this.#maxRedirects = options.maxRedirects ?? 10;
    this.#retries = options.retries ?? discoveryRetries(env) ?? 1;
    this.#retryMin = options.retryDelay?.min ?? 1000;
    this.#retryMax = options.retryDelay?.max ?? 30_000;
    this.#owned =
      options.dispatcher === undefined
        ? new ProxyDispatcher({
            env,
            ...(options.ca === undefined ? {} : { ca: options.ca }),
            connectTimeout: this.#timeout,
          })
        : undefined;
    this.#dispatcher = options.dispatcher ?? (this.#owned as ProxyDispatcher);
  }

  /**
   * The services of `hostname`, from the cache or from `https://<hostname>/.well-known/terraform.json`.
   * Concurrent calls for one host share one request. Throws a DiscoveryError.
   */
  discover(hostname: Hostname, options?: DiscoverOptions): Promise<Host> {
    const cached = this.#cache.get(hostname);
    if (cached !== undefined) {
      if (cachedChannel.hasSubscribers) cachedChannel.publish({ hostname, host: cached });
      return Promise.resolve(cached);
    }
    return this.#join(hostname, options?.signal);
  }

  /** Discovery followed by `Host.serviceURL(id)`. */
  async serviceURL(hostname: Hostname, id: string, options?: DiscoverOptions): Promise<URL> {
    return (await this.discover(hostname, options)).serviceURL(id);
  }

  /**
   * The `Authorization` header value for requests to `hostname`'s services (the alias target's
   * credentials for an alias), or null. OpenTofu sends the same token to every service URL the
   * document announces, even on other hosts.
   */
  async authorization(hostname: Hostname): Promise<string | null> {
    const target = this.#aliases.get(hostname) ?? hostname;
    const credentials = await credentialsFor(this.#credentials, target);
    return credentials === null ? null : bearerHeader(credentials, target);
  }

  /**
   * Services for `hostname` without any network request (the CLI configuration's `host` blocks).
   * Relative URLs resolve against `https://<hostname>/.well-known/terraform.json`; null means none.
   */
  forceHostServices(
    hostname: Hostname,
    services: Readonly<Record<string, unknown>> | ReadonlyMap<string, unknown> | null,
  ): void {
    const copy = forcedServices(services);
    this.#flights.delete(hostname);
    this.#cache.set(
      hostname,
      new Host({
        hostname,
        target: hostname,
        discoveryURL: `https://${hostname}${DISCOVERY_PATH}`,
        services: copy,
        forced: true,
      }),
    );
  }

  /** Discovery and credentials for `alias` use `target`; the result is cached under `alias`. */
  alias(alias: Hostname, target: Hostname): void {
    this.#aliases.set(alias, target);
  }

  /** Removes an alias and its cached result. */
  forgetAlias(alias: Hostname): void {
    this.#aliases.delete(alias);
    this.forget(alias);
  }

  /** Drops the cached result (or forced services) of one host. */
  forget(hostname: Hostname): void {
    this.#cache.delete(hostname);
    this.#flights.delete(hostname);
  }

  /** Drops every cached result, forced services included, as the reference's ForgetAll. */
  forgetAll(): void {
    this.#cache.clear();
    this.#flights.clear();
  }

  /** Closes the connections this instance opened (a dispatcher given as an option stays open). */
  async close(): Promise<void> {
    await this.#owned?.close();
  }

  #join(hostname: Hostname, signal: AbortSignal | undefined): Promise<Host> {
    let flight = this.#flights.get(hostname);
    if (flight === undefined) flight = this.#start(hostname);
    const current = flight;
    current.waiters++;
    if (signal === undefined) return current.promise;
    // Each caller can give up alone; the shared request stops only when every caller has.
    return new Promise<Host>((resolve, reject) => {
      const leave = () => {
        current.waiters--;
        if (current.waiters === 0) {
          // Nobody waits any more: stop the request, and let the next caller start afresh
          // rather than join a request that is being torn down.
          if (this.#flights.get(hostname) === current) this.#flights.delete(hostname);
          current.cancellation.cancel();
        }
        reject(this.#canceled(hostname, signal.reason));
      };
      if (signal.aborted) {
        leave();
        return;
      }
      signal.addEventListener("abort", leave, { once: true });
      current.promise.then(
        (host) => {
          signal.removeEventListener("abort", leave);
          resolve(host);
        },
        (error: unknown) => {
          signal.removeEventListener("abort", leave);
          reject(error);
        },
      );
    });
  }

  #canceled(hostname: Hostname, reason: unknown): DiscoveryError {
    const target = this.#aliases.get(hostname) ?? hostname;
    return new DiscoveryError(
      "TOFUKIT_DISCO_ABORTED",
      `failed to request discovery document: Get "https://${target}${DISCOVERY_PATH}": context canceled`,
      { host: displayOf(target), cause: reason },
    );
  }

  #start(hostname: Hostname): Flight {
    const cancellation = new Cancellation();
    const flight: Flight = {
      cancellation,
      waiters: 0,
      promise: this.#discoverFresh(hostname, cancellation).then(
        (host) => {
          if (this.#flights.get(hostname) === flight) {
            this.#flights.delete(hostname);
            this.#cache.set(hostname, host);
          }
          return host;
        },
        (error: unknown) => {
          if (this.#flights.get(hostname) === flight) this.#flights.delete(hostname);
          throw error;
        },
      ),
    };
    // A flight whose callers all left may still fail; that rejection is nobody's to handle.
    flight.promise.catch(() => undefined);
    this.#flights.set(hostname, flight);
    return flight;
  }

  async #discoverFresh(hostname: Hostname, cancellation: Cancellation): Promise<Host> {
    const target = this.#aliases.get(hostname) ?? hostname;
    if (startChannel.hasSubscribers) startChannel.publish({ hostname, target });
    try {
      const host = await this.#attempts(hostname, target, cancellation);
      if (successChannel.hasSubscribers) successChannel.publish({ hostname, target, host });
      return host;
    } catch (error) {
      if (failureChannel.hasSubscribers) failureChannel.publish({ hostname, target, error });
      throw error;
    }
  }

  async #attempts(hostname: Hostname, target: Hostname, cancellation: Cancellation): Promise<Host> {
    const address = `https://${target}${DISCOVERY_PATH}`;
    let url: URL;
    try {
      url = new URL(address);
    } catch (error) {
      throw new DiscoveryError(
        "TOFUKIT_DISCO_NETWORK",
        `failed to request discovery document: Get "${address}": not a usable URL`,
        { host: displayOf(target), cause: error },
      );
    }
    const credentials = await credentialsFor(this.#credentials, target);
    const authorization = credentials === null ? null : bearerHeader(credentials, target);
    for (let attempt = 0; ; attempt++) {
      try {
        const fetched = await fetchDocument({
          url,
          target,
          userAgent: this.#userAgent,
          authorization,
          maxRedirects: this.#maxRedirects,
          timeout: this.#timeout,
          deadlines: this.#deadlines,
          cancellation,
          dispatcher: this.#dispatcher,
        });
        return new Host({
          hostname,
          target,
          discoveryURL: fetched.url,
          services: fetched.services,
          forced: false,
        });
      } catch (error) {
        if (attempt >= this.#retries || !isRetryable(error)) throw error;
        // Cancelled while waiting: nobody is left to see it, so the last failure stands.
        await pause(backoff(attempt, this.#retryMin, this.#retryMax), cancellation, () =>
          error instanceof Error ? error : new Error(String(error)),
        );
      }
    }
  }
}
