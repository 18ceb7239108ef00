// Diagnostics joined without copying: a long chain of binary operators is evaluated level by
// level, and each level puts its own diagnostics before or between its operands' (as
// hclsyntax's BinaryOpExpr does). Joining arrays would cost time quadratic in the chain's length.
import type { Diagnostic } from "./diagnostic.js";

interface Join {
  readonly left: DiagnosticRope;
  readonly right: DiagnosticRope;
  readonly size: number;
}

/** An array of diagnostics, or two ropes one after the other. */
export type DiagnosticRope = readonly Diagnostic[] | Join;

export const NO_DIAGNOSTICS: readonly Diagnostic[] = Object.freeze([]);

export function ropeSize(r: DiagnosticRope): number {
  return Array.isArray(r) ? r.length : (r as Join).size;
}

/** `a` then `b`. */
export function ropeJoin(a: DiagnosticRope, b: DiagnosticRope): DiagnosticRope {
  const sa = ropeSize(a);
  if (sa === 0) return b;
  const sb = ropeSize(b);
  if (sb === 0) return a;
  return { left: a, right: b, size: sa + sb };
}

/** Appends the rope's diagnostics to `out`, in order, without recursion. */
export function ropeFlattenInto(r: DiagnosticRope, out: Diagnostic[]): void {
  const stack: DiagnosticRope[] = [r];
  while (stack.length > 0) {
    const top = stack.pop()!;
    if (Array.isArray(top)) {
      for (const d of top as readonly Diagnostic[]) out.push(d);
    } else {
      const j = top as Join;
      stack.push(j.right, j.left);
    }
  }
}
