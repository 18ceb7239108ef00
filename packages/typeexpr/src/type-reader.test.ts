// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { Defaults } from "@tofukit/convert";
import { consoleString, rawEquals, typeToJSON } from "@tofukit/cty";
import { parseExpression } from "@tofukit/hcl";
import { SEED_BUCKET_TYPE as SEED } from "@tofukit/test-support/buckets-example";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { convertDefault } from "./convert-default.js";
import { typeConstraintFromExpression } from "./index.js";
import { readTypeConstraint } from "./type-reader.js";

/** A defaults tree as plain data: types as cty JSON, default values rendered. */
function defaultsData(d: Defaults | null): unknown {
  if (d === null) return null;
  return {
    type: typeToJSON(d.type),
    defaultValues: [...d.defaultValues].map(([k, v]) => [k, typeToJSON(v.type), consoleString(v)]),
    children: [...d.children].map(([k, c]) => [k, defaultsData(c)]),
  };
}

/**
 * The reader's promise: where it reads a constraint, the full path reads the same type (optional
 * markers included) and the same defaults, without a diagnostic. A description of the first
 * difference, or null.
 */
function difference(src: string): string | null {
  const direct = readTypeConstraint(src, convertDefault);
  if (direct === null) return null;
  const parsed = parseExpression(src);
  if (parsed.diagnostics.length > 0) return `parser: ${parsed.diagnostics[0]?.summary}`;
  let full: ReturnType<typeof typeConstraintFromExpression>;
  try {
    full = typeConstraintFromExpression(parsed.expr);
  } catch (e) {
    return `full path: ${(e as Error).message}`;
  }
  const a = JSON.stringify(typeToJSON(direct.type));
  const b = JSON.stringify(typeToJSON(full.type));
  if (a !== b) return `type ${a}, full path ${b}`;
  const da = JSON.stringify(defaultsData(direct.defaults));
  const db = JSON.stringify(defaultsData(full.defaults));
  if (da !== db) return `defaults ${da}, full path ${db}`;
  // Values equal as rendered must also be identical (types of nulls, number precision).
  const values = (d: Defaults | null, out: unknown[] = []): unknown[] => {
    if (d === null) return out;
    for (const v of d.defaultValues.values()) out.push(v);
    for (const c of d.children.values()) values(c, out);
    return out;
  };
  const va = values(direct.defaults);
  const vb = values(full.defaults);
  for (let i = 0; i < va.length; i++) {
    if (!rawEquals(va[i] as never, vb[i] as never)) return `default value ${i} differs`;
  }
  return null;
}

