// Generators of large tfvars-like files for the parse benchmarks.

/** Attributes of many kinds (objects, tuples, templates, `for` expressions), about `targetBytes` long. */
export function mixedTfvars(targetBytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    const item = `bucket_${i} = {
  name       = "logs-${i}"
  versioning = ${i % 2 === 0}
  size_gb    = ${i * 1.5}
  tags       = { team = "platform", env = "prod-${i % 7}" } # owner
  rules      = [for r in ["a", "b"] : "\${r}-${i}"]
  cidrs      = ["10.${i % 256}.0.0/16", "10.${(i + 1) % 256}.0.0/16"]
}
`;
    parts.push(item);
    size += item.length;
  }
  return parts.join("");
}

/**
 * Long lists of bucket objects, as the CLI's large-module benchmark writes them: forty
 * `buckets_N = [...]` attributes filling about `targetBytes`.
 */
export function bucketListsTfvars(targetBytes: number): string {
  const element = (n: number): string =>
    `  { name = "bucket-${n}", size = ${n % 100}${n % 3 === 0 ? ", enabled = false" : ""}${n % 4 === 0 ? `, website = { index_document = "i${n}.html" }` : ""} },\n`;
  const lists = 40;
  const perList = Math.floor(targetBytes / lists / element(12345).length);
  const parts: string[] = [];
  let n = 0;
  for (let l = 0; l < lists; l++) {
    parts.push(`buckets_${l} = [\n`);
    for (let k = 0; k < perList; k++) parts.push(element(n++));
    parts.push("]\n");
  }
  return parts.join("");
}

/** The same bucket lists as a `.tfvars.json` document of about `targetBytes`. */
export function bucketListsJSON(targetBytes: number): string {
  const element = (n: number): string =>
    `    {"name": "bucket-${n}", "size": ${n % 100}${n % 3 === 0 ? ', "enabled": false' : ""}${n % 4 === 0 ? `, "website": {"index_document": "i${n}.html"}` : ""}}`;
  const lists = 40;
  const perList = Math.floor(targetBytes / lists / (element(12345).length + 2));
  const parts: string[] = [];
  let n = 0;
  for (let l = 0; l < lists; l++) {
    const items: string[] = [];
    for (let k = 0; k < perList; k++) items.push(element(n++));
    parts.push(`  "buckets_${l}": [\n${items.join(",\n")}\n  ]`);
  }
  return `{\n${parts.join(",\n")}\n}\n`;
}
