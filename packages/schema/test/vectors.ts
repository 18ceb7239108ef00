// Test-only access to the recorded conversions in conformance/vectors/convert.jsonl.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

const file = fileURLToPath(new URL("../../../conformance/vectors/convert.jsonl", import.meta.url));

/** cty JSON type encoding. */
type TypeJSON = string | [string, ...unknown[]];

export interface ConvertVector {
  readonly line: number;
  readonly expr: string;
  readonly input?: { readonly type: TypeJSON; readonly value: unknown };
  readonly want: { readonly ok: boolean; readonly stage?: string; readonly value?: unknown };
}

/**
 * The vectors whose input is JSON-shaped (what a `.tfvars.json` can hold: objects, tuples,
 * primitives and untyped nulls, no lists, sets or maps) and whose constraint is valid: the reference
 * either converted the value or refused it in conversion. Numbers are read as doubles, which
 * is all a JSON Schema validator sees of them.
 */
export function jsonShapedVectors(): ConvertVector[] {
  return readFileSync(file, "utf8")
    .split("\n")
    .map((l, i) => ({ l, line: i + 1 }))
    .filter(({ l }) => l.trim() !== "")
    .map(({ l, line }) => ({ ...(JSON.parse(l) as Omit<ConvertVector, "line">), line }))
    .filter((v) => v.input !== undefined && jsonShaped(v.input.type, v.input.value))
    .filter((v) => v.want.ok || v.want.stage === "convert");
}

/** Whether JSON can hold the value with this type: a JSON null has no type (cty's dynamic). */
function jsonShaped(type: TypeJSON, value: unknown): boolean {
  if (value === null) return type === "dynamic";
  if (typeof type === "string") return true;
  const [kind, inner] = type;
  if (kind === "tuple") return (inner as TypeJSON[]).every((t, i) => jsonShaped(t, (value as unknown[])[i]));
  if (kind === "object")
    return Object.entries(inner as Record<string, TypeJSON>).every(([k, t]) =>
      jsonShaped(t, (value as Record<string, unknown>)[k]),
    );
  return false;
}
