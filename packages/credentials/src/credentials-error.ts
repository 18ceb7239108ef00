// The one error class of this package: a stable `code` to switch on and OpenTofu's message text.
// No message ever contains a token value; messages name hosts, files and programs only.

const brand = Symbol.for("tofukit.CredentialsError");

/** Stable codes callers can switch on. */
export type CredentialsErrorCode =
  /** A token contains CR, LF, NUL, a character outside ASCII or a lone surrogate: it cannot be sent in an HTTP header. */
  | "TOFUKIT_CREDENTIALS_INVALID_TOKEN"
  /** No `TF_TOKEN_*` variable name can address this host (for example the empty hostname). */
  | "TOFUKIT_CREDENTIALS_NO_VARIABLE_NAME"
  /** The helper program exited with a non-zero status. */
  | "TOFUKIT_CREDENTIALS_HELPER_FAILED"
  /** The helper program could not be started. */
  | "TOFUKIT_CREDENTIALS_HELPER_START_FAILED"
  /** The helper program printed something that is not a JSON object. */
  | "TOFUKIT_CREDENTIALS_HELPER_MALFORMED"
  /** The helper program did not finish in time and was stopped. */
  | "TOFUKIT_CREDENTIALS_HELPER_TIMEOUT"
  /** The host's credentials live in a CLI config file other than credentials.tfrc.json. */
  | "TOFUKIT_CREDENTIALS_UNWRITABLE"
  /** credentials.tfrc.json cannot be read or does not have the expected shape. */
  | "TOFUKIT_CREDENTIALS_FILE_INVALID"
  /** credentials.tfrc.json is a symbolic link, which is refused for writing. */
  | "TOFUKIT_CREDENTIALS_FILE_SYMLINK"
  /** Writing credentials.tfrc.json failed (temporary file, rename, mode). */
  | "TOFUKIT_CREDENTIALS_WRITE_FAILED"
  /** Another process held the credentials file lock for too long. */
  | "TOFUKIT_CREDENTIALS_LOCK_TIMEOUT"
  /** The source cannot store or forget credentials. */
  | "TOFUKIT_CREDENTIALS_READ_ONLY"
  /** The operation was aborted through its AbortSignal. */
  | "TOFUKIT_CREDENTIALS_ABORTED";

/** Extra, non-secret facts about an error. */
export interface CredentialsErrorDetails {
  /** The host concerned, in display form. */
  readonly host?: string;
  /** The file concerned. */
  readonly file?: string;
  /** The helper program concerned. */
  readonly program?: string;
  /** The underlying error, when there is one. */
  readonly cause?: unknown;
}

/** Every failure of this package. `instanceof` works across duplicated copies of the package. */
export class CredentialsError extends Error {
  readonly code: CredentialsErrorCode;
  readonly host: string | undefined;
  readonly file: string | undefined;
  readonly program: string | undefined;

  constructor(code: CredentialsErrorCode, message: string, details: CredentialsErrorDetails = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.host = details.host;
    this.file = details.file;
    this.program = details.program;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && brand in value;
  }
}
Object.defineProperty(CredentialsError.prototype, "name", {
  value: "CredentialsError",
  writable: true,
  configurable: true,
});
Object.defineProperty(CredentialsError.prototype, brand, { value: true });
