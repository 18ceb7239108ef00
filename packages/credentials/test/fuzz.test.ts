// Fuzzing the CLI configuration reader: whatever the file holds, a configuration with diagnostics.
// Longer runs: TOFUKIT_FUZZ_RUNS=100000 ../../node_modules/.bin/vitest run src/fuzz.test.ts
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fuzzRuns, fuzzText } from "@tofukit/test-support/fuzz-input";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { loadCliConfig } from "../src/cli-config.js";
import { CredentialsError } from "../src/credentials-error.js";

const hclPieces = [
  "credentials",
  "credentials_helper",
  "host",
  "services",
  "token",
  "args",
  "plugin_cache_dir",
  '"app.terraform.io"',
  '"x"',
  "{",
  "}",
  "[",
  "]",
  "=",
  ",",
  " ",
  "\n",
  '"',
  "\\",
  "${",
  "1",
  "true",
  "null",
  "#",
  "é",
  "\u0000",
];
const hclSeeds = [
  'credentials "app.terraform.io" {\n  token = "abc"\n}\ncredentials_helper "x" {\n  args = ["--a"]\n}\n',
  'host "example.com" {\n  services = {\n    "modules.v1" = "https://example.com/m/"\n  }\n}\nplugin_cache_dir = "/tmp"\n',
];
const jsonPieces = [
  '{"credentials": {',
  '"h": {"token": "t"}',
  "}",
  "{",
  "[",
  "]",
  ":",
  ",",
  '"',
  "null",
  "1",
  " ",
  "é",
];
const jsonSeeds = [
  '{"credentials": {"app.terraform.io": {"token": "abc"}}}',
  '{"host": {"x": {"services": {}}}}',
];

describe("fuzzing loadCliConfig", () => {
  for (const [kind, seeds, pieces] of [
    ["HCL", hclSeeds, hclPieces],
    ["JSON", jsonSeeds, jsonPieces],
  ] as const) {
    it(`reads any ${kind} file into a configuration with diagnostics`, { timeout: 60_000 }, async () => {
      const dir = await mkdtemp(join(tmpdir(), "tofukit-fuzz-"));
      const file = join(dir, kind === "HCL" ? "fuzz.tfrc" : "fuzz.tfrc.json");
      await fc.assert(
        fc.asyncProperty(fuzzText(seeds, pieces), async (text) => {
          await writeFile(file, text);
          try {
            const config = await loadCliConfig({ env: { HOME: dir, TF_CLI_CONFIG_FILE: file } });
            for (const d of config.diagnostics) expect(typeof d.summary).toBe("string");
          } catch (error) {
            expect(error).toBeInstanceOf(CredentialsError);
          }
        }),
        { numRuns: fuzzRuns(200) },
      );
    });
  }
});
