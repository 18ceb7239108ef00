// Every function of the table also answers to its `core::` name, as OpenTofu's
// internal/lang/functions_test.go (TestFunctionsPrefixedCorrectly) requires of its scope.
import { describe, expect, it } from "vitest";
import { functionGroups } from "../src/function-groups.js";
import { loadFunctions } from "../src/load-functions.js";
import { openTofuFunctions } from "../src/open-tofu-functions.js";

describe("core:: names", () => {
  const table = openTofuFunctions();
  const base = Object.keys(table).filter((name) => !name.includes("::"));

  it("exist for every function of the whole table, as the same function", () => {
    for (const name of base) expect(table[`core::${name}`], name).toBe(table[name]);
    expect(Object.keys(table).length).toBe(base.length * 2);
  });
  it("cover every function of every group, OpenTofu 1.13's included", () => {
    for (const names of Object.values(functionGroups)) {
      for (const name of names) {
        expect(table[name], name).toBeDefined();
        expect(table[`core::${name}`], name).toBeDefined();
      }
    }
    for (const name of ["assumeequal", "assumenotnull", "assumesetlengthmin", "convert"]) {
      expect(table[`core::${name}`], name).toBeDefined();
    }
  });
  it("exist in a table loaded by groups", async () => {
    const loaded = await loadFunctions(["assume", "convert"]);
    expect(Object.keys(loaded).sort()).toEqual(
      [...functionGroups.assume, ...functionGroups.convert, "templatestring"]
        .flatMap((n) => [n, `core::${n}`])
        .sort(),
    );
  });
});
