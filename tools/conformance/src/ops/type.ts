// type.jsonl: type constraints through @tofukit/typeexpr's public API.
import { typeToJSON } from "@tofukit/cty";
import { parseTypeConstraint, TypeExprError, typeString } from "@tofukit/typeexpr";
import type { OpRunner, Vector } from "../op-runner.js";

interface DiagText {
  readonly summary: string;
  readonly detail: string;
}

type Stage = { readonly stage: "syntax" | "typeexpr" | "internal" };

type TypeAnswer =
  | { readonly ok: true; readonly type: unknown; readonly string: string; readonly hasDefaults: boolean }
  | { readonly ok: false; readonly diags: readonly [Stage, ...DiagText[]] };

function run(vector: Vector): TypeAnswer {
  const expr = vector.data.expr as string;
  try {
    const { type, defaults } = parseTypeConstraint(expr);
    return { ok: true, type: typeToJSON(type), string: typeString(type), hasDefaults: defaults !== null };
  } catch (error) {
    if (error instanceof TypeExprError) {
      const stage = error.code === "TOFUKIT_TYPEEXPR_SYNTAX" ? "syntax" : "typeexpr";
      return {
        ok: false,
        diags: [{ stage }, ...error.diagnostics.map((d) => ({ summary: d.summary, detail: d.detail }))],
      };
    }
    return {
      ok: false,
      diags: [{ stage: "internal" }, { summary: "unexpected error", detail: String(error) }],
    };
  }
}

/** Structural equality of JSON-like data; object key order does not matter. */
function sameJSON(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== "object" || typeof b !== "object" || a === null || b === null) return false;
  if (Array.isArray(a) !== Array.isArray(b)) return false;
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((x, i) => sameJSON(x, b[i]));
  }
  const ka = Object.keys(a);
  const kb = Object.keys(b);
  if (ka.length !== kb.length) return false;
  return ka.every(
    (k) =>
      Object.hasOwn(b, k) && sameJSON((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]),
  );
}

function compare(vector: Vector, got: unknown): string | null {
  const want = vector.data.want as TypeAnswer;
  const answer = got as TypeAnswer;
  if (answer.ok !== want.ok) return `ok: wanted ${want.ok}, got ${answer.ok}`;
  if (want.ok && answer.ok) {
    if (!sameJSON(answer.type, want.type)) return "type differs";
    if (answer.string !== want.string) return "string differs";
    if (answer.hasDefaults !== want.hasDefaults) return "hasDefaults differs";
    return null;
  }
  if (want.ok || answer.ok) return "unreachable";
  const [wantStage, ...wantDiags] = want.diags;
  const [gotStage, ...gotDiags] = answer.diags;
  if (gotStage.stage !== wantStage.stage) return `stage: wanted ${wantStage.stage}, got ${gotStage.stage}`;
  // A syntax error only has to be rejected as one; the reference parser's texts need not match.
  if (wantStage.stage === "syntax") return null;
  if (gotDiags.length !== wantDiags.length)
    return `wanted ${wantDiags.length} diagnostics, got ${gotDiags.length}`;
  for (const [i, w] of wantDiags.entries()) {
    const g = gotDiags[i] as DiagText;
    if (g.summary !== w.summary) return `diagnostic ${i + 1}: summary differs`;
    if (g.detail !== w.detail) return `diagnostic ${i + 1}: detail differs`;
  }
  return null;
}

export const typeOp: OpRunner = { op: "type", run, compare };
