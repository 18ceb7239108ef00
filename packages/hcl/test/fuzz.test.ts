// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in fuzz inputs
// Fuzzing the parsers: whatever the text, only diagnostics come out, never an exception.
// Longer runs: TOFUKIT_FUZZ_RUNS=100000 ../../node_modules/.bin/vitest run src/fuzz.test.ts

import { fuzzRuns, fuzzText } from "@tofukit/test-support/fuzz-input";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HCLError } from "../src/errors.js";
import {
  evaluate,
  format,
  parseConfig,
  parseExpression,
  parseJSONValue,
  parseTemplate,
} from "../src/index.js";

const nativePieces = [
  "a",
  "b_2",
  "true",
  "null",
  "for",
  "in",
  "if",
  "else",
  "endif",
  "endfor",
  " ",
  "\n",
  "\t",
  "\r\n",
  "=",
  "==",
  "!=",
  "<",
  ">=",
  "&&",
  "||",
  "!",
  "-",
  "+",
  "*",
  "/",
  "%",
  "?",
  ":",
  ".",
  "..",
  "...",
  ",",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  "[*]",
  ".*",
  "=>",
  '"',
  "\\",
  "\\n",
  "\\u00e9",
  "\\U0001F600",
  "\\q",
  "${",
  "%{",
  "$${",
  "%%{",
  "~}",
  "<<EOT\n",
  "<<-EOT\n",
  "EOT\n",
  "#",
  "//",
  "/*",
  "*/",
  "0",
  "1.5",
  "1e3",
  "1e-999999999",
  "0x1",
  "é",
  "😀",
  "\u0000",
  "\ud800",
  "“",
  "'",
  ";",
  "`",
  "&",
  "|",
  "^",
  "**",
];
const nativeSeeds = [
  'name = "prod"\nsize = 3\n',
  'tags = { env = "prod", team = ["a", "b"] }\n',
  'v = [for i, x in var.list : upper(x) if x != ""]\n',
  'b "label" {\n  a = var.x[0].y[*].z\n  c = x ? 1 : -2.5e3\n}\n',
  "h = <<-EOT\n  hello ${name}\n  %{ for x in xs }${x}%{ endfor }\nEOT\n",
  't = "a${b}c%{if d}e%{else}f%{endif}"\n',
  'm = {\n  (k) = v\n  "q" = 1\n}\n',
];

const jsonPieces = [
  "{",
  "}",
  "[",
  "]",
  ":",
  ",",
  '"',
  '"a"',
  '"${x}"',
  "\\",
  "\\u00",
  "\\ud800",
  "1",
  "-0",
  "1e400",
  "1.5",
  "true",
  "false",
  "null",
  " ",
  "\n",
  "é",
  "\u0000",
  "\ufeff",
];
const jsonSeeds = ['{"a": 1, "b": [true, null, "x"], "c": {"d": "${e}"}}', '[1, 2.5e3, "s"]', '"text"', "{}"];

describe("fuzzing", () => {
  it("parseConfig gives diagnostics, never an exception", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fuzzText(nativeSeeds, nativePieces), (src) => {
        const { diagnostics } = parseConfig(src, "fuzz.tf");
        for (const d of diagnostics) expect(typeof d.summary).toBe("string");
      }),
      { numRuns: fuzzRuns(800) },
    );
  });

  it("parseExpression gives diagnostics, never an exception", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fuzzText(nativeSeeds, nativePieces), (src) => {
        const { diagnostics } = parseExpression(src);
        for (const d of diagnostics) expect(typeof d.summary).toBe("string");
      }),
      { numRuns: fuzzRuns(1_500) },
    );
  });

  it("parseJSONValue gives diagnostics, never an exception", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fuzzText(jsonSeeds, jsonPieces), (src) => {
        const { diagnostics } = parseJSONValue(src, "fuzz.json");
        for (const d of diagnostics) expect(typeof d.summary).toBe("string");
      }),
      { numRuns: fuzzRuns(1_500) },
    );
  });

  it("parseTemplate gives diagnostics, never an exception, and its template evaluates", {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(fuzzText(nativeSeeds, nativePieces), (src) => {
        const { expr, diagnostics } = parseTemplate(src, "fuzz.tftpl");
        for (const d of diagnostics) expect(typeof d.summary).toBe("string");
        if (diagnostics.length === 0) {
          for (const d of evaluate(expr, { variables: {}, functions: {} }).diagnostics)
            expect(typeof d.summary).toBe("string");
        }
      }),
      { numRuns: fuzzRuns(800) },
    );
  });

  it("format gives formatted text or an HCLError with diagnostics, never another exception", {
    timeout: 60_000,
  }, () => {
    fc.assert(
      fc.property(fuzzText(nativeSeeds, nativePieces), (src) => {
        try {
          expect(typeof format(src, "fuzz.tf")).toBe("string");
        } catch (error) {
          expect(error).toBeInstanceOf(HCLError);
        }
      }),
      { numRuns: fuzzRuns(500) },
    );
  });
});
