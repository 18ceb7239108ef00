import { bench, describe } from "vitest";
import { convert } from "../src/convert.js";
import { convertWithDefaults } from "../src/convert-with-defaults.js";
import { applyDefaults } from "../src/defaults.js";
import { bucketsDefaults, bucketsInput, bucketsType } from "./buckets.js";
import { seedBucketsDefaults, seedBucketsInput, seedBucketsType } from "./seed-buckets.js";
import { sharingObjectTypes } from "./shared-types.js";

// Inputs as the readers make them (hcl's, cty's JSON decoder): objects of one shape share their
// type object, and each element's values are made one after the other.
const seedSmall = seedBucketsInput(2000, sharingObjectTypes());
const seedLarge = seedBucketsInput(20000, sharingObjectTypes());
const seed60k = seedBucketsInput(60000, sharingObjectTypes());
const seedHuge = seedBucketsInput(100000, sharingObjectTypes());

// The target: ≤ 2 ms for 2,000 elements, linear (20,000 ≤ 12 × that; 100,000 likewise).
// convertWithDefaults is the one call for the two steps (what the CLI and the conformance
// runner use); the two calls themselves are measured below.
//
// The result takes about 187 bytes per bucket. Up to about 85,000 buckets (16 MB, Node 20's
// default semi-space) it dies in the young generation and the time per bucket stays the same;
// a larger result outlives two minor collections within one call and is copied into fresh
// old-generation pages, which costs about four times as much per bucket. The 60,000 and
// 100,000 rows show the two sides of that step.
describe("defaults + conversion of the seed's bucket list", () => {
  bench("2,000 buckets", () => {
    convertWithDefaults(seedSmall, seedBucketsType, seedBucketsDefaults);
  });
  bench("20,000 buckets", () => {
    convertWithDefaults(seedLarge, seedBucketsType, seedBucketsDefaults);
  });
  bench("60,000 buckets", () => {
    convertWithDefaults(seed60k, seedBucketsType, seedBucketsDefaults);
  });
  bench("100,000 buckets", () => {
    convertWithDefaults(seedHuge, seedBucketsType, seedBucketsDefaults);
  });
});

describe("the same as two calls: convert(applyDefaults(...))", () => {
  bench("2,000 buckets", () => {
    convert(applyDefaults(seedSmall, seedBucketsDefaults), seedBucketsType);
  });
  bench("20,000 buckets", () => {
    convert(applyDefaults(seedLarge, seedBucketsDefaults), seedBucketsType);
  });
});

const small = bucketsInput(2000, sharingObjectTypes());
const large = bucketsInput(20000, sharingObjectTypes());

describe("defaults + conversion of a wider bucket list (labels, rules, retention)", () => {
  bench("2,000 buckets", () => {
    convertWithDefaults(small, bucketsType, bucketsDefaults);
  });
  bench("20,000 buckets", () => {
    convertWithDefaults(large, bucketsType, bucketsDefaults);
  });
});

// The same values built with objectVal alone, which gives every object a type object of its
// own: a shape no reader produces, where every element's type is another object to look at.
const ownSmall = seedBucketsInput(2000);
const ownLarge = seedBucketsInput(20000);

describe("the seed's bucket list, every object with a type object of its own", () => {
  bench("2,000 buckets", () => {
    convertWithDefaults(ownSmall, seedBucketsType, seedBucketsDefaults);
  });
  bench("20,000 buckets", () => {
    convertWithDefaults(ownLarge, seedBucketsType, seedBucketsDefaults);
  });
});
