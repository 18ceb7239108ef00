// The TypeScript types on the recorded conversions, in one compile of every case: a value
// OpenTofu converts compiles against its constraint's type; a value it refuses does not, unless
// it was refused only for a string that is not a number (TypeScript cannot check a string's
// syntax, so `number | string` takes every string).

import { parseTypeConstraint } from "@tofukit/typeexpr";
import ts from "typescript";
import { describe, expect, it } from "vitest";
import { typeScriptOf } from "../src/typescript.js";
import { type ConvertVector, jsonShapedVectors } from "./vectors.js";

/** The value as a TypeScript expression (numbers a double cannot hold are still numbers). */
function literal(value: unknown): string {
  if (typeof value === "number")
    return Number.isFinite(value) ? String(value) : value > 0 ? "1e400" : "-1e400";
  if (Array.isArray(value)) return `[${value.map(literal).join(", ")}]`;
  if (value !== null && typeof value === "object")
    return `{ ${Object.entries(value)
      .map(([k, v]) => `${JSON.stringify(k)}: ${literal(v)}`)
      .join(", ")} }`;
  return JSON.stringify(value);
}

function refusedOnlyForNumberSyntax(v: ConvertVector): boolean {
  const want = v.want as { error?: string; errorOneOf?: string[] };
  const messages = want.errorOneOf ?? [want.error ?? ""];
  return messages.every((m) => m.endsWith("a number is required"));
}

/** Compiles one file with a declaration per case; the cases with an error, by index. */
function casesWithErrors(cases: readonly { type: string; value: string }[]): Set<number> {
  let text = "";
  const starts: number[] = [];
  cases.forEach((c, i) => {
    starts.push(text.length);
    text += `export const case${i}: ${c.type} = ${c.value};\n`;
  });
  const name = "/cases.ts";
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const source = ts.createSourceFile(name, text, ts.ScriptTarget.ES2022, true);
  const getSourceFile = host.getSourceFile.bind(host);
  host.getSourceFile = (file, lang) => (file === name ? source : getSourceFile(file, lang));
  const program = ts.createProgram([name], options, host);
  const failed = new Set<number>();
  for (const d of [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)]) {
    let i = starts.length - 1;
    while (i > 0 && starts[i]! > (d.start ?? 0)) i--;
    failed.add(i);
  }
  return failed;
}

describe("TypeScript types of the recorded constraints", () => {
  it("compile the values OpenTofu converts and refuse those it refuses", { timeout: 120_000 }, () => {
    const vectors = jsonShapedVectors()
      .map((v) => ({ v, type: parseTypeConstraint(v.expr) }))
      .filter(({ type }) => !type.type.hasDynamic);
    const cases = vectors.map(({ v, type }) => ({
      type: typeScriptOf(type.type, type.defaults),
      value: literal(v.input!.value),
    }));
    const failed = casesWithErrors(cases);
    const wrong = vectors
      .map(({ v }, i) => ({ line: v.line, ok: v.want.ok, compiled: !failed.has(i), case: cases[i] }))
      .filter((r, i) => (r.ok ? !r.compiled : r.compiled && !refusedOnlyForNumberSyntax(vectors[i]!.v)));
    expect(vectors.length).toBeGreaterThan(500);
    expect(wrong.slice(0, 5)).toEqual([]);
    // The refusals are checked too, not only skipped.
    expect(vectors.filter(({ v }, i) => !v.want.ok && failed.has(i)).length).toBeGreaterThan(100);
  });
});
