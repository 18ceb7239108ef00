// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { consoleString, rawEquals } from "@tofukit/cty";
import fc from "fast-check";
import { parse } from "lossless-json";
import { describe, expect, it } from "vitest";
import {
  evaluateExpression,
  forEachLiteralAttribute,
  type LiteralAttribute,
  type LiteralAttributes,
  parseConfig,
  parseExpression,
  readLiteralAttributes,
  readLiteralValue,
} from "./index.js";

/** forEachLiteralAttribute must hand out exactly what readLiteralAttributes returns, or give up with it. */
function eachDifference(src: string, literal: LiteralAttributes | null): string | null {
  const seen: LiteralAttribute[] = [];
  const file = forEachLiteralAttribute(src, "t.tfvars", (a) => seen.push(a));
  if ((file === null) !== (literal === null))
    return `forEachLiteralAttribute ${file === null ? "gave up" : "read the file"}, readLiteralAttributes did not`;
  if (file === null || literal === null) return null;
  if (seen.length !== literal.attributes.length)
    return `${seen.length} attributes handed out, ${literal.attributes.length} read`;
  for (let i = 0; i < seen.length; i++) {
    const { value, ...at } = seen[i]!;
    const { value: want, ...wantAt } = literal.attributes[i]!;
    expect(at).toEqual(wantAt);
    if (!rawEquals(value, want))
      return `${at.name}: ${consoleString(value)} handed out as ${consoleString(want)}`;
    expect(file.range(at.valueStart, at.valueEnd)).toEqual(literal.range(at.valueStart, at.valueEnd));
  }
  return null;
}

/**
 * The reader's promise: where it returns attributes, the full parser reports nothing and every
 * attribute evaluates, without diagnostics, to the same value, with the same ranges. Returns a
 * description of the first difference, or null.
 */
function difference(src: string): string | null {
  const literal = readLiteralAttributes(src, "t.tfvars");
  const each = eachDifference(src, literal);
  if (each !== null) return each;
  if (literal === null) return null;
  const full = parseConfig(src, "t.tfvars");
  if (full.diagnostics.length > 0) return `parser diagnostics: ${full.diagnostics[0]?.summary}`;
  if (full.body.blocks.length > 0) return "blocks";
  const attrs = full.body.attributes;
  if (attrs.length !== literal.attributes.length)
    return `${attrs.length} attributes, read ${literal.attributes.length}`;
  for (let i = 0; i < attrs.length; i++) {
    const a = attrs[i]!;
    const l = literal.attributes[i]!;
    if (a.name !== l.name) return `name ${a.name} read as ${l.name}`;
    const { value, diagnostics } = evaluateExpression(a.expr);
    if (diagnostics.length > 0) return `evaluation diagnostics for ${a.name}: ${diagnostics[0]?.summary}`;
    if (!rawEquals(value, l.value))
      return `${a.name}: ${consoleString(value)} read as ${consoleString(l.value)}`;
    expect(literal.range(l.valueStart, l.valueEnd)).toEqual(a.expr.range);
    expect(literal.range(l.nameStart, l.nameEnd)).toEqual(a.nameRange);
  }
  return null;
}

function read(src: string) {
  const literal = readLiteralAttributes(src, "t.tfvars");
  expect(difference(src)).toBeNull();
  return literal;
}

function consoleOf(src: string): Record<string, string> | null {
  const literal = read(src);
  if (literal === null) return null;
  return Object.fromEntries(literal.attributes.map((a) => [a.name, consoleString(a.value)]));
}

