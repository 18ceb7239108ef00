import { describe, expect, it } from "vitest";
import { formatDiagnostic, parseExpression } from "./index.js";

describe("formatDiagnostic", () => {
  it("shows the summary, the location, the line with the subject underlined, and the detail", () => {
    const src = "list(string,\n  number))";
    const [diag] = parseExpression(src, "vars.tf").diagnostics;
    if (diag === undefined) throw new Error("no diagnostic");
    expect(formatDiagnostic(diag, src)).toBe(
      [
        "Error: Extra characters after expression",
        "",
        "  on vars.tf line 2:",
        "  2:   number))",
        "              ^",
        "",
        "An expression was successfully parsed, but extra characters were found after it.",
      ].join("\n"),
    );
  });

  it("prints without the source line when the source is not given", () => {
    const [diag] = parseExpression("", "x.tf").diagnostics;
    if (diag === undefined) throw new Error("no diagnostic");
    expect(formatDiagnostic(diag)).toBe(
      "Error: Missing expression\n\n  on x.tf line 1:\n\nExpected the start of an expression, but found the end of the file.",
    );
  });
});
