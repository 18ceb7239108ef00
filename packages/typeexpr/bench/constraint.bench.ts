// The seed's bucket constraint applied to a list read from a .tfvars file, every part real: the
// type and defaults from parseTypeConstraint, the value from @tofukit/hcl's reader, defaults and
// conversion from @tofukit/convert.
import { applyDefaults, convert, convertWithDefaults } from "@tofukit/convert";
import { readLiteralAttributes } from "@tofukit/hcl";
import { SEED_BUCKET_TYPE } from "@tofukit/test-support/buckets-example";
import { bench, describe } from "vitest";
import { parseTypeConstraint } from "../src/index.js";

const constraint = parseTypeConstraint(SEED_BUCKET_TYPE);

/** `buckets = [...]` with `n` bucket objects of the seed's shapes, read as the CLI reads it. */
function buckets(n: number) {
  const lines: string[] = [];
  for (let i = 0; i < n; i++) {
    const name = `name = "bucket-${i}"`;
    switch (i % 5) {
      case 0:
        lines.push(`  { ${name} },`);
        break;
      case 1:
        lines.push(`  { ${name}, enabled = ${i % 2 === 0} },`);
        break;
      case 2:
        lines.push(`  { ${name}, website = { routing_rules = "rules-${i}" } },`);
        break;
      case 3:
        lines.push(
          `  { ${name}, website = { index_document = "i${i}.html", error_document = "e${i}.html" } },`,
        );
        break;
      default:
        lines.push(`  { ${name}, enabled = false, website = { index_document = "home.html" } },`);
    }
  }
  const read = readLiteralAttributes(`buckets = [\n${lines.join("\n")}\n]\n`, "terraform.tfvars");
  if (read === null) throw new Error("the generated file is not one of literal values");
  return read.attributes[0]!.value;
}

const small = buckets(2000);
const large = buckets(20000);

// The target: ≤ 2 ms for 2,000 elements, and 20,000 ≤ 12 × that.
describe("the seed's bucket constraint on a .tfvars list: convertWithDefaults", () => {
  bench("2,000 buckets", () => {
    convertWithDefaults(small, constraint.type, constraint.defaults);
  });
  bench("20,000 buckets", () => {
    convertWithDefaults(large, constraint.type, constraint.defaults);
  });
});

describe("the same as two calls: convert(applyDefaults(...))", () => {
  bench("2,000 buckets", () => {
    convert(applyDefaults(small, constraint.defaults!), constraint.type);
  });
  bench("20,000 buckets", () => {
    convert(applyDefaults(large, constraint.defaults!), constraint.type);
  });
});
