// A module tree for benchmarks: a root of 200 module calls to 50 local modules, each module with
// 10 variables of the kinds public modules declare, validation rules on them (2 on each variable
// by default, 20 a module; or 2 a module, on its first variable), and local values between the
// variables and the calls in both the root and the modules. The config package's in-process
// benchmark and the CLI's whole-process one check the same tree.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const KINDS = [
  {
    type: "string",
    value: (i: number) => `"\${local.prefix}-${i}"`,
    rules: ["length(V) > 0", 'can(regex("^[a-z0-9-]+$", V))'],
  },
  { type: "number", value: (i: number) => `local.base + ${i}`, rules: ["V >= 0", "floor(V) == V"] },
  {
    type: "list(string)",
    value: () => "local.zones",
    rules: ["length(V) > 0", 'alltrue([for z in V : startswith(z, "eu-")])'],
  },
  {
    type: "map(string)",
    value: (i: number) => `merge(local.tags, { index = "${i}" })`,
    rules: ['contains(keys(V), "env")', "length(V) < 50"],
  },
  {
    type: "object({ name = string, size = optional(number, 1), public = optional(bool, false) })",
    value: (i: number) => `{ name = "server-${i}" }`,
    rules: ["V.size > 0", "length(V.name) < 64"],
  },
] as const;

/** Where the validation rules go: 2 on every variable, or 2 in each module (its first variable's). */
export type TreeRules = "per-variable" | "per-module";

function moduleText(m: number, placement: TreeRules): string {
  const parts: string[] = [];
  for (let v = 0; v < 10; v++) {
    const kind = KINDS[v % KINDS.length]!;
    const name = `v${v}`;
    const rules = (placement === "per-module" && v > 0 ? [] : kind.rules)
      .map(
        (r) =>
          `  validation {\n    condition     = ${r.replaceAll("V", `var.${name}`)}\n    error_message = "Module ${m} needs a better ${name}."\n  }\n`,
      )
      .join("");
    parts.push(`variable "${name}" {\n  type = ${kind.type}\n${rules}}\n`);
  }
  parts.push(`locals {\n  summary = "\${var.v0}:\${var.v1}"\n  zone_count = length(var.v2)\n}\n`);
  return parts.join("\n");
}

function rootText(calls: number, modules: number): string {
  const parts = [
    `variable "env" {\n  type    = string\n  default = "prod"\n}\n`,
    `locals {\n  prefix = "app-\${var.env}"\n  base   = 10\n  zones  = ["eu-west-1a", "eu-west-1b"]\n  tags   = { env = var.env, owner = local.prefix }\n}\n`,
  ];
  for (let c = 0; c < calls; c++) {
    const args = Array.from({ length: 10 }, (_, v) => `  v${v} = ${KINDS[v % KINDS.length]!.value(c)}`).join(
      "\n",
    );
    parts.push(`module "call_${c}" {\n  source = "./modules/m${c % modules}"\n${args}\n}\n`);
  }
  return parts.join("\n");
}

/**
 * Writes the tree to a fresh temporary directory and gives its path: `calls` calls spread over
 * `modules` modules; with rules "per-variable" the check runs 20 rules a call, "per-module" 2.
 */
export function writeModuleTree(calls = 200, modules = 50, rules: TreeRules = "per-variable"): string {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-tree-"));
  writeFileSync(join(dir, "main.tf"), rootText(calls, modules));
  for (let m = 0; m < modules; m++) {
    mkdirSync(join(dir, "modules", `m${m}`), { recursive: true });
    writeFileSync(join(dir, "modules", `m${m}`, "variables.tf"), moduleText(m, rules));
  }
  return dir;
}