describe("readTypeConstraint", () => {
  it("reads the common forms as the full path does", () => {
    const accepted = [
      "string",
      " number\n",
      "any",
      "list(string)",
      "set( number )",
      "map(\n  bool\n)",
      "tuple([string, number, list(any)])",
      "tuple([])",
      "tuple([string,])",
      "object({})",
      "object({a = string, b: number})",
      "object({\n  a = string # the name\n  b = number // the size\n\n  c = bool,\n})",
      SEED,
      "object({ tags = optional(map(string), {}), ports = optional(list(number), [80, 443]) })",
      'object({ x = optional(object({ a = string, b = number }), { a = "x", b = -1.5e3 }) })',
      'object({ x = optional(any, { "é" = null, b = [true, false] }) })',
      "object({ x = optional(number, -0) })",
      "object({ n = optional(string, 5) })",
      'object({ a = optional(string, "tab\\there \\u00e9") })', // escapes, as the evaluator resolves them
      'list(object({ for_each = string, a = optional(tuple([string, number]), ["a", 1]) }))',
      "list(string) /* comment */", // block comments are spaces, even across lines
      "/* header\n */ list( /* x */ string /**/ )",
      "object({ a = /* x */ string /* y\n */\n b = optional(number, /* z */ 1) })",
    ];
    for (const src of accepted) {
      expect([src, readTypeConstraint(src, convertDefault) !== null]).toEqual([src, true]);
      expect([src, difference(src)]).toEqual([src, null]);
    }
  });

  it("leaves everything else to the full path", () => {
    const full = [
      "list", // bare list and map mean list(any) and map(any) at the top only
      "map",
      '"string"', // quoted pre-0.12 forms
      "list(string", // syntax errors
      "list(string))",
      "list(string,)",
      "list(string, number)",
      "object({a = string, a = number})", // a repeated attribute
      "object({for = string})", // a for expression
      "object({a = string b = number})",
      "object({a\n= string})",
      'object({"a" = string})',
      "optional(string)",
      'object({a = optional(string, "x", 1)})',
      'object({a = optional(number, "x")})', // a default that does not convert
      'object({a = optional(string, "${x}")})',
      "object({a = optional(string, <<EOT\nx\nEOT\n)})",
      "object({a = optional(number, 1 + 1)})",
      "object({a = optional(list(string), [for s in [] : s])})",
      "object({a = optional(map(string), {for = 1})})",
      "list(string) /* unclosed",
      "object({ a = string /* no line ending */ b = number })",
      "strin",
      "string()",
      "list(string).x",
      "provider::x::list(string)",
      "\uFEFFstring",
      `${"list(".repeat(40)}string${")".repeat(40)}`, // deep nesting
    ];
    for (const src of full) {
      expect([src, readTypeConstraint(src, convertDefault)]).toEqual([src, null]);
    }
  });

  it("agrees with the full path on every type.jsonl line", () => {
    const path = fileURLToPath(new URL("../../../conformance/vectors/type.jsonl", import.meta.url));
    const exprs = readFileSync(path, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => (JSON.parse(l) as { expr: string }).expr);
    let read = 0;
    for (const src of exprs) {
      expect([src, difference(src)]).toEqual([src, null]);
      if (readTypeConstraint(src, convertDefault) !== null) read++;
    }
    expect(read).toBeGreaterThan(exprs.length / 4);
  }, 60_000);

  it("agrees with the full path on generated and damaged constraints", () => {
    const name = fc.oneof(
      fc.stringMatching(/^[a-z_][a-z0-9_]{0,4}$/),
      fc.constantFrom("for", "optional", "list"),
    );
    const gap = fc.constantFrom("", " ", "\n", " # c\n", "\r\n", "/* c */", " /*\n*/ ");
    const literal = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small" },
        fc.constantFrom('"x"', '"é"', "1", "-2.5", "0", "true", "false", "null", "{}", "[]", '"${x}"'),
        fc.array(tie("value"), { maxLength: 3 }).map((vs) => `[${vs.join(", ")}]`),
        fc
          .array(fc.tuple(name, tie("value")), { maxLength: 3 })
          .map((kvs) => `{${kvs.map(([k, v]) => `${k} = ${v}`).join(", ")}}`),
      ),
    })).value;
    const type = fc.letrec<{ type: string }>((tie) => ({
      type: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        fc.constantFrom("string", "number", "bool", "any"),
        fc
          .tuple(fc.constantFrom("list", "set", "map"), gap, tie("type"))
          .map(([c, g, e]) => `${c}(${g}${e}${g})`),
        fc.array(tie("type"), { maxLength: 3 }).map((es) => `tuple([${es.join(", ")}])`),
        fc
          .tuple(
            fc.array(
              fc.tuple(
                name,
                fc.constantFrom(" = ", ": ", "="),
                tie("type"),
                fc.constantFrom(0, 1, 2),
                literal,
              ),
              { maxLength: 4 },
            ),
            fc.constantFrom(", ", "\n", ",\n", " # c\n", " /* c */\n", " /* c */ "),
          )
          .map(
            ([attrs, sep]) =>
              `object({${attrs
                .map(([k, eq, ty, opt, def]) =>
                  opt === 0
                    ? `${k}${eq}${ty}`
                    : opt === 1
                      ? `${k}${eq}optional(${ty})`
                      : `${k}${eq}optional(${ty}, ${def})`,
                )
                .join(sep)}})`,
          ),
      ),
    })).type;
    fc.assert(
      fc.property(type, (src) => {
        expect(difference(src)).toBeNull();
      }),
      { numRuns: 500 },
    );
    const damaged = fc
      .tuple(
        type,
        fc.nat(),
        fc.constantFrom("", "(", ")", "{", "}", "[", "]", ",", "=", "\n", '"', "-", "x", "/*"),
      )
      .map(
        ([src, at, insert]) =>
          src.slice(0, at % (src.length + 1)) + insert + src.slice(at % (src.length + 1)),
      );
    fc.assert(
      fc.property(damaged, (src) => {
        expect(difference(src)).toBeNull();
      }),
      { numRuns: 500 },
    );
  }, 60_000);
});
