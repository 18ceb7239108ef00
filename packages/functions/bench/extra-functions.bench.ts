// Hot paths of the extra function categories: JSON both ways on a mid-sized document, YAML
// decoding, cidrhost (the usual validation call) and sha256 of a 1 KiB string.
import { numberVal, stringVal, type Value } from "@tofukit/cty";
import { bench, describe } from "vitest";
import { openTofuFunctions } from "../src/open-tofu-functions.js";

const table = openTofuFunctions();
const call = (name: string, args: readonly Value[]) => table[name]!.call(args);

// 200 bucket-like objects, about 30 KB of JSON.
const doc = JSON.stringify(
  Array.from({ length: 200 }, (_, i) => ({
    name: `bucket-${i}`,
    region: i % 2 === 0 ? "eu-west-1" : "us-east-1",
    size: 1000 + i,
    versioning: i % 3 === 0,
    tags: { owner: "team-a", cost_center: String(4000 + i) },
  })),
);
const jsonText = stringVal(doc);
const decoded = call("jsondecode", [jsonText]);
const yamlText = call("yamlencode", [decoded]);
const prefix = stringVal("10.12.0.0/16");
const hostnum = numberVal(300n);
const kib = stringVal("x".repeat(1024));

describe("encoding", () => {
  bench("jsondecode of 200 objects (30 KB)", () => {
    call("jsondecode", [jsonText]);
  });
  bench("jsonencode of 200 objects", () => {
    call("jsonencode", [decoded]);
  });
  bench("yamldecode of 200 objects", () => {
    call("yamldecode", [yamlText]);
  });
});

describe("network and hashes", () => {
  bench('cidrhost("10.12.0.0/16", 300)', () => {
    call("cidrhost", [prefix, hostnum]);
  });
  bench("sha256 of 1 KiB", () => {
    call("sha256", [kib]);
  });
});
