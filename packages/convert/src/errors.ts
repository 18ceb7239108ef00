// ConversionError: what went wrong converting a value, where, with cty's own wording.

import { formatPath, type PathStep } from "./path.js";

/** Stable codes a caller can switch on. */
export type ConversionErrorCode =
  /** No conversion exists between the two types (cty's MismatchMessage; no path). */
  | "TOFUKIT_CONVERT_MISMATCH"
  /** A string that is not a number (`a number is required`). */
  | "TOFUKIT_CONVERT_NUMBER_REQUIRED"
  /** A string that is not a bool (`a bool is required`, with a lowercase hint). */
  | "TOFUKIT_CONVERT_BOOL_REQUIRED"
  /** Converted elements or attributes ended up with different types. */
  | "TOFUKIT_CONVERT_INCONSISTENT_TYPES"
  /** `cannot find a common base type for all elements`. */
  | "TOFUKIT_CONVERT_NO_COMMON_TYPE"
  /** A map lacks a key for a required object attribute. */
  | "TOFUKIT_CONVERT_MISSING_ATTRIBUTE"
  /** A map element cannot become an optional attribute's type. */
  | "TOFUKIT_CONVERT_INCOMPATIBLE_ATTRIBUTE"
  /** The value or type is nested too deeply to convert safely. */
  | "TOFUKIT_CONVERT_TOO_DEEP";

const brand = Symbol.for("tofukit.ConversionError");

/**
 * A failed conversion. `message` is cty's text; `path` locates the offending part of the
 * input value (empty when the types themselves are incompatible). `formatted` is what
 * OpenTofu shows for a variable default: `<path>: <message>`.
 */
export class ConversionError extends Error {
  readonly code: ConversionErrorCode;
  readonly path: readonly PathStep[];

  constructor(code: ConversionErrorCode, message: string, path: readonly PathStep[] = []) {
    super(message);
    this.code = code;
    this.path = Object.freeze([...path]);
  }

  /** The path as OpenTofu prints it: `.tags[0]`, `["k"].a`; empty at the top level. */
  get pathString(): string {
    return formatPath(this.path);
  }

  /** OpenTofu's FormatError: `<path>: <message>`, or just the message at the top level. */
  get formatted(): string {
    return this.path.length === 0 ? this.message : `${formatPath(this.path)}: ${this.message}`;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && brand in value;
  }
}
Object.defineProperty(ConversionError.prototype, "name", {
  value: "ConversionError",
  writable: true,
  configurable: true,
});
Object.defineProperty(ConversionError.prototype, brand, { value: true });
