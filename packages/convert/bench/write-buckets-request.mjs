// Writes conformance/requests/buckets-2000.jsonl: one `convert` request with the seed's bucket
// type constraint and a 2,000-element tuple of bucket objects of the seed's shapes, for
// `pnpm bench-request conformance/requests/buckets-2000.jsonl N`.
//
// The wanted answer is written out by hand here (defaults filled in per shape, console text
// as `tofu console` prints it), not computed by tofukit, so the request also checks the result.
//
// Usage (from the repository root): node packages/convert/bench/write-buckets-request.mjs [N]

import { writeFileSync } from "node:fs";

const n = Number(process.argv[2] ?? 2000);
const out = new URL(`../../../conformance/requests/buckets-${n}.jsonl`, import.meta.url);

const expr = `list(object({
    name    = string
    enabled = optional(bool, true)
    website = optional(object({
      index_document = optional(string, "index.html")
      error_document = optional(string, "error.html")
      routing_rules  = optional(string)
    }), {})
  }))`;

const types = [];
const values = [];
const want = [];
for (let i = 0; i < n; i++) {
  const name = `bucket-${i}`;
  const full = {
    enabled: true,
    name,
    website: { error_document: "error.html", index_document: "index.html", routing_rules: null },
  };
  switch (i % 5) {
    case 0:
      types.push(["object", { name: "string" }]);
      values.push({ name });
      break;
    case 1:
      types.push(["object", { enabled: "bool", name: "string" }]);
      values.push({ enabled: i % 2 === 0, name });
      full.enabled = i % 2 === 0;
      break;
    case 2:
      types.push(["object", { name: "string", website: ["object", { routing_rules: "string" }] }]);
      values.push({ name, website: { routing_rules: `rules-${i}` } });
      full.website.routing_rules = `rules-${i}`;
      break;
    case 3:
      types.push([
        "object",
        { name: "string", website: ["object", { error_document: "string", index_document: "string" }] },
      ]);
      values.push({ name, website: { error_document: `e${i}.html`, index_document: `i${i}.html` } });
      full.website.error_document = `e${i}.html`;
      full.website.index_document = `i${i}.html`;
      break;
    default:
      types.push([
        "object",
        { enabled: "bool", name: "string", website: ["object", { index_document: "string" }] },
      ]);
      values.push({ enabled: false, name, website: { index_document: "home.html" } });
      full.enabled = false;
      full.website.index_document = "home.html";
  }
  want.push(full);
}

const text = (s) => (s === null ? "tostring(null)" : JSON.stringify(s));
const consoleText = `tolist([\n${want
  .map(
    (b) =>
      `  {\n    "enabled" = ${b.enabled}\n    "name" = ${text(b.name)}\n    "website" = {\n` +
      `      "error_document" = ${text(b.website.error_document)}\n` +
      `      "index_document" = ${text(b.website.index_document)}\n` +
      `      "routing_rules" = ${text(b.website.routing_rules)}\n    }\n  },\n`,
  )
  .join("")}])`;

const request = {
  op: "convert",
  expr,
  input: { type: ["tuple", types], value: values },
  want: {
    console: consoleText,
    ok: true,
    type: [
      "list",
      [
        "object",
        {
          enabled: "bool",
          name: "string",
          website: [
            "object",
            { error_document: "string", index_document: "string", routing_rules: "string" },
          ],
        },
      ],
    ],
    value: want,
  },
};
writeFileSync(out, `${JSON.stringify(request)}\n`);
console.log(`wrote ${out.pathname}`);
