// Documented alternative answers: for vectors whose recorded answer is one of several the
// reference gives at random, the others, with the evidence (conformance/alternatives.json).
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parse } from "lossless-json";

/** Alternative `want` objects by 1-based line number, for one vector file. */
export type Alternatives = ReadonlyMap<number, readonly unknown[]>;

interface AlternativeEntry {
  readonly reason: string;
  readonly want: readonly unknown[];
}

/**
 * Reads `alternatives.json` next to the vectors directory (the vectors stay exactly as recorded),
 * keyed by vector file name. A missing file means no alternatives.
 */
export function readAlternatives(vectorDir: string): ReadonlyMap<string, Alternatives> {
  const path = join(vectorDir, "..", "alternatives.json");
  const out = new Map<string, Alternatives>();
  if (!existsSync(path)) return out;
  const data = parse(readFileSync(path, "utf8")) as Record<string, unknown>;
  for (const [file, entries] of Object.entries(data)) {
    if (!file.endsWith(".jsonl")) continue;
    const byLine = new Map<number, readonly unknown[]>();
    for (const [line, entry] of Object.entries(entries as Record<string, AlternativeEntry>)) {
      if (typeof entry.reason !== "string" || entry.reason === "") {
        throw new Error(`${path}: ${file} line ${line} needs a reason`);
      }
      byLine.set(Number(line), entry.want);
    }
    out.set(file, byLine);
  }
  return out;
}
