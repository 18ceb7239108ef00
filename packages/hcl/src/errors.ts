// The error class of @tofukit/hcl, thrown only at the API edge and carrying every diagnostic.
import { type Diagnostic, diagnosticError } from "./diagnostic.js";

/** Stable codes a caller can switch on. */
export type HCLErrorCode = "TOFUKIT_HCL_SYNTAX" | "TOFUKIT_HCL_EVALUATION";

const brand = Symbol.for("tofukit.HCLError");

/** Thrown when source text does not parse, or an expression cannot be evaluated. */
export class HCLError extends Error {
  readonly code: HCLErrorCode;
  readonly diagnostics: readonly Diagnostic[];

  constructor(code: HCLErrorCode, diagnostics: readonly Diagnostic[]) {
    const first = diagnostics.find((d) => d.severity === "error") ?? diagnostics[0];
    super(first === undefined ? "invalid HCL" : diagnosticError(first));
    this.code = code;
    this.diagnostics = diagnostics;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && brand in value;
  }
}
Object.defineProperty(HCLError.prototype, "name", { value: "HCLError", writable: true, configurable: true });
Object.defineProperty(HCLError.prototype, brand, { value: true });
