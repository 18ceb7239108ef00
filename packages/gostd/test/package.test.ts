import { readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as gostd from "../src/index.js";

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..");

describe("the package", () => {
  it("uses no Node built-ins in its main entry, so it runs in browsers unchanged", () => {
    const sources = readdirSync(join(packageDir, "src")).filter(
      (f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && f !== "node.ts" && !f.startsWith("node-"),
    );
    expect(sources.length).toBeGreaterThan(4);
    for (const file of sources) {
      const text = readFileSync(join(packageDir, "src", file), "utf8");
      expect(text, file).not.toMatch(/from "node:|require\(|\bprocess\.|\bBuffer\b/);
    }
  });

  it("exports the Go texts and paths and nothing else", () => {
    expect(Object.keys(gostd).sort()).toEqual([
      "FileReadError",
      "GO_JSON_MAX_DEPTH",
      "basePath",
      "cleanPath",
      "dirPath",
      "goErrnoText",
      "goJsonHtmlEscape",
      "goJsonString",
      "goJsonSyntaxError",
      "goJsonUnmarshalTypeError",
      "goPathError",
      "goQuote",
      "goQuoteRune",
      "isAbsPath",
      "joinPath",
      "relPath",
      "toGoString",
    ]);
  });
});
