// Fuzzing hostname normalization: whatever the text, a hostname or a HostnameError, nothing else.
// Longer runs: TOFUKIT_FUZZ_RUNS=100000 ../../node_modules/.bin/vitest run src/fuzz.test.ts

import { fuzzRuns, fuzzText } from "@tofukit/test-support/fuzz-input";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { forComparison, forDisplay, HostnameError } from "../src/index.js";

const pieces = [
  "a",
  "example",
  "com",
  ".",
  "..",
  "-",
  "--",
  "xn--",
  "xn--caf-dma",
  ":",
  ":443",
  ":0",
  ":99999",
  "_",
  "é",
  "ß",
  "ς",
  "İ",
  "\u200c",
  "\u200d",
  "\u0301",
  "ا",
  "א",
  "1",
  "٣",
  "۳",
  "\u3002",
  "．",
  "ｅ",
  "\u00ad",
  " ",
  "/",
  "@",
  "%",
  "\u0000",
  "\ud800",
  "😀",
  "ǅ",
  "ﬁ",
];
const seeds = [
  "app.terraform.io",
  "café.fr",
  "xn--caf-dma.fr:8443",
  "localhost:8080",
  "faß.de",
  "例え.テスト",
];

describe("fuzzing forComparison", () => {
  it("gives a hostname or throws a HostnameError", { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(fuzzText(seeds, pieces), (given) => {
        expect(typeof forDisplay(given)).toBe("string");
        try {
          expect(typeof forComparison(given)).toBe("string");
        } catch (error) {
          expect(error).toBeInstanceOf(HostnameError);
        }
      }),
      { numRuns: fuzzRuns(1_500) },
    );
  });
});
