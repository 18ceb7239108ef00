// The undici dispatchers a Disco sends requests through: direct, or through the proxy the
// environment names for a destination, all trusting the same certificate authorities.
import { createSecureContext, type SecureContext } from "node:tls";
import { Agent, type Dispatcher, ProxyAgent } from "undici";
import { type ProxySettings, proxyFor, proxySettings } from "./proxy.js";

export class Dispatchers {
  readonly #proxies: ProxySettings;
  readonly #ca: string[] | undefined;
  #secureContext: SecureContext | undefined;
  readonly #given: Dispatcher | undefined;
  readonly #connectTimeout: number;
  #direct: Agent | undefined;
  readonly #proxyAgents = new Map<string, ProxyAgent>();

  constructor(options: {
    env: Readonly<Record<string, string | undefined>>;
    ca: string[] | undefined;
    dispatcher: Dispatcher | undefined;
    connectTimeout: number;
  }) {
    this.#connectTimeout = options.connectTimeout;
    this.#proxies = proxySettings(options.env);
    this.#ca = options.ca;
    this.#given = options.dispatcher;
  }

  /** The dispatcher for a request to `url`; a caller's own dispatcher is always used as given. */
  forURL(url: URL): Dispatcher {
    if (this.#given !== undefined) return this.#given;
    // One secure context for every connection: passing `ca` itself would parse the whole
    // root bundle again for each TLS handshake.
    if (this.#ca !== undefined) this.#secureContext ??= createSecureContext({ ca: this.#ca });
    const tls =
      this.#secureContext === undefined
        ? { timeout: this.#connectTimeout }
        : { secureContext: this.#secureContext, timeout: this.#connectTimeout };
    const proxy = proxyFor(url, this.#proxies);
    if (proxy === null) {
      this.#direct ??= new Agent({ connect: tls });
      return this.#direct;
    }
    let agent = this.#proxyAgents.get(proxy);
    if (agent === undefined) {
      agent = new ProxyAgent({ uri: proxy, requestTls: tls, proxyTls: tls });
      this.#proxyAgents.set(proxy, agent);
    }
    return agent;
  }

  /** Closes the dispatchers this object created (never a caller's own). */
  async close(): Promise<void> {
    const owned: Dispatcher[] = [...this.#proxyAgents.values()];
    if (this.#direct !== undefined) owned.push(this.#direct);
    this.#direct = undefined;
    this.#proxyAgents.clear();
    await Promise.all(owned.map((d) => d.close()));
  }
}
