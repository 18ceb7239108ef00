// `schema`, `types` and `fmt` through the built CLI, with OpenTofu's one-dash flags.
import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { cliDir, moduleDir, runCli } from "./run-cli.js";

describe("tofukit fmt (built)", () => {
  it("takes -check and exits 3, then rewrites with no flags", () => {
    const dir = moduleDir({ "main.tf": "a=1\nbb=2\n" });
    const check = runCli(["fmt", "-check", dir]);
    expect(check.status).toBe(3);
    // Relative to the working directory, as OpenTofu prints paths.
    expect(check.stdout).toBe(`${relative(cliDir, join(dir, "main.tf"))}\n`);
    expect(runCli(["fmt", dir]).status).toBe(0);
    expect(readFileSync(join(dir, "main.tf"), "utf8")).toBe("a  = 1\nbb = 2\n");
  });

  it("formats standard input for -", () => {
    const run = runCli(["fmt", "-"], { input: "x {\ny=1\n}\n" });
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("x {\n  y = 1\n}\n");
  });
});

describe("tofukit schema and types (built)", () => {
  it("prints a type constraint's schema", () => {
    const run = runCli(["schema", "--type", "map(number)"]);
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).additionalProperties.type).toEqual(["number", "string", "null"]);
  });

  it("prints a module's TypeScript declarations", () => {
    const dir = moduleDir({ "v.tf": 'variable "n" {\n  type = bool\n}\n' });
    const run = runCli(["types", dir]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('  readonly n: boolean | "true" | "false" | "1" | "0" | null;\n');
  });
});
