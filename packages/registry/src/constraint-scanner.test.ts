// apparentlymart/go-versions' TestScanConstraints (versions/constraints/raw_test.go): the hand-written
// scanner stops where the reference's Ragel machine stops, with the same fields and the same rest.
import { describe, expect, it } from "vitest";
import { type RawConstraint, scanConstraint } from "./constraint-scanner.js";

const cases: [string, RawConstraint, string][] = [
  ["", { op: "", sep: "", nums: ["", "", ""], numCt: 0, pre: "", meta: "" }, ""],
  ["garbage", { op: "", sep: "", nums: ["", "", ""], numCt: 0, pre: "", meta: "" }, "garbage"],
  ["1.0.0", { op: "", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["1.0", { op: "", sep: "", nums: ["1", "0", ""], numCt: 2, pre: "", meta: "" }, ""],
  ["1", { op: "", sep: "", nums: ["1", "", ""], numCt: 1, pre: "", meta: "" }, ""],
  ["10.0.0", { op: "", sep: "", nums: ["10", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["10.0.0.0", { op: "", sep: "", nums: ["10", "0", "0"], numCt: 4, pre: "", meta: "" }, ""],
  ["*", { op: "", sep: "", nums: ["*", "", ""], numCt: 1, pre: "", meta: "" }, ""],
  ["*.*", { op: "", sep: "", nums: ["*", "*", ""], numCt: 2, pre: "", meta: "" }, ""],
  ["*.*.*", { op: "", sep: "", nums: ["*", "*", "*"], numCt: 3, pre: "", meta: "" }, ""],
  ["1.0.*", { op: "", sep: "", nums: ["1", "0", "*"], numCt: 3, pre: "", meta: "" }, ""],
  ["x", { op: "", sep: "", nums: ["x", "", ""], numCt: 1, pre: "", meta: "" }, ""],
  ["x.x", { op: "", sep: "", nums: ["x", "x", ""], numCt: 2, pre: "", meta: "" }, ""],
  ["x.x.x", { op: "", sep: "", nums: ["x", "x", "x"], numCt: 3, pre: "", meta: "" }, ""],
  ["1.0.x", { op: "", sep: "", nums: ["1", "0", "x"], numCt: 3, pre: "", meta: "" }, ""],
  ["1.0.0-beta1", { op: "", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "beta1", meta: "" }, ""],
  ["1.0.0+abc123", { op: "", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "abc123" }, ""],
  [
    "1.0.0-beta1+abc123",
    { op: "", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "beta1", meta: "abc123" },
    "",
  ],
  ["1.0.0garbage", { op: "", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, "garbage"],
  [">= 1.0.0", { op: ">=", sep: " ", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["<= 1.0.0", { op: "<=", sep: " ", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["> 1.0.0", { op: ">", sep: " ", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["< 1.0.0", { op: "<", sep: " ", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["= 1.0.0", { op: "=", sep: " ", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["!= 1.0.0", { op: "!=", sep: " ", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["~> 1.0.0", { op: "~>", sep: " ", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["1.0.0, 2.0.0", { op: "", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ", 2.0.0"],
  ["<1.0.0", { op: "<", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["<=1.0.0", { op: "<=", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  [">1.0.0", { op: ">", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  [">=1.0.0", { op: ">=", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["=1.0.0", { op: "=", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["~1.0.0", { op: "~", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["^1.0.0", { op: "^", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, ""],
  ["1.0.0 - 2.0.0", { op: "", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, " - 2.0.0"],
  ["1.0.0 || 2.0.0", { op: "", sep: "", nums: ["1", "0", "0"], numCt: 3, pre: "", meta: "" }, " || 2.0.0"],
];

describe("scanConstraint (TestScanConstraints)", () => {
  for (const [input, want, remain] of cases) {
    it(JSON.stringify(input), () => {
      const [got, rest] = scanConstraint(input);
      expect({ ...got, nums: [...got.nums] }).toEqual({ ...want, nums: [...want.nums] });
      expect(rest).toBe(remain);
    });
  }
});
