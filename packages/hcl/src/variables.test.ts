import { describe, expect, it } from "vitest";
import { parseExpression } from "./parse.js";
import { variables } from "./variables.js";

const names = (src: string) =>
  variables(parseExpression(src).expr).map((t) =>
    t.traversal.map((s) => (s.kind === "index" ? "[]" : s.name)).join("."),
  );

describe("variables", () => {
  it("finds every scope traversal, in source order", () => {
    expect(names('var.a.b + length(local.c) > 0 ? each.key : "${path.module}/x"')).toEqual([
      "var.a.b",
      "local.c",
      "each.key",
      "path.module",
    ]);
  });

  it("leaves out a for expression's own symbols, and bare object keys", () => {
    expect(names("[for k, v in var.m : { (k) = v, name = var.n } if v != var.skip]")).toEqual([
      "var.m",
      "var.n",
      "var.skip",
    ]);
  });

  it("looks into splats, indexes and parentheses", () => {
    expect(names("(var.list[*].id)[var.i]")).toEqual(["var.list", "var.i"]);
  });

  it("walks a chain of 60,000 operators without exhausting the stack, in source order", {
    timeout: 60_000,
  }, () => {
    const src = Array.from({ length: 60_000 }, (_, i) => `var.v${i} == ${i}`).join(" || ");
    const found = variables(parseExpression(src, "t.tf").expr);
    expect(found).toHaveLength(60_000);
    expect(found.slice(0, 3).map((t) => t.traversal[1]?.kind === "attr" && t.traversal[1].name)).toEqual([
      "v0",
      "v1",
      "v2",
    ]);
  });
});
