// One undici dispatcher that sends each request directly or through the proxy the environment
// names for its origin (Go's ProxyFromEnvironment, judged per request, so a redirect to another
// host picks that host's proxy), all connections trusting the same certificate authorities.
import { STATUS_CODES } from "node:http";
import { createSecureContext, type SecureContext } from "node:tls";
import { Agent, Dispatcher, errors, ProxyAgent } from "undici";
import { ProxyError } from "./errors.js";
import { type ProxySettings, proxyFor, proxySettings } from "./proxy.js";
import { describeTransportError } from "./transport-error.js";
import { type CertificateInput, trustedCertificates } from "./trust.js";

export interface ProxyDispatcherOptions {
  /** Read for `HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY` (either case) and `NODE_EXTRA_CA_CERTS`. Default: `process.env`. */
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** Extra certificate authorities (PEM) trusted besides Node's bundled roots, for servers and HTTPS proxies. */
  readonly ca?: CertificateInput | readonly CertificateInput[];
  /** Milliseconds for a TCP connect and TLS handshake. Default 10 s. */
  readonly connectTimeout?: number;
}

type Handler = Dispatcher.DispatchHandler;

/** A proxy URL as it may be shown: scheme, host and port, never its userinfo. */
function shownProxy(proxy: string): string {
  try {
    const url = new URL(proxy);
    return `${url.protocol}//${url.host}`;
  } catch {
    return "(an unparsable proxy URL)";
  }
}

const CONNECT_REFUSED = /^Proxy response \((\d+)\) !== 200 when HTTP Tunneling$/;
const DIAL_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ENOTFOUND",
  "EAI_AGAIN",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "UND_ERR_CONNECT_TIMEOUT",
]);

function causes(error: unknown): unknown[] {
  const chain: unknown[] = [];
  for (let current = error, depth = 0; current != null && depth < 5; depth++) {
    chain.push(current);
    current = (current as { cause?: unknown }).cause;
  }
  return chain;
}

/**
 * The failure of reaching the proxy itself (refused, unreachable, or a CONNECT answered with
 * anything but 200) as a ProxyError; anything else (the destination's TLS, its answers) unchanged.
 */
function proxyFailure(error: unknown, proxy: string): unknown {
  if (error instanceof ProxyError) return error;
  const shown = shownProxy(proxy);
  const url = new URL(proxy);
  const proxyHost = url.hostname.replace(/^\[|\]$/g, "");
  const proxyPort = Number(url.port || (url.protocol === "https:" ? 443 : 80));
  for (const item of causes(error)) {
    const message = (item as { message?: unknown }).message;
    const refused = typeof message === "string" ? CONNECT_REFUSED.exec(message) : null;
    if (refused !== null) {
      // Go's transport reports the status text of the CONNECT answer.
      const status = Number(refused[1]);
      const text = STATUS_CODES[status] ?? "unknown status code";
      return new ProxyError(`${text} (from proxy ${shown})`, shown, { status, cause: error });
    }
    const { code, address, port, hostname } = item as {
      code?: unknown;
      address?: unknown;
      port?: unknown;
      hostname?: unknown;
    };
    if (typeof code !== "string" || !DIAL_CODES.has(code)) continue;
    // Only failures of the connection to the proxy itself: the destination's, through the tunnel,
    // are the destination's.
    const atProxy =
      (address === proxyHost && Number(port) === proxyPort) ||
      (code !== "ECONNRESET" && code !== "UND_ERR_CONNECT_TIMEOUT" && hostname === proxyHost) ||
      (code === "UND_ERR_CONNECT_TIMEOUT" &&
        typeof message === "string" &&
        message.includes(`${url.hostname}:${proxyPort}`));
    if (!atProxy) continue;
    return new ProxyError(`proxyconnect tcp: ${describeTransportError(item)} (proxy ${shown})`, shown, {
      cause: error,
    });
  }
  return error;
}

// The handler undici calls, with its failures seen through `translate`; everything else is the
// caller's own handler, called on itself.
function translatingHandler(handler: Handler, translate: (error: unknown) => unknown): Handler {
  return new Proxy(handler, {
    get(target, key) {
      const value = Reflect.get(target, key, target) as unknown;
      if (typeof value !== "function") return value;
      if (key === "onError") return (error: Error) => value.call(target, translate(error));
      if (key === "onResponseError")
        return (controller: unknown, error: Error) => value.call(target, controller, translate(error));
      return value.bind(target);
    },
  });
}

