// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import {
  chmodSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CommandIO } from "../io.js";
import { PLAIN_STYLE } from "../render/style.js";
import { type FmtOptions, runFmt } from "./fmt.js";
import { unifiedDiff } from "./unified-diff.js";

function memoryIO(cwd: string) {
  const out: string[] = [];
  const err: string[] = [];
  const io: CommandIO = {
    stdout: { write: (s: string) => out.push(s) },
    stderr: { write: (s: string) => err.push(s) },
    env: {},
    cwd,
    out: PLAIN_STYLE,
    err: PLAIN_STYLE,
  };
  return { io, stdout: () => out.join(""), stderr: () => err.join("") };
}

function tempDir(files: Record<string, string>): string {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-fmt-"));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(dir, name, ".."), { recursive: true });
    writeFileSync(join(dir, name), text);
  }
  return dir;
}

const defaults: FmtOptions = {
  paths: [],
  list: true,
  write: true,
  diff: false,
  check: false,
  recursive: false,
};
const noStdin = () => Promise.reject(new Error("standard input is not read"));

const UGLY = 'a=1\nbbb = "${x}"\n';
const PRETTY = "a   = 1\nbbb = x\n";

describe("tofukit fmt", () => {
  it("rewrites files in place and lists the ones it changed", async () => {
    const dir = tempDir({ "main.tf": UGLY, "ok.tfvars": "a = 1\n", "notes.txt": UGLY, ".hidden.tf": UGLY });
    const m = memoryIO(dir);
    expect(await runFmt(defaults, m.io, noStdin)).toBe(0);
    expect(m.stdout()).toBe("main.tf\n");
    expect(readFileSync(join(dir, "main.tf"), "utf8")).toBe(PRETTY);
    expect(readFileSync(join(dir, "notes.txt"), "utf8")).toBe(UGLY);
    expect(readFileSync(join(dir, ".hidden.tf"), "utf8")).toBe(UGLY);
    // No temp file is left behind.
    expect(readdirSync(dir).sort()).toEqual([".hidden.tf", "main.tf", "notes.txt", "ok.tfvars"]);
  });

  it("keeps the file's mode", async () => {
    const dir = tempDir({ "main.tf": UGLY });
    chmodSync(join(dir, "main.tf"), 0o600);
    await runFmt(defaults, memoryIO(dir).io, noStdin);
    expect(statSync(join(dir, "main.tf")).mode & 0o777).toBe(0o600);
  });

  it("with -check, changes nothing, lists what needs formatting and exits 3", async () => {
    const dir = tempDir({ "main.tf": UGLY, "b.tofu": "x = 1\n" });
    const m = memoryIO(dir);
    expect(await runFmt({ ...defaults, check: true }, m.io, noStdin)).toBe(3);
    expect(m.stdout()).toBe("main.tf\n");
    expect(readFileSync(join(dir, "main.tf"), "utf8")).toBe(UGLY);
    const clean = tempDir({ "main.tf": PRETTY });
    expect(await runFmt({ ...defaults, check: true }, memoryIO(clean).io, noStdin)).toBe(0);
  });

  it("with -diff, prints a unified diff", async () => {
    const dir = tempDir({ "main.tf": UGLY });
    const m = memoryIO(dir);
    expect(await runFmt({ ...defaults, diff: true, write: false }, m.io, noStdin)).toBe(0);
    expect(m.stdout()).toBe(
      'main.tf\n--- old/main.tf\n+++ new/main.tf\n@@ -1,2 +1,2 @@\n-a=1\n-bbb = "${x}"\n+a   = 1\n+bbb = x\n',
    );
    expect(readFileSync(join(dir, "main.tf"), "utf8")).toBe(UGLY);
  });

  it("goes into subdirectories only with -recursive", async () => {
    const dir = tempDir({ "main.tf": PRETTY, "modules/x/main.tf": UGLY, ".terraform/m/main.tf": UGLY });
    const m = memoryIO(dir);
    await runFmt(defaults, m.io, noStdin);
    expect(m.stdout()).toBe("");
    const r = memoryIO(dir);
    await runFmt({ ...defaults, recursive: true }, r.io, noStdin);
    expect(r.stdout()).toBe(`${join("modules", "x", "main.tf")}\n`);
    expect(readFileSync(join(dir, ".terraform/m/main.tf"), "utf8")).toBe(UGLY);
  });

  it("formats standard input to standard output for -", async () => {
    const m = memoryIO(tmpdir());
    expect(await runFmt({ ...defaults, paths: ["-"] }, m.io, () => Promise.resolve(UGLY))).toBe(0);
    expect(m.stdout()).toBe(PRETTY);
    const c = memoryIO(tmpdir());
    expect(await runFmt({ ...defaults, paths: ["-"], check: true }, c.io, () => Promise.resolve(UGLY))).toBe(
      3,
    );
    expect(c.stdout()).toBe("");
  });

  it("leaves a file with syntax errors untouched, reports them and exits 2", async () => {
    const dir = tempDir({ "bad.tf": "a = [\n", "good.tf": UGLY });
    const m = memoryIO(dir);
    expect(await runFmt(defaults, m.io, noStdin)).toBe(2);
    expect(readFileSync(join(dir, "bad.tf"), "utf8")).toBe("a = [\n");
    expect(m.stderr()).toContain("Error: ");
    expect(m.stderr()).toContain("on bad.tf line");
  });

  it("never rewrites a file that is not UTF-8", async () => {
    const dir = tempDir({});
    const bytes = Buffer.from([0x61, 0x3d, 0x22, 0xff, 0x22, 0x0a]);
    writeFileSync(join(dir, "main.tf"), bytes);
    const m = memoryIO(dir);
    expect(await runFmt(defaults, m.io, noStdin)).toBe(2);
    expect(readFileSync(join(dir, "main.tf"))).toEqual(bytes);
    expect(m.stderr()).toContain("Invalid character encoding");
  });

  it("refuses files of other kinds and paths that do not exist", async () => {
    const dir = tempDir({ "a.json": "{}" });
    const m = memoryIO(dir);
    expect(await runFmt({ ...defaults, paths: ["a.json"] }, m.io, noStdin)).toBe(2);
    expect(m.stderr()).toContain(
      "Only .tf, .tofu, .tfvars, .tftest.hcl, and .tofutest.hcl files can be processed with tofu fmt",
    );
    const n = memoryIO(dir);
    expect(await runFmt({ ...defaults, paths: ["missing"] }, n.io, noStdin)).toBe(2);
    expect(n.stderr()).toContain("No file or directory at missing");
  });
});

