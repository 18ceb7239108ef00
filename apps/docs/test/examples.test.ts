// Every code example on the site is a file under src/examples that the pages include, with its
// output beside it (NAME.out). Here each one runs: shell examples through the CLI's own `main`
// (in apps/cli, where its examples/ are), TypeScript examples as modules printing to the console.
// The output must be exactly what the page shows. UPDATE_EXAMPLES=1 rewrites the .out files.
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import type { CommandIO } from "@tofukit/cli/io";
import { main } from "@tofukit/cli/main";
import { afterEach, describe, expect, it, vi } from "vitest";
import { checkLine, totalLine } from "../../../scripts/check-summary.mjs";
import { shellWords } from "./shell-words.js";

const here = dirname(fileURLToPath(import.meta.url));
const examples = join(here, "..", "src", "examples");
const cliDir = join(here, "..", "..", "cli");
const update = process.env.UPDATE_EXAMPLES === "1";

const plain = (s: string) => s;
const style = {
  color: false,
  bold: plain,
  red: plain,
  yellow: plain,
  green: plain,
  dim: plain,
  underline: plain,
};

/** Runs `tofukit ...` as a terminal would show it: stdout and stderr in the order written, then the status. */
async function runShell(line: string): Promise<{ output: string; status: number }> {
  const words = shellWords(line);
  const env: Record<string, string> = {};
  while (/^[A-Z_][A-Z0-9_]*=/.test(words[0] ?? "")) {
    const [name, ...rest] = words.shift()!.split("=");
    env[name!] = rest.join("=");
  }
  expect(words.shift(), line).toBe("tofukit");
  let output = "";
  const stream = { write: (s: string) => (output += s) };
  const io: CommandIO = { stdout: stream, stderr: stream, env, cwd: cliDir, out: style, err: style };
  const status = await main(words, io);
  return { output, status };
}

async function runModule(file: string): Promise<string> {
  const lines: string[] = [];
  const spy = vi.spyOn(console, "log").mockImplementation((...args: unknown[]) => {
    lines.push(args.map(String).join(" "));
  });
  try {
    await import(/* @vite-ignore */ join(examples, file));
  } finally {
    spy.mockRestore();
  }
  return `${lines.join("\n")}\n`;
}

function expectOutput(file: string, got: string): void {
  const outFile = join(examples, `${file}.out`);
  if (update) writeFileSync(outFile, got);
  expect(existsSync(outFile), `${file}.out is missing`).toBe(true);
  expect(got).toBe(readFileSync(outFile, "utf8"));
}

const files = readdirSync(examples).sort();

describe("the site's examples", () => {
  afterEach(() => vi.restoreAllMocks());

  it("are all included in a page", () => {
    const pages = [join(here, "..", "src"), join(here, "..", "src", "ru")]
      .flatMap((dir) => readdirSync(join(dir, "guide")).map((f) => join(dir, "guide", f)))
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    for (const file of files.filter((f) => f.endsWith(".sh") || f.endsWith(".ts") || f.endsWith(".txt"))) {
      expect(pages, file).toContain(`@/examples/${file}`);
    }
  });

  for (const file of files.filter((f) => f.endsWith(".sh"))) {
    it(`${file} prints what its page shows`, async () => {
      const lines = readFileSync(join(examples, file), "utf8").trim().split("\n");
      let shown = "";
      for (const line of lines) {
        const { output, status } = await runShell(line);
        shown += output + (status === 0 ? "" : `(exit status ${status})\n`);
      }
      expectOutput(file, shown);
    });
  }

  for (const file of files.filter((f) => f.endsWith(".ts"))) {
    it(`${file} prints what its page shows`, async () => {
      expectOutput(file, await runModule(file));
    });
  }
});

/**
 * The lines of an excerpt (a line "…" stands for lines left out; "…" in a line for what changes
 * from run to run), found in `output` in the same order.
 */
function expectExcerpt(excerpt: string, output: string): void {
  const lines = output.split("\n");
  let at = 0;
  for (const shown of excerpt.trimEnd().split("\n")) {
    if (shown === "…") continue;
    const pattern = new RegExp(
      `^${shown
        .split("…")
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))
        .join(".*")}$`,
    );
    const found = lines.findIndex((line, i) => i >= at && pattern.test(line));
    expect(found, `"${shown}" in the output, after line ${at}:\n${output}`).toBeGreaterThanOrEqual(0);
    at = found + 1;
  }
}

describe("the Quickstart's commands", () => {
  it("npm run demo prints the lines its page shows", async () => {
    // `npm run demo` is `tofukit demo` once the CLI is built (package.json's demo:run).
    const { output, status } = await runShell("tofukit demo");
    expect(status).toBe(0);
    expectExcerpt(readFileSync(join(examples, "quickstart-demo.txt"), "utf8"), output);
  }, 60_000);

  // `npm test` runs every check of the repository, this test among them, for minutes: it cannot
  // run here. Its page shows the lines it ends with, with N for counts; scripts/check.mjs prints
  // those lines through scripts/check-summary.mjs, so the lines are rebuilt here with that module
  // (N in place of each count) and must be what the page shows: a change of the format fails here.
  it("npm test ends with lines of the shape its page shows", () => {
    const shown = readFileSync(join(examples, "quickstart-test.txt"), "utf8").trimEnd().split("\n");
    const checkMjs = readFileSync(join(here, "..", "..", "..", "scripts", "check.mjs"), "utf8");
    const total = shown.at(-1)!;
    expect(total).toBe(totalLine({ passed: "N", failed: 0, skipped: 0 }));
    let labelAt = 0;
    for (const line of shown.slice(0, -1)) {
      if (line === "…") continue;
      const label = line.slice(0, line.indexOf(": "));
      const counts = line.slice(label.length).match(/\b(?:N|\d+)\b/g) ?? [];
      expect(counts, line).toHaveLength(2);
      expect(line).toBe(checkLine(label, counts[0]!, counts[1]!));
      // A check scripts/check.mjs counts, in the order it counts them.
      const at = checkMjs.indexOf(`"${label}"`, labelAt);
      expect(at, `scripts/check.mjs counts "${label}" after the lines before it`).toBeGreaterThan(0);
      labelAt = at;
    }
  });
});