describe("readLiteralAttributes", () => {
  it("reads the literal values of a tfvars file as the evaluator gives them", () => {
    const src = `# buckets
name    = "prod"
count   = 3
ratio   = -0.25
big     = 1.5e3
enabled = true
off     = false
nothing = null
tags    = { env = "prod", "cost center" = 42, team: "a" }
list    = [1, "two", true, null, [], {}]
buckets = [
  { name = "a", size = 10 }, # first
  {
    name    = "b" // second
    website = {
      index_document = "i.html"
    }
  },
]
escapes = "tab\\there \\"quoted\\" \\u00e9 \\U0001F600 $$ %% \\\\"
`;
    expect(consoleOf(src)).toEqual({
      name: '"prod"',
      count: "3",
      ratio: "-0.25",
      big: "1500",
      enabled: "true",
      off: "false",
      nothing: "null",
      tags: '{\n  "cost center" = 42\n  "env" = "prod"\n  "team" = "a"\n}',
      list: '[\n  1,\n  "two",\n  true,\n  null,\n  [],\n  {},\n]',
      buckets:
        '[\n  {\n    "name" = "a"\n    "size" = 10\n  },\n  {\n    "name" = "b"\n    "website" = {\n      "index_document" = "i.html"\n    }\n  },\n]',
      escapes: '"tab\\there \\"quoted\\" é 😀 $$ %% \\\\"',
    });
  });

  it("accepts CRLF line endings, a file without a final newline, and an empty file", () => {
    expect(consoleOf('a = 1\r\nb = [\r\n  "x",\r\n]\r\n')).toEqual({ a: "1", b: '[\n  "x",\n]' });
    expect(consoleOf("a = {x = 1}")).toEqual({ a: '{\n  "x" = 1\n}' });
    expect(read("")?.attributes).toEqual([]);
    expect(read("# only a comment\n\n")?.attributes).toEqual([]);
  });

  it("normalizes quoted strings and keys to NFC, as cty does", () => {
    const literal = read('"k" = 1\nv = { "e\u0301" = "e\u0301" }\n');
    // `"k" = 1` is not an attribute: the whole file goes to the full parser.
    expect(literal).toBeNull();
    const ok = read('v = { "e\u0301" = "e\u0301" }\n');
    expect(ok?.attributes[0]?.value.entryKeys()).toEqual(["\u00e9"]);
    expect(ok?.attributes[0]?.value.get("\u00e9")?.asString()).toBe("\u00e9");
  });

  it("leaves everything else to the full parser", () => {
    const full = [
      'a = "${x}"', // template sequences
      'a = "$${x}"', // their escapes
      'a = "%{ if true }x%{ endif }"',
      "a = <<EOT\nx\nEOT\n", // heredocs
      "a = x", // references
      "a = max(1, 2)", // function calls
      "a = 1 + 2", // operators
      "a = -x",
      "a = - 1", // a minus apart from its number
      "a = (1)",
      "a = true ? 1 : 2",
      "a = [for x in [1] : x]",
      "a = [1][0]",
      "a = {b = 1}.b",
      "a = 1.", // a number that ends in a dot
      "a = 1e", // an exponent without digits
      "a = 1e99999999999", // an exponent too large
      "a = 1 /* a block comment */ b = 2", // a block comment is no line ending
      "a = 1 /* one\nacross lines */ b = 2",
      "a = 1 /* unclosed",
      "a = [1 /* unclosed ]",
      "a = 1 / 2",
      "a = 1\na = 2", // a repeated attribute
      "a = {b = 1, b = 2}", // a repeated key
      "a = {b = 1 c = 2}", // a missing separator
      "a = {b\n= 1}", // a key and its equals sign on different lines
      "a = {b =\n1}",
      "a = {(b) = 1}",
      "a = {1 = 2}",
      "a = {for = 1}", // a for expression, not a key
      "a = [{\n  for = 1\n}]",
      "a = [1 2]",
      "a = [,]",
      "a = {,}",
      "a = 1,",
      "a = 1 b = 2",
      "a == 1",
      "a => 1",
      "a: 1",
      'a = "unterminated',
      'a = "line\nbreak"',
      'a = "bad \\q escape"',
      'a = "\\u12"',
      "a = 1\rb = 2", // a lone carriage return
      "\uFEFFa = 1", // a byte order mark
      "é = 1", // identifiers beyond ASCII
      "aé = 1",
      "b { }", // blocks
      'b "label" { }',
      "a = 'single'",
      "a = 1;",
      `a = ${"[".repeat(100)}${"]".repeat(100)}`, // deep nesting
      "a = <<EOT\nref ${var.h}\nEOT\n", // heredocs, with a reference after the start of a line
    ];
    for (const src of full) {
      expect([src, readLiteralAttributes(src)]).toEqual([src, null]);
      expect([src, forEachLiteralAttribute(src, "t.tfvars", () => {})]).toEqual([src, null]);
    }
  });

  it("reads block comments as the parser does: as spaces, wherever they stand", () => {
    const src = [
      "/* a header\n   across lines */",
      "a /* x */ = /* y */ 1 /* z */",
      "b = [ /* first */ 1, /*\n*/ 2 /* last */ ]",
      'c = { k /**/ = "v" /* one\nmore */',
      "  m = 2 }",
      "d = 1 /* a comment that holds a line break\n */",
      "/**/",
      "",
    ].join("\n");
    expect(consoleOf(src)).toEqual({
      a: "1",
      b: "[\n  1,\n  2,\n]",
      c: '{\n  "k" = "v"\n  "m" = 2\n}',
      d: "1",
    });
  });

  it("gives ranges as the parser does, computed only when asked", () => {
    const literal = read('x = 1\n  long_name = [\n    "é",\n  ]\n');
    expect(literal).not.toBeNull();
    const attr = literal!.attributes[1]!;
    expect(literal!.range(attr.valueStart, attr.valueEnd)).toEqual({
      filename: "t.tfvars",
      start: { line: 2, column: 15, byte: 20 },
      end: { line: 4, column: 4, byte: 35 },
    });
  });

  it("agrees with parseConfig and evaluateExpression on generated literal files", { timeout: 60_000 }, () => {
    const space = fc.constantFrom("", " ", "  ", "\t", "/* c */", " /*\n*/ ");
    const gap = fc.constantFrom(
      "",
      " ",
      "\n",
      "  \n  ",
      " # note\n",
      "// note\n",
      "\r\n",
      "/* c\n */",
      "\n/**/",
    );
    const name = fc.oneof(
      fc.stringMatching(/^[a-z_][a-z0-9_-]{0,6}$/),
      fc.constantFrom("for", "if", "in", "null"),
    );
    const text = fc
      .array(
        fc.constantFrom("a", "é", "e\u0301", " ", "\\n", '\\"', "\\\\", "\\u00e9", "$", "%", "{", "}", "😀"),
        {
          maxLength: 6,
        },
      )
      .map((parts) => `"${parts.join("")}"`);
    const number = fc.constantFrom(
      "0",
      "7",
      "-3",
      "1.50",
      "2e3",
      "1E-2",
      "-0",
      "007",
      "12345678901234567890",
    );
    const { value } = fc.letrec<{ value: string }>((tie) => ({
      value: fc.oneof(
        { depthSize: "small", withCrossShrink: true },
        number,
        text,
        fc.constantFrom("true", "false", "null"),
        fc
          .tuple(fc.array(fc.tuple(gap, tie("value"), gap), { maxLength: 4 }), fc.boolean())
          .map(
            ([items, trailing]) =>
              `[${items.map(([a, v, b]) => `${a}${v}${b}`).join(",")}${trailing && items.length > 0 ? "," : ""}]`,
          ),
        fc
          .tuple(
            fc.array(fc.tuple(fc.oneof(name, text), space, fc.constantFrom("=", ":"), space, tie("value")), {
              maxLength: 4,
            }),
            fc.constantFrom(",", "\n", ", ", " # c\n"),
            gap,
          )
          .map(
            ([items, sep, pad]) =>
              `{${pad}${items.map(([k, s1, eq, s2, v]) => `${k}${s1}${eq}${s2}${v}`).join(sep)}${pad}}`,
          ),
      ),
    }));
    const file = fc
      .array(
        fc.tuple(name, space, space, value, fc.constantFrom("\n", " # end\n", "\r\n", "\n\n", " /* c */\n")),
        {
          maxLength: 5,
        },
      )
      .map((lines) => lines.map(([n, s1, s2, v, end]) => `${n}${s1}=${s2}${v}${end}`).join(""));
    fc.assert(
      fc.property(file, (src) => {
        expect(difference(src)).toBeNull();
      }),
      { numRuns: 500 },
    );
    // Damaged files: whatever the reader accepts must still agree with the full path.
    const damaged = fc
      .tuple(
        file,
        fc.nat(),
        fc.constantFrom("", "=", "{", "}", "[", "]", ",", "\n", '"', "\\", "$", "-", ".", "x", "/*"),
      )
      .map(
        ([src, at, insert]) =>
          src.slice(0, at % (src.length + 1)) + insert + src.slice(at % (src.length + 1)),
      );
    fc.assert(
      fc.property(damaged, (src) => {
        expect(difference(src)).toBeNull();
      }),
      { numRuns: 750 },
    );
  });

  it("reads the files it was written for: every generated clean file", () => {
    const src = Array.from(
      { length: 200 },
      (_, i) => `v${i} = [\n  { name = "b-${i}", size = ${i % 100}, enabled = ${i % 2 === 0} },\n]\n`,
    ).join("");
    const literal = read(src);
    expect(literal?.attributes.length).toBe(200);
  });

  it("agrees with the full path on every recorded tfvars value of convert.jsonl", { timeout: 60_000 }, () => {
    const path = fileURLToPath(new URL("../../../conformance/vectors/convert.jsonl", import.meta.url));
    const values = readFileSync(path, "utf8")
      .split("\n")
      .filter((l) => l.trim() !== "")
      .map((l) => (parse(l) as { hcl?: string }).hcl)
      .filter((hcl): hcl is string => hcl !== undefined);
    let read = 0;
    for (const hcl of values) {
      const src = `v = ${hcl}\n`;
      expect([hcl, difference(src)]).toEqual([hcl, null]);
      if (readLiteralAttributes(src) !== null) read++;
    }
    // Most recorded values are plain literals: the reader must take them, not hand them all on.
    expect(read).toBeGreaterThan(values.length / 2);
  });
});

