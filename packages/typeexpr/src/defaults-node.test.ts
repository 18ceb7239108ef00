// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import type { Defaults } from "@tofukit/convert";
import { consoleString, typeToJSON, type Value } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { parseTypeConstraint, type TypeExprError } from "./index.js";

function defaultsOf(src: string): Defaults {
  const { defaults } = parseTypeConstraint(src);
  if (defaults === null) throw new Error("no defaults");
  return defaults;
}

function defaultOf(src: string, name: string): Value {
  const v = defaultsOf(src).defaultValues.get(name);
  if (v === undefined) throw new Error(`no default for ${name}`);
  return v;
}

function rejection(src: string): [string, string, number, number] {
  try {
    parseTypeConstraint(src);
  } catch (e) {
    const d = (e as TypeExprError).diagnostics[0];
    if (d === undefined) throw new Error("no diagnostic");
    return [d.summary, d.detail, d.subject?.start.column ?? 0, d.subject?.end.column ?? 0];
  }
  throw new Error(`${src} was accepted`);
}

describe("optional attribute defaults", () => {
  it("converts a default to its attribute's type at parse time", () => {
    expect(consoleString(defaultOf('object({a = optional(number, "5")})', "a"))).toBe("5");
    expect(consoleString(defaultOf('object({a = optional(set(string), ["b", "a", "b"])})', "a"))).toBe(
      'toset([\n  "a",\n  "b",\n])',
    );
    expect(consoleString(defaultOf("object({a = optional(list(string), [])})", "a"))).toBe("tolist([])");
    expect(
      consoleString(defaultOf("object({a = optional(object({x = number}), {x = 1, y = 2})})", "a")),
    ).toBe('{\n  "x" = 1\n}');
  });

  it("fills missing optional attributes of an object default with typed nulls", () => {
    const v = defaultOf("object({o = optional(object({s = optional(string), n = number}), {n = 1})})", "o");
    expect(consoleString(v)).toBe('{\n  "n" = 1\n  "s" = tostring(null)\n}');
  });

  it("stores a typed null for optional(T, null)", () => {
    const v = defaultOf("object({a = optional(number, null)})", "a");
    expect(v.isNull).toBe(true);
    expect(v.type.kind).toBe("number");
  });

  it("evaluates templates, operators and for expressions in defaults", () => {
    expect(consoleString(defaultOf('object({a = optional(string, "${1 + 1}")})', "a"))).toBe('"2"');
    expect(
      consoleString(defaultOf("object({a = optional(list(number), [for x in [1, 2] : x * 10])})", "a")),
    ).toBe("tolist([\n  10,\n  20,\n])");
  });

  it('builds the defaults tree: collections under "", tuples by index, objects by attribute', () => {
    const d = defaultsOf(
      'list(object({a = optional(string, "x"), t = tuple([object({b = optional(bool, true)})])}))',
    );
    expect(typeToJSON(d.type)).toEqual([
      "list",
      ["object", { a: "string", t: ["tuple", [["object", { b: "bool" }, ["b"]]]] }, ["a"]],
    ]);
    const element = d.children.get("");
    expect([...(element?.defaultValues.keys() ?? [])]).toEqual(["a"]);
    expect(element?.children.get("t")?.children.get("0")?.defaultValues.get("b")?.asBool()).toBe(true);
  });

  it("reports a default that does not convert, at the default's range", () => {
    const title = "Invalid default value for optional attribute";
    const prefix = "This default value is not compatible with the attribute's type constraint: ";
    expect(rejection("object({a=optional(number, true)})")).toEqual([
      title,
      `${prefix}number required, but have bool.`,
      28,
      32,
    ]);
    expect(rejection('object({a=optional(number, "x")})')).toEqual([
      title,
      `${prefix}a number is required.`,
      28,
      31,
    ]);
    expect(rejection("object({a=optional(object({b=string}), {})})")).toEqual([
      title,
      `${prefix}attribute "b" is required.`,
      40,
      42,
    ]);
    // The path of a nested conversion error is not part of the message, as in the reference.
    expect(rejection('object({a=optional(list(number), ["a"])})')).toEqual([
      title,
      `${prefix}a number is required.`,
      34,
      39,
    ]);
  });
});

describe("defaults written as long operator chains", () => {
  it("evaluates a default of 100,000 additions without exhausting the stack", { timeout: 60_000 }, () => {
    const src = `object({a = optional(number, ${"1+".repeat(100_000)}1)})`;
    expect(consoleString(defaultOf(src, "a"))).toBe("100001");
  });
});
