import { describe, expect, it } from "vitest";
import type { OpRunner, Vector } from "./op-runner.js";
import { runFile } from "./run-file.js";
import type { VectorFile } from "./vectors.js";

// A runner whose answer is the vector's `answer` field, judged equal to `want` or not.
const echo: OpRunner = {
  op: "echo",
  run: (v) => v.data.answer,
  compare: (v, got) => (got === v.data.want ? null : "differs"),
};

const vector = (line: number, answer: string, want: string): Vector => ({
  raw: "",
  line,
  data: { op: "echo", answer, want },
});

const file = (vectors: Vector[]): VectorFile => ({ name: "echo", path: "echo.jsonl", vectors });

describe("runFile", () => {
  it("counts passes and lists failures with input, wanted and got", () => {
    const result = runFile(file([vector(1, "a", "a"), vector(2, "b", "c")]), new Map([["echo", echo]]));
    expect(result).toMatchObject({ ran: true, passed: 1, failed: 1, viaAlternative: [] });
    expect(result.failures[0]).toMatchObject({ line: 2, reason: "differs", wanted: '"c"', got: '"b"' });
  });

  it("reports files without a runner as not run rather than passed", () => {
    const result = runFile(file([vector(1, "a", "a")]), new Map());
    expect(result).toMatchObject({ ran: false, passed: 0, failed: 0, why: "no runner for op echo yet" });
  });

  it("accepts a documented alternative for that line only, and says so", () => {
    const alternatives = new Map([[2, ["b"]]]);
    const result = runFile(
      file([vector(2, "b", "c"), vector(3, "b", "c")]),
      new Map([["echo", echo]]),
      alternatives,
    );
    expect(result).toMatchObject({ passed: 1, failed: 1, viaAlternative: [2] });
    expect(result.failures[0]?.line).toBe(3);
  });

  it("counts a runner that throws as a failure, not a crash", () => {
    const throwing: OpRunner = {
      ...echo,
      run: () => {
        throw new TypeError("boom");
      },
    };
    const result = runFile(file([vector(1, "a", "a")]), new Map([["echo", throwing]]));
    expect(result.failures[0]).toMatchObject({
      reason: "the runner threw",
      got: '{"thrown":"TypeError: boom"}',
    });
  });
});
