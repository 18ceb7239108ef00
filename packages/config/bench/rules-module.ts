// A module of 200 variables with five validation rules each, of the kinds public modules write
// (lengths, regular expressions, allowed values, for expressions over lists and maps), and a
// small terraform.tfvars that satisfies every rule.
import type { ModuleFile } from "../src/index.js";

interface BenchVariable {
  readonly name: string;
  readonly type: string;
  readonly value: string;
  readonly rules: readonly string[];
}

function variable(i: number): BenchVariable {
  switch (i % 5) {
    case 0: {
      const v = `var.name_${i}`;
      return {
        name: `name_${i}`,
        type: "string",
        value: `"app-${i}"`,
        rules: [
          `length(${v}) > 0`,
          `can(regex("^[a-z0-9-]+$", ${v}))`,
          `!startswith(${v}, "-")`,
          `length(${v}) <= 63`,
          `lower(${v}) == ${v}`,
        ],
      };
    }
    case 1: {
      const v = `var.count_${i}`;
      return {
        name: `count_${i}`,
        type: "number",
        value: String(i),
        rules: [
          `${v} >= 0`,
          `${v} < 1000000`,
          `floor(${v}) == ${v}`,
          `${v} != 13`,
          `!contains([13, 666, 1313], ${v})`,
        ],
      };
    }
    case 2: {
      const v = `var.tags_${i}`;
      return {
        name: `tags_${i}`,
        type: "map(string)",
        value: `{ env = "prod", team = "t${i}" }`,
        rules: [
          `length(${v}) <= 50`,
          `contains(keys(${v}), "env")`,
          `alltrue([for k in keys(${v}) : can(regex("^[a-z_]+$", k))])`,
          `contains(["dev", "prod"], lookup(${v}, "env", "dev"))`,
          `alltrue([for t in values(${v}) : length(t) < 256])`,
        ],
      };
    }
    case 3: {
      const v = `var.zones_${i}`;
      return {
        name: `zones_${i}`,
        type: "list(string)",
        value: '["eu-west-1a", "eu-west-1b"]',
        rules: [
          `length(${v}) > 0`,
          `length(distinct(${v})) == length(${v})`,
          `alltrue([for z in ${v} : can(regex("^[a-z]{2}-[a-z]+-[0-9][a-z]$", z))])`,
          `!contains(${v}, "us-east-1e")`,
          `length(${v}) <= 6`,
        ],
      };
    }
    default: {
      const v = `var.buckets_${i}`;
      return {
        name: `buckets_${i}`,
        type: 'list(object({ name = string, size = optional(number, 10), cidr = optional(string, "10.0.0.0/16") }))',
        value: `[{ name = "b${i}-logs" }, { name = "b${i}-data", size = 20 }]`,
        rules: [
          `length(${v}) <= 100`,
          `alltrue([for b in ${v} : b.size > 0 && b.size <= 1000])`,
          `alltrue([for b in ${v} : can(regex("^[a-z0-9-]+$", b.name))])`,
          `alltrue([for b in ${v} : can(cidrhost(b.cidr, 0))])`,
          `length([for b in ${v} : b.name]) == length(toset([for b in ${v} : b.name]))`,
        ],
      };
    }
  }
}

export function rulesModule(count = 200, rulesPerVariable = 5): ModuleFile[] {
  const vars = Array.from({ length: count }, (_, i) => variable(i));
  const decls = vars.map((v) => {
    const rules = v.rules
      .slice(0, rulesPerVariable)
      .map(
        (condition, k) =>
          // Most messages are plain text; some show the value, as modules' messages do.
          `  validation {\n    condition     = ${condition}\n    error_message = ${k % 2 === 0 ? `"Rule ${k + 1} of var.${v.name} failed."` : `"Rule ${k + 1} failed for \${jsonencode(var.${v.name})}."`}\n  }\n`,
      )
      .join("");
    return `variable "${v.name}" {\n  type = ${v.type}\n${rules}}\n`;
  });
  return [
    { name: "variables.tf", text: decls.join("\n") },
    { name: "terraform.tfvars", text: vars.map((v) => `${v.name} = ${v.value}\n`).join("") },
  ];
}
