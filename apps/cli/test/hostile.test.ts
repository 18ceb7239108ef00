import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { moduleDir, runCli } from "./run-cli.js";

const numberVariable = { "variables.tf": 'variable "a" {\n  type = number\n}\n' };

describe("tofukit check on hostile variable files", () => {
  it("reports at most 100 problems per file, then how many more, for 200,000 NUL bytes", () => {
    const dir = moduleDir(numberVariable);
    writeFileSync(join(dir, "terraform.tfvars"), Buffer.alloc(200_000));
    const run = runCli(["check", dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).not.toContain("internal error");
    expect(run.stderr.match(/Error: Invalid character/g)?.length).toBe(100);
    expect(run.stderr).toContain("Error: 199901 more problems in terraform.tfvars");
    // Each snippet is cut around its range instead of printing the 200,000-character line.
    expect(run.stderr.length).toBeLessThan(200_000);
    const json = runCli(["check", "--json", dir]);
    expect(json.status).toBe(1);
    const summaries = JSON.parse(json.stdout).diagnostics.map((d: { summary: string }) => d.summary);
    // A variables file with syntax errors stops the check before any value is looked at.
    expect(summaries).toHaveLength(101);
    expect(summaries.slice(99)).toEqual(["Invalid character", "199901 more problems in terraform.tfvars"]);
  });

  it("checks a 40 KB file of 20,000 invalid escapes with bounded output", { timeout: 60_000 }, () => {
    const dir = moduleDir({
      "variables.tf": 'variable "a" {\n  type = string\n}\n',
      "terraform.tfvars": `a = "${"\\q".repeat(20_000)}"\n`,
    });
    const run = runCli(["check", dir]);
    expect(run.status).toBe(1);
    expect(run.stderr.match(/Error: Invalid escape sequence/g)?.length).toBe(100);
    expect(run.stderr).toContain("19900 more problems in terraform.tfvars");
    expect(run.stderr.length).toBeLessThan(100_000);
  });

  it("cuts a long source line around the range, with a caret under it", () => {
    const dir = moduleDir(numberVariable);
    writeFileSync(join(dir, "terraform.tfvars"), `a = ${"1 + ".repeat(1000)}"x"\n`);
    const run = runCli(["check", dir]);
    expect(run.status).toBe(1);
    const lines = run.stderr.split("\n");
    const at = lines.findIndex((l) => l.startsWith("│    1: "));
    const source = lines[at] as string;
    const caret = lines[at + 1] as string;
    expect(Array.from(source).length).toBeLessThan(200);
    expect(source).toMatch(/^│ {4}1: ….*"x"$/);
    expect(caret.indexOf("^")).toBe(source.indexOf('"x"'));
  });

  it("reports a terraform.tfvars that is a directory as OpenTofu does", () => {
    const dir = moduleDir(numberVariable);
    mkdirSync(join(dir, "terraform.tfvars"));
    const run = runCli(["check", dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Error: Failed to read variables file");
    expect(run.stderr).toContain("Error while reading terraform.tfvars: it is a directory, not a file.");
  });

  it("refuses a terraform.tfvars linked to /dev/zero without reading it", () => {
    const dir = moduleDir(numberVariable);
    symlinkSync("/dev/zero", join(dir, "terraform.tfvars"));
    const run = runCli(["check", dir]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("Error while reading terraform.tfvars: it is not a regular file.");
  });

  it("refuses a FIFO given with -var-file without waiting on it", () => {
    const dir = moduleDir(numberVariable);
    const fifo = join(dir, "values.tfvars");
    execFileSync("mkfifo", [fifo]);
    const run = runCli(["check", dir, "-var-file", fifo]);
    // An unreadable -var-file is a usage error (exit 2), as for a missing one.
    expect(run.status).toBe(2);
    expect(run.stderr).toContain(`Given variables file ${fifo} cannot be read: is not a regular file.`);
  });

  it("runs a validation rule that is a chain of 60,000 comparisons, passing and failing", () => {
    const condition = Array.from({ length: 60_000 }, (_, i) => `var.x == ${i}`).join(" || ");
    const files = {
      "main.tf": `variable "x" {\n  type = number\n  validation {\n    condition     = ${condition}\n    error_message = "Not a listed value."\n  }\n}\n`,
    };
    const pass = runCli(["check", moduleDir({ ...files, "terraform.tfvars": "x = 59999\n" })]);
    expect(pass.status).toBe(0);
    expect(pass.stderr).toContain("passes 1 validation rule");
    const fail = runCli(["check", moduleDir({ ...files, "terraform.tfvars": "x = 60000\n" })]);
    expect(fail.status).toBe(1);
    expect(fail.stderr).toContain("Not a listed value.");
    expect(fail.stderr).not.toContain("internal error");
  });

  it("prints a number with a huge exponent compactly", () => {
    const dir = moduleDir({ ...numberVariable, "terraform.tfvars": "a = 1e300000000\n" });
    const run = runCli(["check", dir]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("var.a = 1e+300000000\n");
  });
});

describe("tofukit check --json on values cty JSON cannot encode", () => {
  it("reports an infinite value instead of crashing", () => {
    const dir = moduleDir({ ...numberVariable, "terraform.tfvars": "a = 1/0\n" });
    const run = runCli(["check", "--json", dir]);
    expect(run.status).toBe(0);
    const out = JSON.parse(run.stdout);
    expect(out.variables[0]).toMatchObject({
      name: "a",
      value: null,
      valueError: "cannot serialize infinity as JSON",
      console: "+Inf",
    });
  });

  it("reports the errors of an attribute with no value, as the plain output does", () => {
    const dir = moduleDir({ ...numberVariable, "terraform.tfvars": "a =\n" });
    const plain = runCli(["check", dir]);
    const run = runCli(["check", "--json", dir]);
    expect(run.status).toBe(plain.status);
    expect(run.status).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.valid).toBe(false);
    expect(out.diagnostics[0].summary).toBe("Invalid expression");
  });
});
