// A large module for the check benchmark: 200 variables of mixed types and a terraform.tfvars
// of about 5 MB (most of it in lists of objects with optional attributes).
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export function writeLargeModule(targetBytes = 5 * 1024 * 1024): { dir: string; tfvarsBytes: number } {
  const dir = mkdtempSync(join(tmpdir(), "tofukit-large-"));
  const decls: string[] = [];
  const values: string[] = [];
  const bigLists = 40;
  for (let i = 0; i < 200; i++) {
    switch (i % 5) {
      case 0:
        decls.push(`variable "name_${i}" {\n  type = string\n}\n`);
        values.push(`name_${i} = "value-${i}"\n`);
        break;
      case 1:
        decls.push(`variable "count_${i}" {\n  type    = number\n  default = ${i}\n}\n`);
        values.push(`count_${i} = ${i * 3}\n`);
        break;
      case 2:
        decls.push(`variable "tags_${i}" {\n  type = map(string)\n}\n`);
        values.push(`tags_${i} = {\n  env = "prod"\n  team = "t${i}"\n  cost_center = ${i}\n}\n`);
        break;
      case 3:
        decls.push(`variable "flags_${i}" {\n  type = set(string)\n  default = []\n}\n`);
        values.push(`flags_${i} = ["a", "b", "c${i}"]\n`);
        break;
      default:
        decls.push(
          `variable "buckets_${i}" {\n  type = list(object({\n    name    = string\n    enabled = optional(bool, true)\n    size    = optional(number, 10)\n    website = optional(object({\n      index_document = optional(string, "index.html")\n      error_document = optional(string, "error.html")\n    }), {})\n  }))\n}\n`,
        );
        values.push(`buckets_${i} = []\n`);
    }
  }
  // Fill the buckets_* lists up to the target size.
  const listVars = values
    .map((v, i) => [v, i] as const)
    .filter(([v]) => v.startsWith("buckets_"))
    .slice(0, bigLists);
  const fixed = values.join("").length;
  const element = (n: number) =>
    `  { name = "bucket-${n}", size = ${n % 100}${n % 3 === 0 ? ", enabled = false" : ""}${n % 4 === 0 ? `, website = { index_document = "i${n}.html" }` : ""} },\n`;
  const perElement = element(12345).length;
  const perList = Math.floor((targetBytes - fixed) / listVars.length / perElement);
  let n = 0;
  for (const [v, index] of listVars) {
    const name = v.split(" ")[0];
    let text = `${name} = [\n`;
    for (let k = 0; k < perList; k++) text += element(n++);
    values[index] = `${text}]\n`;
  }
  const tfvars = values.join("");
  writeFileSync(join(dir, "variables.tf"), decls.join("\n"));
  writeFileSync(join(dir, "terraform.tfvars"), tfvars);
  return { dir, tfvarsBytes: Buffer.byteLength(tfvars) };
}
