import { consoleString } from "@tofukit/cty";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  evaluateConstant,
  evaluateExpression,
  jsonValue,
  parseConfig,
  parseExpression,
  parseJSONValue,
} from "../src/index.js";

const piece = fc.constantFrom(
  "a",
  "1",
  "1.5e3",
  '"',
  "'",
  "${",
  "%{",
  "}",
  "~}",
  "{",
  "[",
  "]",
  "(",
  ")",
  "=",
  ":",
  ",",
  ".",
  "*",
  "...",
  "+",
  "-",
  "!",
  "?",
  "==",
  "&&",
  "for",
  "in",
  "if",
  "=>",
  "\n",
  " ",
  "\t",
  "#",
  "//",
  "/*",
  "*/",
  "<<EOT\n",
  "<<-EOT\n",
  "EOT\n",
  "\\",
  "null",
  "true",
  "é",
  "\u{1F600}",
  "\r\n",
  "\uD800",
);
const soup = fc.array(piece, { maxLength: 50 }).map((ps) => ps.join(""));

/** JSON-like data and the same thing written as an HCL expression. */
const jsonish = fc.letrec<{ value: unknown }>((tie) => ({
  value: fc.oneof(
    { depthSize: "small" },
    fc.boolean(),
    fc.constant(null),
    fc.string({ maxLength: 8 }),
    fc.integer(),
    fc.double({ noNaN: true, noDefaultInfinity: true }).filter((d) => !Object.is(d, -0)),
    fc.array(tie("value"), { maxLength: 4 }),
    fc.dictionary(fc.string({ maxLength: 6 }), tie("value"), { maxKeys: 4 }),
  ),
})).value;

function toHCL(v: unknown): string {
  if (v === null || typeof v === "boolean") return String(v);
  if (typeof v === "number") return v < 0 ? `-${JSON.stringify(-v)}` : JSON.stringify(v);
  if (typeof v === "string") return JSON.stringify(v).replace(/\$\{/g, "$$$${").replace(/%\{/g, "%%{");
  if (Array.isArray(v)) return `[${v.map(toHCL).join(", ")}]`;
  return `{${Object.entries(v as object)
    .map(([k, x]) => `${toHCL(k)} = ${toHCL(x)}`)
    .join("\n")}}`;
}

describe("parser and evaluator properties", () => {
  it("never throw on arbitrary text", { timeout: 60_000 }, () => {
    const check = (src: string): void => {
      const e = parseExpression(src);
      parseConfig(src);
      parseJSONValue(src);
      if (e.diagnostics.length === 0) evaluateExpression(e.expr);
    };
    fc.assert(fc.property(fc.string({ maxLength: 80, unit: "binary" }), check), { numRuns: 300 });
    fc.assert(fc.property(soup, check), { numRuns: 300 });
  });

  it("evaluate HCL literals to the same values as the equivalent JSON", () => {
    fc.assert(
      fc.property(jsonish, (v) => {
        const { expr, diagnostics } = parseExpression(toHCL(v));
        expect(diagnostics).toEqual([]);
        expect(consoleString(evaluateConstant(expr))).toBe(consoleString(jsonValue(JSON.stringify(v))));
      }),
      { numRuns: 300 },
    );
  }, 60_000);
});

describe("deep values", () => {
  it("give diagnostics, not exceptions, when cty cannot hold them", () => {
    const depth = 1090;
    const { expr, diagnostics } = parseExpression(`${"[".repeat(depth)}1${"]".repeat(depth)}`);
    expect(diagnostics).toEqual([]);
    expect(evaluateExpression(expr).diagnostics.length).toBeGreaterThan(0);
    expect(parseJSONValue(`${"[".repeat(depth)}1${"]".repeat(depth)}`).diagnostics.length).toBeGreaterThan(0);
  });
});
