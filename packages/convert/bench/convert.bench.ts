import { bench, describe } from "vitest";
import { convert } from "../src/convert.js";
import { applyDefaults } from "../src/defaults.js";
import { bucketsDefaults, bucketsInput, bucketsType } from "./buckets.js";

const small = bucketsInput(2000);
const large = bucketsInput(20000);

describe("defaults + conversion of the bucket list", () => {
  bench("2,000 buckets", () => {
    convert(applyDefaults(small, bucketsDefaults), bucketsType);
  });
  bench("20,000 buckets", () => {
    convert(applyDefaults(large, bucketsDefaults), bucketsType);
  });
});
