import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { forComparison } from "@tofukit/hostname";
import { describe, expect, it } from "vitest";
import * as names from "./names.js";

const here = dirname(fileURLToPath(import.meta.url));

/** The relative imports of a module, and of theirs, transitively. */
function localImports(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(here, file), "utf8");
  for (const m of text.matchAll(/from "\.\/([^"]+)\.js"/g)) localImports(`${m[1]}.ts`, seen);
  return seen;
}

describe("the names entry", () => {
  it("gives the TF_TOKEN_ names both ways", () => {
    const host = forComparison("my-registry.example.com");
    expect(names.tokenVariableName(host)).toBe("TF_TOKEN_my__registry_example_com");
    expect(names.tokenVariableHost("TF_TOKEN_my__registry_example_com")).toBe(host);
  });

  it("reaches no Node built-in, so it runs in a browser", () => {
    for (const file of localImports("names.ts")) {
      expect(readFileSync(join(here, file), "utf8"), file).not.toMatch(/from "node:/);
    }
  });
});
