// A large module for the check benchmark: 200 variables (or as many as asked for) of mixed types and a variable definitions
// file of about 5 MB (most of it in lists of objects with optional attributes), written either as
// terraform.tfvars or as terraform.tfvars.json with the same values; optionally with validation
// rules on every variable, of the kinds public modules write.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** One variable: its declaration and its value in both syntaxes. */
interface LargeVariable {
  readonly name: string;
  readonly decl: string;
  hcl: string;
  json: string;
}

const BUCKET_TYPE = `list(object({
    name    = string
    enabled = optional(bool, true)
    size    = optional(number, 10)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
    }), {})
  }))`;

function variables(count: number): LargeVariable[] {
  const out: LargeVariable[] = [];
  for (let i = 0; i < count; i++) {
    switch (i % 5) {
      case 0:
        out.push({
          name: `name_${i}`,
          decl: "type = string",
          hcl: `"value-${i}"`,
          json: `"value-${i}"`,
        });
        break;
      case 1:
        out.push({
          name: `count_${i}`,
          decl: `type    = number\n  default = ${i}`,
          hcl: `${i * 3}`,
          json: `${i * 3}`,
        });
        break;
      case 2:
        out.push({
          name: `tags_${i}`,
          decl: "type = map(string)",
          hcl: `{\n  env = "prod"\n  team = "t${i}"\n  cost_center = ${i}\n}`,
          json: `{"env": "prod", "team": "t${i}", "cost_center": ${i}}`,
        });
        break;
      case 3:
        out.push({
          name: `flags_${i}`,
          decl: "type = set(string)\n  default = []",
          hcl: `["a", "b", "c${i}"]`,
          json: `["a", "b", "c${i}"]`,
        });
        break;
      default:
        out.push({ name: `buckets_${i}`, decl: `type = ${BUCKET_TYPE}`, hcl: "[]", json: "[]" });
    }
  }
  return out;
}

/** Up to five validation rules for a variable, by the kind of its name. */
function validationRules(name: string): string[] {
  const v = `var.${name}`;
  const kind = name.slice(0, name.indexOf("_"));
  switch (kind) {
    case "name":
      return [
        `length(${v}) > 0`,
        `can(regex("^[a-z0-9-]+$", ${v}))`,
        `!startswith(${v}, "-")`,
        `length(${v}) <= 63`,
        `lower(${v}) == ${v}`,
      ];
    case "count":
      return [`${v} >= 0`, `${v} < 1000000`, `floor(${v}) == ${v}`, `${v} != 13`, `${v} % 1 == 0`];
    case "tags":
      return [
        `length(${v}) <= 50`,
        `contains(keys(${v}), "env")`,
        `alltrue([for k in keys(${v}) : can(regex("^[a-z_]+$", k))])`,
        `lookup(${v}, "env", "prod") != ""`,
        `alltrue([for t in values(${v}) : length(t) < 256])`,
      ];
    case "flags":
      return [
        `length(${v}) <= 100`,
        `alltrue([for f in ${v} : length(f) > 0])`,
        `!contains(${v}, "forbidden")`,
        `length(distinct(tolist(${v}))) == length(${v})`,
        `alltrue([for f in ${v} : can(regex("^[a-z0-9]+$", f))])`,
      ];
    default:
      return [
        `length(${v}) <= 100000`,
        `alltrue([for b in ${v} : b.enabled != null])`,
        `alltrue([for b in ${v} : b.size >= 0])`,
        `alltrue([for b in ${v} : can(regex("^[a-z0-9-]+$", b.name))])`,
        `alltrue([for b in ${v} : b.website.index_document != ""])`,
      ];
  }
}

function validationBlocks(name: string, rules: number): string {
  return validationRules(name)
    .slice(0, rules)
    .map(
      (condition, i) =>
        `\n  validation {\n    condition     = ${condition}\n    error_message = "Rule ${i + 1} of var.${name} failed."\n  }`,
    )
    .join("");
}

function bucketHCL(n: number): string {
  const enabled = n % 3 === 0 ? ", enabled = false" : "";
  const website = n % 4 === 0 ? `, website = { index_document = "i${n}.html" }` : "";
  return `  { name = "bucket-${n}", size = ${n % 100}${enabled}${website} },\n`;
}

function bucketJSON(n: number): string {
  const enabled = n % 3 === 0 ? ', "enabled": false' : "";
  const website = n % 4 === 0 ? `, "website": {"index_document": "i${n}.html"}` : "";
  return `    {"name": "bucket-${n}", "size": ${n % 100}${enabled}${website}}`;
}

export function writeLargeModule(
  targetBytes = 5 * 1024 * 1024,
  format: "hcl" | "json" = "hcl",
  rules = 0,
  count = 200,
): { dir: string; file: string; bytes: number } {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-large-"));
  const vars = variables(count);
  // Fill forty of the buckets_* lists up to the target size.
  const lists = vars.filter((v) => v.name.startsWith("buckets_")).slice(0, 40);
  const fixed = vars.reduce((size, v) => size + v.name.length + v.hcl.length + 4, 0);
  const perList = Math.floor((targetBytes - fixed) / lists.length / bucketHCL(12345).length);
  let n = 0;
  for (const v of lists) {
    const hcl: string[] = [];
    const json: string[] = [];
    for (let k = 0; k < perList; k++, n++) {
      hcl.push(bucketHCL(n));
      json.push(bucketJSON(n));
    }
    v.hcl = `[\n${hcl.join("")}]`;
    v.json = `[\n${json.join(",\n")}\n  ]`;
  }
  writeFileSync(
    join(dir, "variables.tf"),
    vars.map((v) => `variable "${v.name}" {\n  ${v.decl}${validationBlocks(v.name, rules)}\n}\n`).join("\n"),
  );
  const file = format === "hcl" ? "terraform.tfvars" : "terraform.tfvars.json";
  const text =
    format === "hcl"
      ? vars.map((v) => `${v.name} = ${v.hcl}\n`).join("")
      : `{\n${vars.map((v) => `  "${v.name}": ${v.json}`).join(",\n")}\n}\n`;
  writeFileSync(join(dir, file), text);
  return { dir, file, bytes: Buffer.byteLength(text) };
}
