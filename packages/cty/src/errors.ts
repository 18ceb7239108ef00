// The error class of @tofukit/cty: invalid types, invalid values and malformed cty JSON.

/** Stable codes a caller can switch on. */
export type CtyErrorCode =
  | "TOFUKIT_CTY_INVALID_TYPE"
  | "TOFUKIT_CTY_INVALID_VALUE"
  | "TOFUKIT_CTY_TYPE_JSON"
  | "TOFUKIT_CTY_VALUE_JSON"
  | "TOFUKIT_CTY_NUMBER_SYNTAX"
  | "TOFUKIT_CTY_UNKNOWN_VALUE"
  | "TOFUKIT_CTY_TOO_DEEP"
  | "TOFUKIT_CTY_OTHER_COPY";

const brand = Symbol.for("tofukit.CtyError");

/** Thrown for values and types that cty itself would refuse (it panics or returns an error). */
export class CtyError extends Error {
  readonly code: CtyErrorCode;

  constructor(code: CtyErrorCode, message: string) {
    super(message);
    this.code = code;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && brand in value;
  }
}
Object.defineProperty(CtyError.prototype, "name", { value: "CtyError", writable: true, configurable: true });
Object.defineProperty(CtyError.prototype, brand, { value: true });

/** Values and types nested deeper than this are refused instead of overflowing the stack. */
export const MAX_DEPTH = 1024;
