// OAuth client definitions (`login.v1`) read from a discovery document with the reference's checks.
import { OAuthClientError } from "./errors.js";
import { resolveServiceURL } from "./service-url.js";
import type { UrlReference } from "./url-reference.js";

/** An OAuth client as a host declares it for `tofu login`-style flows. */
export interface OAuthClient {
  /** The `client_id` to send. */
  readonly id: string;
  /** Required when a grant type uses it (`authz_code`). */
  readonly authorizationURL: URL | null;
  /** Required for `authz_code` and `password`. */
  readonly tokenURL: URL | null;
  /** The loopback ports a redirect listener may use (inclusive; default 1024–65535). */
  readonly minPort: number;
  readonly maxPort: number;
  /** Every grant type string the host listed, known or not (default `authz_code`). */
  readonly grantTypes: ReadonlySet<string>;
  /** `null` when absent or empty, as the reference's nil slice. */
  readonly scopes: readonly string[] | null;
}

const AUTHZ_GRANTS = new Set(["authz_code"]);
const TOKEN_GRANTS = new Set(["authz_code", "password"]);

function isObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function isPort(value: unknown): value is number {
  return typeof value === "number" && Number.isInteger(value) && value >= 1024 && value <= 65535;
}

/** Reads the definition of service `id`; `forced` allows HCL1's list-of-objects form. */
export function oauthClientFrom(
  id: string,
  value: unknown,
  base: UrlReference,
  forced: boolean,
): OAuthClient {
  const fail = (message: string): never => {
    throw new OAuthClientError(id, message);
  };
  let raw: Readonly<Record<string, unknown>>;
  if (isObject(value)) raw = value;
  else if (forced && Array.isArray(value) && value.length > 0 && value.every(isObject))
    raw = value[0] as Readonly<Record<string, unknown>>;
  else return fail(`service ${id} must be declared with an object value in the service discovery document`);

  let grantTypes: Set<string>;
  if (Object.hasOwn(raw, "grant_types")) {
    const listed = raw.grant_types;
    if (!Array.isArray(listed)) {
      return fail(
        `service ${id} is defined with invalid grant_types property: must be an array of grant type strings`,
      );
    }
    // Non-string entries are skipped so that future document versions can add other forms.
    grantTypes = new Set(listed.filter((g): g is string => typeof g === "string"));
  } else {
    grantTypes = new Set(["authz_code"]);
  }
  const uses = (grants: ReadonlySet<string>) => [...grantTypes].some((g) => grants.has(g));

  const client = raw.client;
  if (typeof client !== "string")
    return fail(`service ${id} definition is missing required property "client"`);

  const endpoint = (property: string, label: string, required: boolean): URL | null => {
    const text = raw[property];
    if (typeof text !== "string") {
      return required ? fail(`service ${id} definition is missing required property "${property}"`) : null;
    }
    const result = resolveServiceURL(base, text);
    return result.ok ? result.url : fail(`failed to parse ${label} URL: ${result.reason}`);
  };
  const authorizationURL = endpoint("authz", "authorization", uses(AUTHZ_GRANTS));
  const tokenURL = endpoint("token", "token", uses(TOKEN_GRANTS));

  let minPort = 1024;
  let maxPort = 65535;
  // A "ports" or "scopes" value that is not an array is ignored, as in the reference.
  if (Array.isArray(raw.ports)) {
    const ports: readonly unknown[] = raw.ports;
    const prefix = `invalid "ports" definition for service ${id}`;
    if (ports.length !== 2) return fail(`${prefix}: must be a two-element array`);
    const [low, high] = ports;
    if (!isPort(low) || !isPort(high))
      return fail(`${prefix}: both ports must be whole numbers between 1024 and 65535`);
    if (high < low) return fail(`${prefix}: minimum port cannot be greater than maximum port`);
    minPort = low;
    maxPort = high;
  }

  let scopes: readonly string[] | null = null;
  if (Array.isArray(raw.scopes)) {
    const listed: readonly unknown[] = raw.scopes;
    if (!listed.every((s): s is string => typeof s === "string")) {
      return fail(`invalid "scopes" for service ${id}: all scopes must be strings`);
    }
    scopes = listed.length === 0 ? null : Object.freeze([...listed]);
  }

  return Object.freeze({
    id: client,
    authorizationURL,
    tokenURL,
    minPort,
    maxPort,
    grantTypes: Object.freeze(grantTypes) as ReadonlySet<string>,
    scopes,
  });
}