// A request refused before any dispatcher took it, as undici's own dispatchers refuse one.
function fail(handler: Handler, error: Error): false {
  const target = handler as {
    onError?: (e: Error) => void;
    onResponseError?: (c: unknown, e: Error) => void;
  };
  if (typeof target.onError === "function") target.onError(error);
  else target.onResponseError?.(null, error);
  return false;
}

/**
 * An undici dispatcher for every request of a process: each request goes directly or through
 * `HTTPS_PROXY`/`HTTP_PROXY`, with `NO_PROXY` and loopback exceptions, decided per request URL as
 * Go's ProxyFromEnvironment decides it, over one Agent per proxy (and one direct) trusting
 * Node's roots plus `ca` and `NODE_EXTRA_CA_CERTS`. A failure to reach the proxy is a ProxyError
 * that names the proxy without its credentials.
 */
export class ProxyDispatcher extends Dispatcher {
  readonly #proxies: ProxySettings;
  readonly #ca: string[] | undefined;
  readonly #connectTimeout: number;
  #secureContext: SecureContext | undefined;
  #direct: Agent | undefined;
  readonly #proxyAgents = new Map<string, ProxyAgent>();
  #closed = false;

  constructor(options: ProxyDispatcherOptions = {}) {
    super();
    const env = options.env ?? process.env;
    this.#proxies = proxySettings(env);
    this.#ca = trustedCertificates(options.ca, env);
    this.#connectTimeout = options.connectTimeout ?? 10_000;
  }

  /** The proxy a request to `url` goes through, shown without credentials, or null for a direct connection. */
  proxyFor(url: URL | string): string | null {
    const proxy = proxyFor(new URL(url), this.#proxies);
    return proxy === null ? null : shownProxy(proxy);
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Handler): boolean {
    if (this.#closed) return fail(handler, new errors.ClientClosedError());
    const origin = options.origin ?? "";
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return this.#direction(null).dispatch(options, handler);
    }
    const proxy = proxyFor(url, this.#proxies);
    let agent: Dispatcher;
    try {
      agent = this.#direction(proxy);
    } catch (error) {
      // Go refuses a proxy setting it cannot parse for every request that would use it.
      const shown = shownProxy(proxy ?? "");
      return fail(handler, new ProxyError(`invalid proxy address ${shown}`, shown, { cause: error }));
    }
    if (proxy === null) return agent.dispatch(options, handler);
    return agent.dispatch(
      options,
      translatingHandler(handler, (error) => proxyFailure(error, proxy)),
    );
  }

  #tls(): { timeout: number; secureContext?: SecureContext } {
    // One secure context for every connection: passing `ca` itself would parse the whole root
    // bundle again for each TLS handshake.
    if (this.#ca !== undefined) this.#secureContext ??= createSecureContext({ ca: this.#ca });
    return this.#secureContext === undefined
      ? { timeout: this.#connectTimeout }
      : { secureContext: this.#secureContext, timeout: this.#connectTimeout };
  }

  #direction(proxy: string | null): Dispatcher {
    if (proxy === null) {
      this.#direct ??= new Agent({ connect: this.#tls() });
      return this.#direct;
    }
    let agent = this.#proxyAgents.get(proxy);
    if (agent === undefined) {
      const tls = this.#tls();
      agent = new ProxyAgent({ uri: proxy, requestTls: tls, proxyTls: tls });
      this.#proxyAgents.set(proxy, agent);
    }
    return agent;
  }

  #owned(): Dispatcher[] {
    const owned: Dispatcher[] = [...this.#proxyAgents.values()];
    if (this.#direct !== undefined) owned.push(this.#direct);
    this.#direct = undefined;
    this.#proxyAgents.clear();
    this.#closed = true;
    return owned;
  }

  /** Closes every connection this dispatcher opened, once their requests are done. */
  override close(): Promise<void>;
  override close(callback: () => void): void;
  override close(callback?: () => void): Promise<void> | void {
    const done = Promise.all(this.#owned().map((d) => d.close())).then(() => undefined);
    if (callback === undefined) return done;
    done.then(callback, callback);
  }

  /** Closes every connection at once, failing the requests still under way. */
  override destroy(): Promise<void>;
  override destroy(error: Error | null): Promise<void>;
  override destroy(callback: () => void): void;
  override destroy(error: Error | null, callback: () => void): void;
  override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
    const error = typeof first === "function" ? null : (first ?? null);
    const callback = typeof first === "function" ? first : second;
    const done = Promise.all(this.#owned().map((d) => d.destroy(error))).then(() => undefined);
    if (callback === undefined) return done;
    done.then(callback, callback);
  }
}
