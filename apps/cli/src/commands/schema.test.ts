import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CommandIO } from "../io.js";
import { PLAIN_STYLE } from "../render/style.js";
import { runModuleSchema, runTypeSchema, runTypes } from "./schema.js";

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

const MODULE = `variable "region" {
  type        = string
  description = "Where it runs."
}

variable "size" {
  type     = number
  default  = 2
  nullable = false
}
`;

function module(): string {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-schema-"));
  writeFileSync(join(dir, "variables.tf"), MODULE);
  return dir;
}

describe("tofukit schema", () => {
  it("prints the schema of one type constraint", () => {
    const m = memoryIO(tmpdir());
    expect(runTypeSchema("list(bool)", m.io)).toBe(0);
    expect(JSON.parse(m.stdout())).toEqual({
      $schema: "https://json-schema.org/draft/2020-12/schema",
      type: ["array", "null"],
      items: { enum: [true, false, "true", "false", "1", "0", null] },
    });
  });

  it("reports an invalid type constraint and exits 1", () => {
    const m = memoryIO(tmpdir());
    expect(runTypeSchema("list(optional(string))", m.io)).toBe(1);
    expect(m.stderr()).toContain("Invalid type specification");
  });

  it("prints the schema of a module's terraform.tfvars.json", () => {
    const dir = module();
    const m = memoryIO(dir);
    expect(runModuleSchema(".", m.io)).toBe(0);
    const schema = JSON.parse(m.stdout());
    expect(schema.required).toEqual(["region"]);
    expect(schema.properties.region.description).toBe("Where it runs.");
    expect(schema.properties.size.default).toBe(2);
  });
});

describe("tofukit types", () => {
  it("prints the declarations of a module's inputs", () => {
    const m = memoryIO(module());
    expect(runTypes(".", "Inputs", m.io)).toBe(0);
    expect(m.stdout()).toBe(`/** The input variables of the module, as a terraform.tfvars.json gives them. */
export interface Inputs {
  /** Where it runs. */
  readonly region: string | number | boolean | null;
  /** @default 2 */
  readonly size?: number | string | null;
}
`);
  });
});
