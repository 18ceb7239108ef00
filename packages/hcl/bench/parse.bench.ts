// Parsing a 1 MB tfvars-like file, and evaluating its values.
import { bench, describe } from "vitest";
import { evaluateConstant, parseConfig } from "../src/index.js";

function tfvarsLike(targetBytes: number): string {
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

const src = tfvarsLike(1024 * 1024);

describe(`tfvars-like file (${(src.length / 1024 / 1024).toFixed(2)} MB)`, () => {
  bench("parseConfig", () => {
    const { diagnostics } = parseConfig(src, "big.tfvars");
    if (diagnostics.length > 0) throw new Error("unexpected diagnostics");
  });

  bench("parseConfig + evaluateConstant of every attribute", () => {
    const { body } = parseConfig(src, "big.tfvars");
    for (const attr of body.attributes) evaluateConstant(attr.expr);
  });
});
