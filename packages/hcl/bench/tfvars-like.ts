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

/**
 * Attributes whose values are expressions rather than literals — function calls, conditionals,
 * `for` expressions, templates with interpolations, arithmetic and references to `var.*` —
 * about `targetBytes` long. Evaluating them needs `var` (env, base_size, tags with a `team`,
 * prefix, region) and the functions upper, lower, max (of three numbers) and length.
 */
export function expressionTfvars(targetBytes: number): string {
  const parts: string[] = [];
  let size = 0;
  for (let i = 0; size < targetBytes; i++) {
    const item = `service_${i} = {
  name    = upper("svc-${i}")
  enabled = var.env == "prod" ? true : ${i % 2 === 0}
  size    = ${i} * 2 + var.base_size - ${i % 5} / 2
  ports   = [for p in [80, 443, ${8000 + i}] : p + 1 if p > 0]
  tags    = { index = "${i}", tier = "t${i % 3}", team = var.tags.team }
  label   = "\${var.prefix}-\${lower("X${i}")}-\${${i} % 3 == 0 ? "a" : "b"}"
  zones   = { for z in ["a", "b"] : z => "\${var.region}\${z}" }
  limit   = max(${i}, 10, length(var.tags)) # cap
}
`;
    parts.push(item);
    size += item.length;
  }
  return parts.join("");
}
