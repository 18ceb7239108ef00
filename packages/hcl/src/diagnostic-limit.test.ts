import { describe, expect, it } from "vitest";
import { errorDiag, sourceless } from "./diagnostic.js";
import { limitDiagnostics, MAX_DIAGNOSTICS_PER_FILE } from "./diagnostic-limit.js";
import type { Range } from "./pos.js";

const at = (filename: string, line: number): Range => ({
  filename,
  start: { line, column: 1, byte: 0 },
  end: { line, column: 2, byte: 1 },
});

describe("limitDiagnostics", () => {
  it("keeps the first of each file and says how many more there were", () => {
    const a = Array.from({ length: 5 }, (_, i) => errorDiag(`a${i}`, "", at("a.tf", i + 1)));
    const b = [errorDiag("b0", "", at("b.tf", 1))];
    const none = sourceless("error", "no file", "");
    const out = limitDiagnostics([a[0]!, b[0]!, a[1]!, none, a[2]!, a[3]!, a[4]!], 3);
    expect(out.map((d) => d.summary)).toEqual(["a0", "b0", "a1", "no file", "a2", "2 more problems in a.tf"]);
    expect(out[5]).toStrictEqual(
      sourceless(
        "error",
        "2 more problems in a.tf",
        "Only the first 3 problems found in a.tf are shown. Fix those and run again to see the rest.",
      ),
    );
  });

  it("says 'problem' for one more, and keeps everything under the limit", () => {
    const many = Array.from({ length: MAX_DIAGNOSTICS_PER_FILE + 1 }, (_, i) =>
      errorDiag("x", "", at("m.tf", i + 1)),
    );
    const out = limitDiagnostics(many);
    expect(out).toHaveLength(MAX_DIAGNOSTICS_PER_FILE + 1);
    expect(out.at(-1)?.summary).toBe("1 more problem in m.tf");
    expect(limitDiagnostics(many.slice(0, 10))).toEqual(many.slice(0, 10));
  });
});
