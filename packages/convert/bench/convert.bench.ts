import { bench, describe } from "vitest";
import { convert } from "../src/convert.js";
import { applyDefaults } from "../src/defaults.js";
import { bucketsDefaults, bucketsInput, bucketsType } from "./buckets.js";
import { seedBucketsDefaults, seedBucketsInput, seedBucketsType } from "./seed-buckets.js";

const seedSmall = seedBucketsInput(2000);
const seedLarge = seedBucketsInput(20000);
const seedHuge = seedBucketsInput(100000);

// The target: ≤ 2 ms for 2,000 elements, linear (20,000 ≤ 12 × that; 100,000 likewise).
describe("defaults + conversion of the seed's bucket list", () => {
  bench("2,000 buckets", () => {
    convert(applyDefaults(seedSmall, seedBucketsDefaults), seedBucketsType);
  });
  bench("20,000 buckets", () => {
    convert(applyDefaults(seedLarge, seedBucketsDefaults), seedBucketsType);
  });
  bench("100,000 buckets", () => {
    convert(applyDefaults(seedHuge, seedBucketsDefaults), seedBucketsType);
  });
});

const small = bucketsInput(2000);
const large = bucketsInput(20000);

describe("defaults + conversion of a wider bucket list (labels, rules, retention)", () => {
  bench("2,000 buckets", () => {
    convert(applyDefaults(small, bucketsDefaults), bucketsType);
  });
  bench("20,000 buckets", () => {
    convert(applyDefaults(large, bucketsDefaults), bucketsType);
  });
});
