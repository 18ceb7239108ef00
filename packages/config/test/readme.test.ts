// The README's examples, run as written: each `// → x` comment is what the line before prints.
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as cty from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import * as config from "../src/index.js";
import * as node from "../src/node.js";

const readme = readFileSync(join(dirname(fileURLToPath(import.meta.url)), "..", "README.md"), "utf8");
const blocks = [...readme.matchAll(/```ts\n([\s\S]*?)```/g)].map((m) => m[1]!);

/** Runs an example with its imports bound to this package, and returns what it printed and what it says it prints. */
function run(code: string, scope: Record<string, unknown>): { printed: string[]; promised: string[] } {
  const promised = [...code.matchAll(/\/\/ → (.*)$/gm)].map((m) => m[1]!);
  const body = code.replace(/^import .*$/gm, "").replace(/:\s*(\w+)\[\]/g, "");
  const printed: string[] = [];
  const log = (...xs: unknown[]) => printed.push(xs.map(String).join(" "));
  const names = Object.keys(scope);
  // The examples are TypeScript only in their non-null assertions, which JavaScript reads as written minus "!".
  const js = body.replace(/!(?=[.)\]])/g, "");
  new Function(...names, "console", js)(...names.map((n) => scope[n]), { log });
  return { printed, promised };
}

describe("README", () => {
  it("runs the in-memory example as documented", () => {
    const { printed, promised } = run(blocks[0]!, { ...config, consoleString: cty.consoleString });
    expect(promised.length).toBeGreaterThan(0);
    expect(printed).toEqual(promised);
  });

  it("runs the directory example as documented, in a directory of its own", () => {
    const { printed, promised } = run(blocks[1]!, {
      ...config,
      ...node,
      mkdtempSync,
      writeFileSync,
      tmpdir,
      join,
      process: { env: {} },
    });
    expect(promised.length).toBeGreaterThan(0);
    expect(printed).toEqual(promised);
  });

  it("runs the module tree example as documented", () => {
    const { printed, promised } = run(blocks[2]!, { ...config, consoleString: cty.consoleString });
    expect(promised.length).toBeGreaterThan(0);
    expect(printed).toEqual(promised);
  });
});
