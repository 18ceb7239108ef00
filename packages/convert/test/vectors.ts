// Test-only access to the recorded reference answers in conformance/vectors.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { CtyNumber, compareStrings, type Type, typeFromJSON } from "@tofukit/cty";
import { isLosslessNumber, parse } from "lossless-json";

const dir = fileURLToPath(new URL("../../../conformance/vectors/", import.meta.url));

interface ConvertVector {
  readonly line: number;
  readonly expr: string;
  readonly input?: { type: unknown; value: unknown };
  readonly want: Record<string, unknown>;
}

export function convertVectors(): ConvertVector[] {
  return readFileSync(`${dir}convert.jsonl`, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l, i) => ({ ...(parse(l) as Omit<ConvertVector, "line">), line: i + 1 }));
}

/**
 * Constraint types recorded in type.jsonl, for the expressions that have no defaults: a
 * stand-in for a type-expression parser in this package's tests.
 */
export function recordedConstraintTypes(): Map<string, Type> {
  const out = new Map<string, Type>();
  for (const l of readFileSync(`${dir}type.jsonl`, "utf8").split("\n")) {
    if (l.trim() === "") continue;
    const d = parse(l) as { expr: string; want: { ok: boolean; type?: unknown; hasDefaults?: boolean } };
    if (d.want.ok && d.want.hasDefaults === false) out.set(d.expr, typeFromJSON(d.want.type));
  }
  return out;
}

/** JSON text with object keys sorted (UTF-8 order), arrays kept in order and numbers exact. */
export function canonicalJSON(data: unknown): string {
  if (data === null) return "null";
  if (isLosslessNumber(data)) return CtyNumber.parse(data.value)?.toString() ?? data.value;
  if (typeof data === "string" || typeof data === "boolean") return JSON.stringify(data);
  if (Array.isArray(data)) return `[${data.map(canonicalJSON).join(",")}]`;
  if (typeof data === "object") {
    const keys = Object.keys(data).sort(compareStrings);
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonicalJSON((data as Record<string, unknown>)[k])}`).join(",")}}`;
  }
  return String(data);
}
