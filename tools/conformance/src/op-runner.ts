// What the runner knows about an operation: how to compute an answer and how to judge it.

export interface Vector {
  /** The line's exact text. */
  readonly raw: string;
  /** The line parsed with lossless-json: numbers are LosslessNumber (exact). */
  readonly data: Record<string, unknown>;
  /** 1-based line number in its file. */
  readonly line: number;
}

export interface OpRunner {
  /** The value of the vectors' `op` field this runner handles. */
  readonly op: string;
  /** Computes the answer for one vector, in the shape of its `want` field. Must not throw for bad input. */
  run(vector: Vector): unknown;
  /** null when `got` satisfies the vector's `want` under the conformance rules, else a short reason. */
  compare(vector: Vector, got: unknown): string | null;
}
