// JSON Schema and TypeScript types of the seed's bucket type constraint (target: ≤ 50 µs).

import { SEED_BUCKET_TYPE } from "@tofukit/test-support/buckets-example";
import { parseTypeConstraint } from "@tofukit/typeexpr";
import { bench, describe } from "vitest";
import { jsonSchemaOf } from "../src/json-schema.js";
import { typeScriptOf } from "../src/typescript.js";

const { type, defaults } = parseTypeConstraint(SEED_BUCKET_TYPE);

describe("the seed's bucket type", () => {
  bench("jsonSchemaOf", () => {
    jsonSchemaOf(type, defaults);
  });
  bench("jsonSchemaOf + JSON.stringify", () => {
    JSON.stringify(jsonSchemaOf(type, defaults));
  });
  bench("typeScriptOf", () => {
    typeScriptOf(type, defaults);
  });
});
