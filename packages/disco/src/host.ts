// A discovered host: its services and the lookups of service URLs and OAuth clients in them.
import { displayOf, type Hostname } from "@tofukit/hostname";
import type { ServiceMap } from "./discovery-document.js";
import { ServiceNotProvidedError, ServiceURLError, VersionNotSupportedError } from "./errors.js";
import { type OAuthClient, oauthClientFrom } from "./oauth-client.js";
import { parseServiceId, type ServiceId } from "./service-id.js";
import { resolveServiceURL } from "./service-url.js";
import { parseUrlReference, type UrlReference } from "./url-reference.js";

/** The fixed path of the discovery document (IANA-registered, shared with Terraform). */
export const DISCOVERY_PATH = "/.well-known/terraform.json";
const EMPTY_REFERENCE: UrlReference = {
  scheme: "",
  opaque: "",
  hasUser: false,
  user: "",
  host: "",
  path: "",
  forceQuery: false,
  query: "",
};

/** What a {@link Host} is built from; produced by `Disco`, not by callers. */
interface HostInit {
  readonly hostname: Hostname;
  /** The host that was queried (the alias target for aliases), named in lookup errors. */
  readonly target: Hostname;
  /** The final discovery URL, after redirects: the base of relative service URLs. */
  readonly discoveryURL: string;
  readonly services: ServiceMap | null;
  /** Forced services from CLI configuration may hold HCL1's list-of-objects form. */
  readonly forced: boolean;
}

export class Host {
  /** The hostname this result was discovered for (an alias stays the alias). */
  readonly hostname: Hostname;
  /**
   * The URL the discovery document came from, after redirects (for forced services, the URL
   * discovery would have used).
   */
  readonly discoveryURL: string;
  /** The announced services, or `null` when the host announces none (404 or a `null` document). */
  readonly services: ServiceMap | null;
  readonly #target: Hostname;
  #base: UrlReference | undefined;
  readonly #forced: boolean;

  /** @internal Hosts come from `Disco.discover`. */
  constructor(init: HostInit) {
    this.hostname = init.hostname;
    this.discoveryURL = init.discoveryURL;
    this.services = init.services;
    this.#target = init.target;
    this.#forced = init.forced;
    Object.freeze(this);
  }

  // Parsed at the first lookup, which keeps building a Host cheap.
  #baseReference(): UrlReference {
    this.#base ??= this.#forced ? this.#forcedBase() : this.#discoveredBase();
    return this.#base;
  }

  // Forced services use the URL discovery would have used, built from parts as the reference
  // does, so that hosts with ports a URL parser refuses (`:-1`) still work.
  #forcedBase(): UrlReference {
    return { ...EMPTY_REFERENCE, scheme: "https", host: this.#target, path: DISCOVERY_PATH };
  }

  // The final URL of a request always parses; its parts stand in should Go's rules ever differ.
  #discoveredBase(): UrlReference {
    try {
      return parseUrlReference(this.discoveryURL);
    } catch {
      const url = new URL(this.discoveryURL);
      const query = url.search.slice(1);
      return {
        ...EMPTY_REFERENCE,
        scheme: url.protocol.slice(0, -1),
        host: url.host,
        path: url.pathname,
        query,
      };
    }
  }

  // The reference's shared lookup: a missing id is "version not supported" when any key starts
  // with `<name>.` (purely textual: `modules.v10` does not satisfy `modules.v1`), else "not provided".
  #missing(id: ServiceId): Error {
    const services = this.services as ServiceMap;
    // The Unicode form costs an IDNA pass, so it is computed only for a failed lookup.
    const display = displayOf(this.#target);
    const prefix = `${id.name}.`;
    for (const key of Object.keys(services)) {
      if (key.startsWith(prefix)) return new VersionNotSupportedError(display, id.name, id.version);
    }
    return new ServiceNotProvidedError(display, id.name);
  }

  /**
   * The absolute URL of a service (`modules.v1`), resolved against {@link discoveryURL}.
   * Throws ServiceIdError, ServiceNotProvidedError, VersionNotSupportedError or ServiceURLError.
   */
  serviceURL(id: string): URL {
    const parsed = parseServiceId(id);
    if (this.services === null) throw new ServiceNotProvidedError("", parsed.name);
    const value = Object.hasOwn(this.services, id) ? this.services[id] : undefined;
    // A non-string value (an object, as `login.v1` is) counts as "this version is not supported".
    if (typeof value !== "string") throw this.#missing(parsed);
    const result = resolveServiceURL(this.#baseReference(), value);
    if (!result.ok) throw new ServiceURLError(id, result.reason);
    return result.url;
  }

  /**
   * The OAuth client a service declares (`login.v1`), validated as the reference does.
   * Throws ServiceIdError, ServiceNotProvidedError, VersionNotSupportedError or OAuthClientError.
   */
  oauthClient(id: string): OAuthClient {
    const parsed = parseServiceId(id);
    if (this.services === null) throw new ServiceNotProvidedError("", parsed.name);
    if (!Object.hasOwn(this.services, id)) throw this.#missing(parsed);
    return oauthClientFrom(id, this.services[id], this.#baseReference(), this.#forced);
  }
}
