import type { CtyFunction } from "@tofukit/cty";
import { evaluate, functionCalls, parseExpression } from "@tofukit/hcl";
import { describe, expect, it } from "vitest";
import { type FunctionGroup, functionGroups, groupsProviding } from "./function-groups.js";
import { loadFunctions } from "./load-functions.js";
import { openTofuFunctions } from "./open-tofu-functions.js";

const allGroups = Object.keys(functionGroups) as FunctionGroup[];
const fixed = {
  now: () => new Date("2026-01-02T03:04:05Z"),
  randomBytes: (n: number) => new Uint8Array(n).fill(7),
};

/** What an expression evaluates to with `functions`: its value as cty JSON-ish text, or its errors. */
function answer(src: string, functions: Record<string, CtyFunction>): string {
  const { expr } = parseExpression(src, "t.tf");
  const { value, diagnostics } = evaluate(expr, { functions });
  const errors = diagnostics.filter((d) => d.severity === "error");
  if (errors.length > 0) return errors.map((d) => `${d.summary}: ${d.detail}`).join("\n");
  return value.isKnown && value.type.kind === "string" ? value.asString() : String(value);
}

/** The table groupsProviding picks for the calls of `src`. */
function tableFor(src: string) {
  const names = functionCalls(parseExpression(src, "t.tf").expr).map((c) => c.name);
  return loadFunctions(groupsProviding(names), fixed);
}

describe("loadFunctions", () => {
  it("with every group is openTofuFunctions: the same names in the same order", async () => {
    const loaded = await loadFunctions(allGroups, fixed);
    expect(Object.keys(loaded)).toEqual(Object.keys(openTofuFunctions(fixed)));
  });

  it.each(allGroups)("loads the %s group with exactly the functions functionGroups names", async (group) => {
    const loaded = await loadFunctions([group]);
    const names = functionGroups[group];
    expect(Object.keys(loaded).sort()).toEqual(
      [...names, "templatestring", ...[...names, "templatestring"].map((n) => `core::${n}`)].sort(),
    );
  });

  it("gives no group a function twice, and every function of the library a group", () => {
    const grouped = allGroups.flatMap((g) => functionGroups[g]);
    expect(new Set(grouped).size).toBe(grouped.length);
    const library = Object.keys(openTofuFunctions()).filter(
      (n) => !n.startsWith("core::") && n !== "templatestring",
    );
    expect([...grouped].sort()).toEqual(library.sort());
  });

  it.each([
    'can(regex("^[a-z]+$", "abc")) && contains(["a", "b"], "b")',
    'yamldecode("a: [1, 2]\\nb: x").b',
    'base64gunzip(base64gzip("héllo"))',
    'textdecodebase64(textencodebase64("Grüße", "ISO-8859-1"), "ISO-8859-1")',
    'length(bcrypt("secret", 4)) == 60 ? sha256("x") : "no"',
    'format("%s-%03d", upper(replace("a.b", "/[.]/", "_")), max(3, 7))',
    'cidrsubnet("10.0.0.0/16", 8, 2)',
    'formatdate("YYYY-MM-DD", timestamp())',
    'tostring(try(jsondecode("{"), "fallback"))',
    'core::lower("ABC")',
  ])("answers %s as the whole library does", async (src) => {
    expect(answer(src, await tableFor(src))).toBe(answer(src, openTofuFunctions(fixed)));
  });

  it.each([
    ['uper("a")', "Did you mean"],
    ['provider::p::f("a")', "namespace"],
    ['templatestring("$${upper(x)}", { x = "a" })', "A"],
  ])("loads every group for %s, and answers as the whole library does", async (src, shows) => {
    const names = functionCalls(parseExpression(src, "t.tf").expr).map((c) => c.name);
    expect(groupsProviding(names)).toEqual(allGroups);
    const got = answer(src, await tableFor(src));
    expect(got).toContain(shows);
    expect(got).toBe(answer(src, openTofuFunctions(fixed)));
  });
});

describe("groupsProviding", () => {
  it("names the groups of the calls, in the table's order, core:: names included", () => {
    expect(groupsProviding(["contains", "core::length", "regex", "upper"])).toEqual([
      "string",
      "regex",
      "collection",
    ]);
    expect(groupsProviding(["yamldecode", "bcrypt", "textencodebase64"])).toEqual([
      "charsets",
      "yaml",
      "bcrypt",
    ]);
  });

  it("needs no group for no call", () => {
    expect(groupsProviding([])).toEqual([]);
  });

  it("needs every group for templatefile, templatestring and names it does not know", () => {
    for (const names of [
      ["templatefile"],
      ["core::templatestring"],
      ["length", "lenght"],
      ["provider::x::y"],
    ]) {
      expect(groupsProviding(names)).toEqual(allGroups);
    }
  });
});