describe("unifiedDiff", () => {
  it("keeps three lines of context and separates distant changes into hunks", () => {
    const a = "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n";
    const b = "1\nX\n3\n4\n5\n6\n7\n8\n9\n10\nY\n12\n";
    expect(unifiedDiff(a, b, "f")).toBe(
      "--- old/f\n+++ new/f\n@@ -1,5 +1,5 @@\n 1\n-2\n+X\n 3\n 4\n 5\n@@ -8,5 +8,5 @@\n 8\n 9\n 10\n-11\n+Y\n 12\n",
    );
  });

  it("marks a missing newline at the end", () => {
    expect(unifiedDiff("a", "a\n", "f")).toBe(
      "--- old/f\n+++ new/f\n@@ -1 +1 @@\n-a\n\\ No newline at end of file\n+a\n",
    );
  });
});

describe("tofukit fmt paths", () => {
  it("prints paths relative to the working directory, as OpenTofu does", async () => {
    const dir = tempDir({ "sub/main.tf": UGLY });
    const m = memoryIO(join(dir, "sub"));
    expect(await runFmt({ ...defaults, paths: [join(dir, "sub", "main.tf")] }, m.io, noStdin)).toBe(0);
    expect(m.stdout()).toBe("main.tf\n");
    const up = memoryIO(join(dir, "sub"));
    writeFileSync(join(dir, "other.tf"), UGLY);
    await runFmt({ ...defaults, paths: [".."] }, up.io, noStdin);
    expect(up.stdout()).toBe(`${join("..", "other.tf")}\n`);
  });
});
