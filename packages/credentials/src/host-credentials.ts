// Credentials for one host: a bearer token that never shows up in logs, inspection or JSON.
import { inspect } from "node:util";
import { CredentialsError } from "./credentials-error.js";

const brand = Symbol.for("tofukit.HostCredentials");
const redacted = "[redacted]";

/** What a token must not contain: an HTTP header value cannot carry CR, LF or NUL. */
const forbiddenInHeader = /[\r\n\0]/;

/**
 * Why a token cannot be sent, or `null` when it can. OpenTofu sends such a token and the request fails
 * with `net/http: invalid header field value for "Authorization"`; here it is refused up front.
 */
function tokenProblem(token: string): string | null {
  if (!forbiddenInHeader.test(token)) return tokenEncodingProblem(token);
  return "contains a line break (CR or LF) or a NUL character, which an HTTP header cannot carry; a trailing newline from a file is the usual cause";
}

/**
 * Why a token cannot even be held, or `null`. A lone UTF-16 surrogate has no UTF-8 form (storing
 * it would write U+FFFD, another token); a character outside ASCII cannot go into an HTTP header
 * here as OpenTofu sends it (as its UTF-8 bytes), and undici refuses anything above U+00FF.
 */
function tokenEncodingProblem(token: string): string | null {
  for (let i = 0; i < token.length; i++) {
    const c = token.charCodeAt(i);
    if (c < 0x80) continue;
    if (c >= 0xd800 && c <= 0xdfff) {
      const pair = c <= 0xdbff && i + 1 < token.length && (token.charCodeAt(i + 1) & 0xfc00) === 0xdc00;
      if (!pair) {
        return `contains a lone UTF-16 surrogate at position ${i + 1}, which has no UTF-8 encoding`;
      }
    }
    return `contains a character outside ASCII at position ${i + 1}, which cannot be sent in an HTTP header as OpenTofu sends it`;
  }
  return null;
}

/** Throws the package's error when a token cannot be used; `origin` says where the token came from. */
function assertUsableToken(token: string, origin: string, host?: string): void {
  const problem = tokenProblem(token);
  if (problem === null) return;
  throw new CredentialsError("TOFUKIT_CREDENTIALS_INVALID_TOKEN", `The token from ${origin} ${problem}.`, {
    ...(host === undefined ? {} : { host }),
  });
}

/**
 * Credentials for one host. OpenTofu has one kind, a bearer token (`HostCredentialsToken`).
 *
 * The token is kept in a private field: `util.inspect`, `console.log`, `JSON.stringify`, `String()` and
 * template literals all print `[redacted]`. Read it deliberately with {@link HostCredentials.token}.
 */
export class HostCredentials {
  readonly #token: string;
  /** Where the token came from, for messages: `environment variable TF_TOKEN_…`, a file, a helper. */
  readonly origin: string;

  private constructor(token: string, origin: string) {
    this.#token = token;
    this.origin = origin;
  }

  /**
   * Credentials holding a bearer token. Empty tokens are valid, as in OpenTofu. A token with a
   * character outside ASCII or a lone surrogate is refused here, with
   * `TOFUKIT_CREDENTIALS_INVALID_TOKEN`; one with CR, LF or NUL when it is used.
   */
  static fromToken(token: string, origin = "the caller"): HostCredentials {
    if (typeof token !== "string") throw new TypeError("a token must be a string");
    const problem = tokenEncodingProblem(token);
    if (problem !== null) {
      throw new CredentialsError("TOFUKIT_CREDENTIALS_INVALID_TOKEN", `The token from ${origin} ${problem}.`);
    }
    return new HostCredentials(token, origin);
  }

  /**
   * The credentials an object stands for, as OpenTofu's `HostCredentialsFromObject`: a string `token`
   * attribute; anything else (no token, `token = 123`, only `username`) means no credentials.
   */
  static fromObject(object: unknown, origin: string): HostCredentials | null {
    if (typeof object !== "object" || object === null || Array.isArray(object)) return null;
    const token: unknown =
      object instanceof Map ? object.get("token") : (object as Record<string, unknown>).token;
    return typeof token === "string" ? new HostCredentials(token, origin) : null;
  }

  /** The bearer token. Throws `TOFUKIT_CREDENTIALS_INVALID_TOKEN` if it contains CR, LF or NUL. */
  token(): string {
    assertUsableToken(this.#token, this.origin);
    return this.#token;
  }

  /** The `Authorization` header value, `Bearer <token>`. Throws like {@link HostCredentials.token}. */
  authorization(): string {
    return `Bearer ${this.token()}`;
  }

  /** Sets `Authorization: Bearer <token>` on a header collection, replacing any previous value. */
  applyTo(headers: Headers | Record<string, string>): void {
    const value = this.authorization();
    if (typeof (headers as Headers).set === "function" && typeof (headers as Headers).get === "function") {
      (headers as Headers).set("Authorization", value);
      return;
    }
    const record = headers as Record<string, string>;
    for (const name of Object.keys(record)) {
      if (name.toLowerCase() === "authorization") delete record[name];
    }
    record.Authorization = value;
  }

  /** The object written to storage (`{"token": …}`), as OpenTofu's `ToStore`. Contains the secret. */
  toStore(): { readonly token: string } {
    return { token: this.#token };
  }

  /** Whether the token can be sent (ASCII, no CR, LF or NUL). */
  get usable(): boolean {
    return tokenProblem(this.#token) === null;
  }

  get [brand](): true {
    return true;
  }

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true;
  }

  toString(): string {
    return `HostCredentials(${redacted})`;
  }

  toJSON(): { readonly token: string } {
    return { token: redacted };
  }

  [inspect.custom](): string {
    return `HostCredentials { token: ${redacted}, origin: ${JSON.stringify(this.origin)} }`;
  }
}