describe("forEachLiteralAttribute", () => {
  it("hands each attribute over as soon as it is read, in source order", () => {
    const src = 'a = 1\nb = [true, "x"]\nc = { k = null }\n';
    const order: string[] = [];
    const file = forEachLiteralAttribute(src, "t.tfvars", (attr) => {
      // Nothing after this attribute has been read yet: its value ends where the next begins.
      order.push(`${attr.name}@${attr.valueStart}-${attr.valueEnd}:${consoleString(attr.value)}`);
    });
    expect(file?.filename).toBe("t.tfvars");
    expect(order).toEqual(["a@4-5:1", 'b@10-21:[\n  true,\n  "x",\n]', 'c@26-38:{\n  "k" = null\n}']);
  });

  it("gives up after handing out the attributes before the first thing it does not read", () => {
    const names: string[] = [];
    const file = forEachLiteralAttribute('a = 1\nb = "${x}"\nc = 2\n', "t.tfvars", (attr) =>
      names.push(attr.name),
    );
    expect(file).toBeNull();
    expect(names).toEqual(["a"]);
  });

  it("lets an error thrown by the callback through", () => {
    expect(() =>
      forEachLiteralAttribute("a = 1\n", "t.tfvars", () => {
        throw new RangeError("stop");
      }),
    ).toThrow(RangeError);
  });
});

describe("readLiteralValue", () => {
  it("reads one literal where it starts, as the evaluator values it, and says where it ends", () => {
    const src = 'optional(list(string), ["a\\tb", -1.5e3, {x = null}]) rest';
    const start = src.indexOf("[");
    const read = readLiteralValue(src, start);
    expect(read?.end).toBe(src.indexOf(")", src.lastIndexOf("}")));
    const text = src.slice(start, read?.end);
    const evaluated = evaluateExpression(parseExpression(text).expr);
    expect(evaluated.diagnostics).toEqual([]);
    expect(read !== null && rawEquals(read.value, evaluated.value)).toBe(true);
  });

  it("gives null where the text is not a literal it reads", () => {
    for (const src of ["x", '"${x}"', "<<EOT\nx\nEOT\n", "{for = 1}", "", ")"]) {
      expect([src, readLiteralValue(src)]).toEqual([src, null]);
    }
    // What follows is the caller's to judge: here an operator.
    expect(readLiteralValue("1 + 2")?.end).toBe(1);
  });
});
