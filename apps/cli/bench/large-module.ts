// A large module for the check benchmark: 200 variables of mixed types and a variable definitions
// file of about 5 MB (most of it in lists of objects with optional attributes), written either as
// terraform.tfvars or as terraform.tfvars.json with the same values.
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

function variables(): LargeVariable[] {
  const out: LargeVariable[] = [];
  for (let i = 0; i < 200; i++) {
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
): { dir: string; file: string; bytes: number } {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-large-"));
  const vars = variables();
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
    vars.map((v) => `variable "${v.name}" {\n  ${v.decl}\n}\n`).join("\n"),
  );
  const file = format === "hcl" ? "terraform.tfvars" : "terraform.tfvars.json";
  const text =
    format === "hcl"
      ? vars.map((v) => `${v.name} = ${v.hcl}\n`).join("")
      : `{\n${vars.map((v) => `  "${v.name}": ${v.json}`).join(",\n")}\n}\n`;
  writeFileSync(join(dir, file), text);
  return { dir, file, bytes: Buffer.byteLength(text) };
}
