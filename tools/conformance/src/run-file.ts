// Runs one vector file through its op runner and collects the outcome of each vector.
import { stringify } from "lossless-json";
import type { Alternatives } from "./alternatives.js";
import type { OpRunner, Vector } from "./op-runner.js";
import type { VectorFile } from "./vectors.js";

export interface Failure {
  readonly line: number;
  readonly reason: string;
  readonly input: string;
  readonly wanted: string;
  readonly got: string;
}

export interface FileResult {
  readonly name: string;
  readonly ran: boolean;
  readonly why?: string;
  readonly passed: number;
  readonly failed: number;
  readonly failures: readonly Failure[];
  /** Lines that passed through a documented alternative answer (see alternatives.ts). */
  readonly viaAlternative: readonly number[];
}

const show = (value: unknown): string => stringify(value) ?? String(value);

/** The vector with another `want`, for checking an answer against an alternative. */
function withWant(vector: Vector, want: unknown): Vector {
  return { ...vector, data: { ...vector.data, want } };
}

export function runFile(
  file: VectorFile,
  runners: ReadonlyMap<string, OpRunner>,
  alternatives: Alternatives = new Map(),
): FileResult {
  const ops = new Set(file.vectors.map((v) => String(v.data.op)));
  const missing = [...ops].filter((op) => !runners.has(op));
  if (missing.length > 0) {
    return {
      name: file.name,
      ran: false,
      why: `no runner for op ${missing.join(", ")} yet`,
      passed: 0,
      failed: 0,
      failures: [],
      viaAlternative: [],
    };
  }
  let passed = 0;
  const failures: Failure[] = [];
  const viaAlternative: number[] = [];
  for (const vector of file.vectors) {
    const runner = runners.get(String(vector.data.op))!;
    let got: unknown;
    let reason: string | null;
    try {
      got = runner.run(vector);
      reason = runner.compare(vector, got);
    } catch (error) {
      got = { thrown: String(error) };
      reason = "the runner threw";
    }
    if (reason === null) {
      passed++;
      continue;
    }
    const others = alternatives.get(vector.line) ?? [];
    if (others.some((want) => runner.compare(withWant(vector, want), got) === null)) {
      passed++;
      viaAlternative.push(vector.line);
      continue;
    }
    const { want, ...input } = vector.data;
    failures.push({ line: vector.line, reason, input: show(input), wanted: show(want), got: show(got) });
  }
  return { name: file.name, ran: true, passed, failed: failures.length, failures, viaAlternative };
}
