import { describe, expect, it } from "vitest";
import { errorDiag, sourceless } from "./diagnostic.js";
import { diagnosticToJSON } from "./diagnostic-json.js";
import { parseExpression } from "./parse.js";
import type { Range } from "./pos.js";

const r = (line: number): Range => ({
  filename: "v.tf",
  start: { line, column: 3, byte: 10 },
  end: { line, column: 13, byte: 20 },
});
const json = (line: number) => ({
  filename: "v.tf",
  start: { line, column: 3, byte: 10 },
  end: { line, column: 13, byte: 20 },
});

describe("diagnosticToJSON", () => {
  it("names the fields as the library does, with ranges as plain data", () => {
    const d = errorDiag("Invalid value for variable", "Too short.", r(1), r(2), {
      rule: r(3),
      module: "module.a",
    });
    expect(diagnosticToJSON(d)).toStrictEqual({
      severity: "error",
      summary: "Invalid value for variable",
      detail: "Too short.",
      subject: json(1),
      context: json(2),
      extra: { module: "module.a", rule: json(3) },
    });
  });

  it("gives a sourceless diagnostic a null subject and leaves out what is absent", () => {
    expect(
      diagnosticToJSON(sourceless("warning", "W", "", { file: "cli.tfrc", variable: "x" })),
    ).toStrictEqual({
      severity: "warning",
      summary: "W",
      detail: "",
      subject: null,
      extra: { variable: "x", file: "cli.tfrc" },
    });
    expect(Object.keys(diagnosticToJSON(sourceless("error", "E", "")))).toEqual([
      "severity",
      "summary",
      "detail",
      "subject",
    ]);
  });

  it("round-trips a parser diagnostic through JSON.stringify", () => {
    const [d] = parseExpression("1 +", "x.tf").diagnostics;
    if (d === undefined) throw new Error("no diagnostic");
    const back = JSON.parse(JSON.stringify(diagnosticToJSON(d)));
    expect(back.subject).toEqual({
      filename: "x.tf",
      start: { ...d.subject!.start },
      end: { ...d.subject!.end },
    });
    expect(back.summary).toBe(d.summary);
  });
});
