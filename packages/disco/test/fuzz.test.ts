// Fuzzing the discovery document decoder: whatever the bytes, services or Go's error text.
// Longer runs: TOFUKIT_FUZZ_RUNS=100000 ../../node_modules/.bin/vitest run src/fuzz.test.ts

import { fuzzRuns, fuzzText } from "@tofukit/test-support/fuzz-input";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { decodeDiscoveryDocument } from "../src/discovery-document.js";

const pieces = [
  "{",
  "}",
  "[",
  "]",
  ":",
  ",",
  '"',
  '"modules.v1"',
  '"/v1/modules/"',
  '"https://x/"',
  "\\",
  "\\u",
  "\\ud800",
  "\\n",
  "1",
  "-0",
  "1e999",
  "true",
  "null",
  " ",
  "\n",
  "\ufeff",
  "é",
  "\u0000",
  "\u007f",
];
const seeds = [
  '{"modules.v1": "/v1/modules/", "providers.v1": "https://registry.example/v1/providers/"}',
  '{"login.v1": {"client": "terraform-cli", "grant_types": ["authz_code"], "authz": "/oauth/authorization", "token": "/oauth/token", "ports": [10000, 10010]}}',
  "null",
  "[]",
];
const utf8 = new TextEncoder();

describe("fuzzing decodeDiscoveryDocument", () => {
  it("gives services or a message, never an exception", { timeout: 60_000 }, () => {
    const bytes = fc.oneof(
      fuzzText(seeds, pieces).map((s) => utf8.encode(s)),
      fc.uint8Array({ maxLength: 64 }),
    );
    fc.assert(
      fc.property(bytes, (body) => {
        const result = decodeDiscoveryDocument(body);
        if (result.ok) expect(result.services === null || typeof result.services === "object").toBe(true);
        else expect(typeof result.message).toBe("string");
      }),
      { numRuns: fuzzRuns(1_500) },
    );
  });
});
