// Reading vector files: one JSON object per line, parsed losslessly so numbers stay exact.
import { readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { parse } from "lossless-json";
import type { Vector } from "./op-runner.js";

export interface VectorFile {
  readonly name: string;
  readonly path: string;
  readonly vectors: readonly Vector[];
}

export function readVectorFile(path: string): VectorFile {
  const vectors: Vector[] = [];
  const lines = readFileSync(path, "utf8").split("\n");
  for (let i = 0; i < lines.length; i++) {
    const raw = lines[i]!;
    if (raw.trim() === "") continue;
    const data = parse(raw);
    if (typeof data !== "object" || data === null || Array.isArray(data)) {
      throw new Error(`${path}:${i + 1}: a vector must be a JSON object`);
    }
    vectors.push({ raw, data: data as Record<string, unknown>, line: i + 1 });
  }
  return { name: basename(path, ".jsonl"), path, vectors };
}

/** Every `*.jsonl` file of a directory, sorted by name. */
export function readVectorDirectory(dir: string): VectorFile[] {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".jsonl"))
    .sort()
    .map((f) => readVectorFile(join(dir, f)));
}
