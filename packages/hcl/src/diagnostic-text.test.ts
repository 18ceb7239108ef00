import { describe, expect, it } from "vitest";
import { errorDiag, sourceless, warningDiag } from "./diagnostic.js";
import { formatDiagnostic, parseExpression } from "./index.js";
import type { Range } from "./pos.js";

const at = (filename: string, line: number, start: number, end: number): Range => ({
  filename,
  start: { line, column: start, byte: 0 },
  end: { line, column: end, byte: 0 },
});

describe("formatDiagnostic", () => {
  it("prints the summary, the location, the line with a caret under the subject, and the detail", () => {
    const src = "list(string,\n  number))";
    const [diag] = parseExpression(src, "vars.tf").diagnostics;
    if (diag === undefined) throw new Error("no diagnostic");
    expect(formatDiagnostic(diag, new Map([["vars.tf", src]]))).toBe(
      [
        "╷",
        "│ Error: Extra characters after expression",
        "│",
        "│   on vars.tf line 2:",
        "│    2:   number))",
        "│                ^",
        "│",
        "│ An expression was successfully parsed, but extra characters were found after it.",
        "╵",
        "",
      ].join("\n"),
    );
  });

  it("takes the subject's text alone in place of a map of sources", () => {
    const src = "list(string,\n  number))";
    const [diag] = parseExpression(src, "vars.tf").diagnostics;
    if (diag === undefined) throw new Error("no diagnostic");
    expect(formatDiagnostic(diag, src)).toBe(formatDiagnostic(diag, new Map([["vars.tf", src]])));
  });

  it("prints without the source line when the file's text is not given", () => {
    const [diag] = parseExpression("", "x.tf").diagnostics;
    if (diag === undefined) throw new Error("no diagnostic");
    expect(formatDiagnostic(diag)).toBe(
      "╷\n│ Error: Missing expression\n│\n│   on x.tf line 1:\n│\n│ Expected the start of an expression, but found the end of the file.\n╵\n",
    );
  });

  it("prints a sourceless diagnostic without a location, and a warning as a warning", () => {
    expect(formatDiagnostic(sourceless("warning", "Careful", "Something to know."))).toBe(
      "╷\n│ Warning: Careful\n│\n│ Something to know.\n╵\n",
    );
    expect(formatDiagnostic(sourceless("error", "Bad option", ""))).toBe("╷\n│ Error: Bad option\n│\n╵\n");
  });

  it("wraps the detail to the width, leaving indented lines as written", () => {
    const detail = `${"word ".repeat(30).trim()}\n  indented ${"x".repeat(120)}`;
    const text = formatDiagnostic(sourceless("error", "S", detail), undefined, { width: 40 });
    const body = text.split("\n").filter((l) => l.startsWith("│ word"));
    expect(body.length).toBeGreaterThan(3);
    for (const line of body) expect(line.length).toBeLessThanOrEqual(40);
    expect(text).toContain(`│   indented ${"x".repeat(120)}\n`);
    // An infinite width never wraps.
    expect(formatDiagnostic(sourceless("error", "S", detail), undefined, { width: Infinity })).toContain(
      `│ ${"word ".repeat(30).trim()}\n`,
    );
  });

  it("colours errors red, warnings yellow and the summary bold only when asked", () => {
    const src = "a = b\n";
    const error = errorDiag("Bad", "Detail.", at("m.tf", 1, 5, 6));
    const coloured = formatDiagnostic(error, src, { color: true });
    expect(coloured).toContain("\x1b[1m\x1b[31mError: \x1b[39m\x1b[22m\x1b[1mBad\x1b[22m");
    expect(coloured).toContain("\x1b[31m╷\x1b[39m");
    expect(coloured).toContain("\x1b[31m    ^\x1b[39m");
    expect(formatDiagnostic(warningDiag("Hm", "", at("m.tf", 1, 1, 2)), src, { color: true })).toContain(
      "\x1b[33m╵\x1b[39m",
    );
    expect(formatDiagnostic(error, src)).not.toContain("\x1b[");
  });

  it("cuts a long source line to a window around the subject, marked where it was cut", () => {
    const line = `${"a".repeat(300)}!${"b".repeat(300)}`;
    const text = formatDiagnostic(errorDiag("Bang", "", at("long.tf", 1, 301, 302)), line);
    const [snippet, caret] = text.split("\n").filter((l) => l.startsWith("│    1: ") || l.includes("^"));
    expect(snippet).toMatch(/^│ {4}1: …a+!b+…$/);
    expect(Array.from(snippet!.slice("│    1: ".length)).length).toBe(162);
    expect(caret!.indexOf("^")).toBe(snippet!.indexOf("!"));
  });

  it("keeps tabs before the subject so that the caret lines up", () => {
    const text = formatDiagnostic(errorDiag("T", "", at("t.tf", 1, 3, 4)), "\t\tx\n");
    expect(text).toContain("│    1: \t\tx\n│       \t\t^\n");
  });
});
