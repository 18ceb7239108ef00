// The token a login obtained, held so that printing, logging or serializing it never shows it.
import { inspect } from "node:util";

const REDACTED = "[redacted token]";

export class LoginToken {
  readonly #value: string;
  /** The `token_type` the server named (`bearer` when it named none). */
  readonly tokenType: string;
  /** When the server said the token expires, if it did. */
  readonly expiresAt: Date | null;

  constructor(value: string, tokenType: string, expiresAt: Date | null) {
    this.#value = value;
    this.tokenType = tokenType;
    this.expiresAt = expiresAt;
  }

  /** The token itself, to hand to a credentials store. */
  reveal(): string {
    return this.#value;
  }

  toString(): string {
    return REDACTED;
  }

  toJSON(): string {
    return REDACTED;
  }

  [inspect.custom](): string {
    return `LoginToken ${REDACTED}`;
  }
}
