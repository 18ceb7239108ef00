// Parsing (and evaluating) large tfvars-like files: the work of `tofukit check` on a big module.
import { bench, describe } from "vitest";
import {
  evaluateConstant,
  evaluateExpression,
  parseConfig,
  parseJSONValue,
  readLiteralAttributes,
} from "../src/index.js";
import { bucketListsJSON, bucketListsTfvars, mixedTfvars } from "./tfvars-like.js";

const MB = 1024 * 1024;

function parseOnly(src: string): void {
  const { diagnostics } = parseConfig(src, "big.tfvars");
  if (diagnostics.length > 0) throw new Error("unexpected diagnostics");
}

function readLiterals(src: string): void {
  if (readLiteralAttributes(src, "big.tfvars") === null) throw new Error("not a literal-only file");
}

function parseAndEvaluate(src: string): void {
  const { body } = parseConfig(src, "big.tfvars");
  for (const attr of body.attributes) {
    if (evaluateExpression(attr.expr).diagnostics.length > 0) throw new Error("unexpected diagnostics");
  }
}

const mixed = mixedTfvars(MB);
describe(`mixed tfvars-like file (${(mixed.length / MB).toFixed(2)} MB)`, () => {
  bench("parseConfig", () => parseOnly(mixed));
  bench("parseConfig + evaluateConstant of every attribute", () => {
    const { body } = parseConfig(mixed, "big.tfvars");
    for (const attr of body.attributes) evaluateConstant(attr.expr);
  });
});

const buckets1 = bucketListsTfvars(MB);
describe(`bucket lists (${(buckets1.length / MB).toFixed(2)} MB)`, () => {
  bench("parseConfig", () => parseOnly(buckets1));
  bench("parseConfig + evaluateExpression", () => parseAndEvaluate(buckets1));
  bench("readLiteralAttributes (the same values, no tree)", () => readLiterals(buckets1));
});

const buckets5 = bucketListsTfvars(5 * MB);
describe(`bucket lists (${(buckets5.length / MB).toFixed(2)} MB)`, () => {
  bench("parseConfig", () => parseOnly(buckets5), { iterations: 5, time: 0 });
  bench("parseConfig + evaluateExpression", () => parseAndEvaluate(buckets5), { iterations: 5, time: 0 });
  bench("readLiteralAttributes (the same values, no tree)", () => readLiterals(buckets5), {
    iterations: 5,
    time: 0,
  });
});

const json5 = bucketListsJSON(5 * MB);
describe(`bucket lists as .tfvars.json (${(json5.length / MB).toFixed(2)} MB)`, () => {
  bench(
    "parseJSONValue",
    () => {
      if (parseJSONValue(json5, "big.tfvars.json").value === null) throw new Error("unexpected diagnostics");
    },
    { iterations: 5, time: 0 },
  );
});
