// Fuzzing the type constraint reader: whatever the text, a type or a TypeExprError, nothing else.
// Longer runs: TOFUKIT_FUZZ_RUNS=100000 ../../node_modules/.bin/vitest run src/fuzz.test.ts

import { fuzzRuns, fuzzText } from "@tofukit/test-support/fuzz-input";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTypeConstraint, TypeExprError } from "../src/index.js";

const pieces = [
  "string",
  "number",
  "bool",
  "any",
  "list",
  "set",
  "map",
  "tuple",
  "object",
  "optional",
  "(",
  ")",
  "[",
  "]",
  "{",
  "}",
  "=",
  ",",
  ":",
  " ",
  "\n",
  '"',
  '"string"',
  "a",
  "b",
  "null",
  "1",
  "1e999999",
  "-",
  "true",
  "x.y",
  "list(string)",
  "object({})",
  'optional(string, "d")',
  "${",
  "}",
  "é",
  "\u0000",
  "#",
  "/*",
];
const seeds = [
  "list(object({ name = string, size = optional(number, 1), tags = optional(map(string), {}) }))",
  'object({ a = optional(list(object({ b = optional(string, "x") })), []) })',
  "tuple([string, number, bool])",
  "map(set(any))",
  '"string"',
];

describe("fuzzing parseTypeConstraint", () => {
  it("gives a type or throws a TypeExprError", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fuzzText(seeds, pieces), (src) => {
        try {
          const { type } = parseTypeConstraint(src);
          expect(typeof type.kind).toBe("string");
        } catch (error) {
          expect(error).toBeInstanceOf(TypeExprError);
        }
      }),
      { numRuns: fuzzRuns(800) },
    );
  });
});
