import type { ClosureDiagnostic } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import {
  type Diagnostic,
  diagnosticError,
  errorDiag,
  hasErrors,
  sourceless,
  warningDiag,
} from "./diagnostic.js";
import type { Range } from "./pos.js";

const r = (line: number): Range => ({
  filename: "a.tf",
  start: { line, column: 1, byte: 0 },
  end: { line, column: 4, byte: 3 },
});

describe("diagnostic constructors", () => {
  it("leave out the fields they are not given", () => {
    expect(errorDiag("S", "D", r(1))).toStrictEqual({
      severity: "error",
      summary: "S",
      detail: "D",
      subject: r(1),
    });
    expect(warningDiag("S", "D", r(1), r(2), { variable: "v" })).toStrictEqual({
      severity: "warning",
      summary: "S",
      detail: "D",
      subject: r(1),
      context: r(2),
      extra: { variable: "v" },
    });
    expect(sourceless("error", "S", "D")).toStrictEqual({ severity: "error", summary: "S", detail: "D" });
    expect(sourceless("warning", "S", "", { file: "x.tfrc" })).toStrictEqual({
      severity: "warning",
      summary: "S",
      detail: "",
      extra: { file: "x.tfrc" },
    });
    expect("subject" in errorDiag("S", "D")).toBe(false);
  });

  it("hasErrors looks only at severities", () => {
    expect(hasErrors([])).toBe(false);
    expect(hasErrors([warningDiag("w", "", r(1))])).toBe(false);
    expect(hasErrors([warningDiag("w", "", r(1)), sourceless("error", "e", "")])).toBe(true);
  });

  it("diagnosticError writes hcl's one-line form, without a range when there is no subject", () => {
    expect(diagnosticError(errorDiag("Bad", "Very bad.", r(2)))).toBe("a.tf:2,1-4: Bad; Very bad.");
    expect(diagnosticError(sourceless("error", "Bad", "Very bad."))).toBe("Bad; Very bad.");
  });
});

describe("cty's ClosureDiagnostic", () => {
  it("is assignable to and from Diagnostic", () => {
    const d: Diagnostic = errorDiag("S", "D", r(1), r(2), { module: "module.a" });
    const closure: ClosureDiagnostic = d;
    const back: Diagnostic = closure;
    expect(back).toBe(d);
  });
});
