// The error every invalid hostname raises: a stable code, the reference's message text and the input.
import { goQuote } from "@tofukit/gostd";

export type HostnameErrorCode =
  | "TOFUKIT_HOSTNAME_EMPTY"
  | "TOFUKIT_HOSTNAME_EMPTY_LABEL"
  | "TOFUKIT_HOSTNAME_PUNYCODE_LABEL"
  | "TOFUKIT_HOSTNAME_PORT_SYNTAX"
  | "TOFUKIT_HOSTNAME_PORT_RANGE"
  | "TOFUKIT_HOSTNAME_URL"
  | "TOFUKIT_HOSTNAME_DISALLOWED_RUNE"
  | "TOFUKIT_HOSTNAME_INVALID_LABEL";

const brand = Symbol.for("tofukit.HostnameError");

export class HostnameError extends Error {
  readonly code: HostnameErrorCode;
  /** The text that was given, as it was given. */
  readonly input: string;

  constructor(code: HostnameErrorCode, message: string, input: string) {
    super(message);
    this.code = code;
    this.input = input;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && brand in value;
  }
}
Object.defineProperty(HostnameError.prototype, "name", {
  value: "HostnameError",
  writable: true,
  configurable: true,
});
Object.defineProperty(HostnameError.prototype, brand, { value: true });

/** An error of the IDNA processing step, before it becomes a HostnameError. */
export type IdnaFailure =
  | { readonly kind: "rune"; readonly codePoint: number }
  | { readonly kind: "label"; readonly label: string };

function idnaMessage(failure: IdnaFailure): string {
  return failure.kind === "rune"
    ? `idna: disallowed rune U+${failure.codePoint.toString(16).toUpperCase().padStart(4, "0")}`
    : `idna: invalid label ${goQuote(failure.label)}`;
}

export function idnaError(failure: IdnaFailure, input: string): HostnameError {
  const code =
    failure.kind === "rune" ? "TOFUKIT_HOSTNAME_DISALLOWED_RUNE" : "TOFUKIT_HOSTNAME_INVALID_LABEL";
  return new HostnameError(code, idnaMessage(failure), input);
}
