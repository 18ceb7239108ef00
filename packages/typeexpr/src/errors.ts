// The error class of @tofukit/typeexpr: an invalid type constraint, with every diagnostic found.
import { type Diagnostic, diagnosticError } from "@tofukit/hcl";

/**
 * `TOFUKIT_TYPEEXPR_SYNTAX`: the text is not a valid HCL expression.
 * `TOFUKIT_TYPEEXPR_INVALID`: it is valid HCL but not a valid type constraint.
 */
export type TypeExprErrorCode = "TOFUKIT_TYPEEXPR_SYNTAX" | "TOFUKIT_TYPEEXPR_INVALID";

const brand = Symbol.for("tofukit.TypeExprError");

export class TypeExprError extends Error {
  readonly code: TypeExprErrorCode;
  readonly diagnostics: readonly Diagnostic[];

  constructor(code: TypeExprErrorCode, diagnostics: readonly Diagnostic[]) {
    const first = diagnostics.find((d) => d.severity === "error") ?? diagnostics[0];
    super(first === undefined ? "invalid type constraint" : diagnosticError(first));
    this.code = code;
    this.diagnostics = diagnostics;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && brand in value;
  }
}
Object.defineProperty(TypeExprError.prototype, "name", {
  value: "TypeExprError",
  writable: true,
  configurable: true,
});
Object.defineProperty(TypeExprError.prototype, brand, { value: true });
