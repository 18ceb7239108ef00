import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const src = join(dirname(fileURLToPath(import.meta.url)), "..", "src");

/** Every module the main entry point reaches inside this package, by relative imports. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(join(src, file), "utf8");
  for (const m of text.matchAll(/from "\.\/([^"]+)\.js"/g)) reachable(`${m[1]}.ts`, seen);
  return seen;
}

describe("the main entry point", () => {
  it("uses no Node built-in, so it runs in browsers", () => {
    const files = reachable("index.ts");
    expect(files.has("load-module.ts")).toBe(true);
    expect(files.has("read-directory.ts")).toBe(false);
    for (const file of files) {
      const text = readFileSync(join(src, file), "utf8");
      expect(`${file}: ${/from "node:[^"]+"/.test(text)}`).toBe(`${file}: false`);
      expect(`${file}: ${/from "@tofukit\/[a-z]+\/node"/.test(text)}`).toBe(`${file}: false`);
    }
  });
});
