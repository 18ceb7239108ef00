import { describe, expect, it } from "vitest";
import { functionCalls } from "./function-calls.js";
import { parseExpression, parseTemplate } from "./index.js";

const names = (src: string) => functionCalls(parseExpression(src).expr).map((c) => c.name);

describe("functionCalls", () => {
  it("finds every call, outermost first, in source order", () => {
    expect(names('can(regex("^a", var.x)) && length(var.y) > 0 ? upper(var.z) : lower("A")')).toEqual([
      "can",
      "regex",
      "length",
      "upper",
      "lower",
    ]);
  });

  it("looks into templates, for expressions, object keys, splats and indexes", () => {
    expect(names('"${title(var.a)} %{ if startswith(var.b, "x") }y%{ endif }"')).toEqual([
      "title",
      "startswith",
    ]);
    expect(names("{ for k, v in keys(var.m) : (lower(k)) => jsonencode(v) if can(v.x) }")).toEqual([
      "keys",
      "lower",
      "jsonencode",
      "can",
    ]);
    expect(names("tolist(var.l)[*].id[abs(var.i)]")).toEqual(["tolist", "abs"]);
    expect(names("{ (md5(var.k)) = sha1(var.v), plain = 1 }")).toEqual(["md5", "sha1"]);
  });

  it("keeps namespaced names as written, and finds calls in bare templates", () => {
    expect(names('core::upper(provider::p::f("x"))')).toEqual(["core::upper", "provider::p::f"]);
    expect(functionCalls(parseTemplate("Hello ${upper(name)}!").expr).map((c) => c.name)).toEqual(["upper"]);
  });

  it("finds none in an expression without calls", () => {
    expect(names('[1, "two", { three = var.x }]')).toEqual([]);
  });

  it("walks a chain of 60,000 operators without exhausting the stack, in source order", {
    timeout: 60_000,
  }, () => {
    const src = Array.from({ length: 60_000 }, (_, i) => `f${i % 3}(var.x) == ${i}`).join(" || ");
    const calls = names(src);
    expect(calls).toHaveLength(60_000);
    expect(calls.slice(0, 4)).toEqual(["f0", "f1", "f2", "f0"]);
  });
});
