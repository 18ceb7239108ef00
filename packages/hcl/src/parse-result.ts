// What each parsing step gives: the node and its diagnostics, and the placeholders put where a
// part failed to parse.

import type { Expression } from "./ast.js";
import type { Diagnostic } from "./diagnostic.js";
import type { Range } from "./pos.js";

export interface Result<T> {
  readonly node: T;
  /** Read-only: terms without diagnostics share one empty array (NO_DIAGS). */
  readonly diags: readonly Diagnostic[];
}

/** The diagnostics of the many terms that have none: shared, so frozen. */
export const NO_DIAGS: readonly Diagnostic[] = Object.freeze([]);

/** Appends `more` to `diags`; most results have none, and a spread call costs even then. */
export function append(diags: Diagnostic[], more: readonly Diagnostic[]): void {
  for (let i = 0; i < more.length; i++) diags.push(more[i] as Diagnostic);
}

export function placeholder(range: Range): Expression {
  return { kind: "literal", value: { type: "unknown" }, range };
}

/** hclsyntax's ExprSyntaxError: a placeholder whose evaluation reports `parseDiagnostics` again. */
export function syntaxErrorPlaceholder(range: Range, parseDiagnostics: readonly Diagnostic[]): Expression {
  return { kind: "literal", value: { type: "unknown", parseDiagnostics: [...parseDiagnostics] }, range };
}

/** Appends `d` to `diags`, making the array when there is none yet (most parses have none). */
export function withDiag(diags: Diagnostic[] | null, d: Diagnostic): Diagnostic[] {
  if (diags === null) return [d];
  diags.push(d);
  return diags;
}

/** `diags` with `more` appended, making the array only when there is something to append. */
export function withDiags(diags: Diagnostic[] | null, more: readonly Diagnostic[]): Diagnostic[] | null {
  if (more.length === 0) return diags;
  const out = diags ?? [];
  append(out, more);
  return out;
}
