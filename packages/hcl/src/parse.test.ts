// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { describe, expect, it } from "vitest";
import type { Expression } from "./ast.js";
import { MAX_NESTING_DEPTH, parseConfig, parseExpression } from "./index.js";

/** The tree without ranges, for comparing shapes. */
function shape(expr: Expression): unknown {
  return JSON.parse(JSON.stringify(expr, (k, v) => (k === "range" || k.endsWith("Range") ? undefined : v)));
}

function summaries(src: string): string[] {
  return parseExpression(src).diagnostics.map((d) => d.summary);
}

describe("parseExpression", () => {
  it("gives calls, tuples, objects and interpolations the ranges of their brackets", () => {
    const src = 'f([1], {a = 2}, "x ${~ y ~} z")';
    const { expr, diagnostics } = parseExpression(src);
    expect(diagnostics).toEqual([]);
    const cols = (r: { start: { byte: number }; end: { byte: number } }) => [r.start.byte, r.end.byte];
    if (expr.kind !== "call") throw new Error(`not a call: ${expr.kind}`);
    expect([
      cols(expr.nameRange),
      cols(expr.openParenRange),
      cols(expr.closeParenRange),
      cols(expr.range),
    ]).toEqual([
      [0, 1],
      [1, 2],
      [src.length - 1, src.length],
      [0, src.length],
    ]);
    const [tuple, object, template] = expr.args as [Expression, Expression, Expression];
    expect(cols(tuple.range)).toEqual([2, 5]);
    expect(cols(object.range)).toEqual([7, 14]);
    if (template.kind !== "template") throw new Error(`not a template: ${template.kind}`);
    expect(template.parts.map((p) => [p.kind, cols(p.range)])).toEqual([
      ["literal", [17, 19]],
      ["scopeTraversal", [23, 24]],
      ["literal", [27, 29]],
    ]);
    // The trim markers removed the spaces next to the interpolation.
    expect(template.parts.map((p) => (p.kind === "literal" ? p.value : null))).toEqual([
      { type: "string", value: "x" },
      null,
      { type: "string", value: "z" },
    ]);
  });

  it("gives multiplication precedence over addition and keeps operators left-associative", () => {
    const { expr, diagnostics } = parseExpression("1 - 2 - 3 * 4");
    expect(diagnostics).toEqual([]);
    expect(shape(expr)).toMatchObject({
      kind: "binaryOp",
      op: "-",
      lhs: { kind: "binaryOp", op: "-" },
      rhs: { kind: "binaryOp", op: "*" },
    });
  });

  it("binds unary minus tighter than binary operators", () => {
    expect(shape(parseExpression("-1 + 2").expr)).toMatchObject({
      kind: "binaryOp",
      op: "+",
      lhs: { kind: "unaryOp", op: "-" },
    });
  });

  it("orders the precedence levels as HCL does", () => {
    expect(shape(parseExpression("a || b && c == d < e + f * g").expr)).toMatchObject({
      op: "||",
      rhs: { op: "&&", rhs: { op: "==", rhs: { op: "<", rhs: { op: "+", rhs: { op: "*" } } } } },
    });
  });

  it("parses conditionals right-associatively", () => {
    expect(shape(parseExpression("a ? b : c ? d : e").expr)).toMatchObject({
      kind: "conditional",
      falseResult: { kind: "conditional" },
    });
  });

  it("reads function calls with trailing commas and expansion", () => {
    const { expr, diagnostics } = parseExpression("f(a, b...)");
    expect(diagnostics).toEqual([]);
    expect(expr).toMatchObject({ kind: "call", name: "f", expandFinal: true });
    expect(parseExpression("list(string,)").expr).toMatchObject({
      kind: "call",
      args: [{ kind: "scopeTraversal" }],
    });
  });

  it("reads namespaced function names", () => {
    expect(parseExpression("provider::aws::arn(x)").expr).toMatchObject({
      kind: "call",
      name: "provider::aws::arn",
    });
  });

  it("turns constant indexes and attributes into one traversal", () => {
    expect(shape(parseExpression('a.b[0]["k"].c').expr)).toEqual({
      kind: "scopeTraversal",
      traversal: [
        { kind: "root", name: "a" },
        { kind: "attr", name: "b" },
        { kind: "index", key: { type: "number", text: "0" } },
        { kind: "index", key: { type: "string", value: "k" } },
        { kind: "attr", name: "c" },
      ],
    });
  });

  it("keeps a non-constant index as an index expression", () => {
    expect(parseExpression("a[b]").expr).toMatchObject({ kind: "index" });
  });

  it("parses full and attribute-only splats", () => {
    expect(parseExpression("a[*].b").expr).toMatchObject({
      kind: "splat",
      each: { kind: "relativeTraversal" },
    });
    expect(parseExpression("a.*.b").expr).toMatchObject({ kind: "splat" });
  });

  it("parses tuple and object for expressions", () => {
    expect(parseExpression("[for i, v in xs : v if i > 0]").expr).toMatchObject({
      kind: "for",
      keyVar: "i",
      valVar: "v",
      keyExpr: null,
    });
    expect(parseExpression("{for k, v in m : k => v...}").expr).toMatchObject({ kind: "for", group: true });
  });

  it("accepts = and : in objects, separated by commas or newlines", () => {
    const { expr, diagnostics } = parseExpression('{a = 1, b: 2\n"c" = 3\n}');
    expect(diagnostics).toEqual([]);
    expect(expr).toMatchObject({ kind: "object", items: [{}, {}, {}] });
  });

  it("marks parenthesised object keys as expressions", () => {
    expect(parseExpression("{(a) = 1}").expr).toMatchObject({ items: [{ key: { forceNonLiteral: true } }] });
  });

  it("resolves string escapes", () => {
    const { expr } = parseExpression('"a\\n\\t\\"\\\\\\u00e9\\U0001F600$${x}%%{y}"');
    expect(expr).toMatchObject({
      kind: "template",
      parts: [{ value: { type: "string", value: 'a\n\t"\\é😀${x}%{y}' } }],
    });
  });

  it("wraps a lone interpolation without converting it", () => {
    expect(parseExpression('"${x}"').expr).toMatchObject({
      kind: "templateWrap",
      wrapped: { kind: "scopeTraversal" },
    });
  });

  it("strips whitespace next to ~ markers", () => {
    expect(shape(parseExpression('"a  ${~ x ~}  b"').expr)).toMatchObject({
      parts: [{ value: { value: "a" } }, { kind: "scopeTraversal" }, { value: { value: "b" } }],
    });
  });

  it("parses template directives", () => {
    expect(parseExpression('"%{ if c }y%{ else }n%{ endif }"').expr).toMatchObject({
      parts: [{ kind: "conditional", trueResult: { kind: "template" }, falseResult: { kind: "template" } }],
    });
    expect(parseExpression('"%{ for x in xs }${x}%{ endfor }"').expr).toMatchObject({
      parts: [{ kind: "templateJoin" }],
    });
  });

  it("reads heredocs, stripping the common indentation of <<- ones", () => {
    expect(parseExpression("<<EOT\n  a\n    b\nEOT\n").expr).toMatchObject({
      parts: [{ value: { value: "  a\n    b\n" } }],
    });
    expect(parseExpression("<<-EOT\n    a\n      b\n    EOT\n").expr).toMatchObject({
      parts: [{ value: { value: "a\n  b\n" } }],
    });
    expect(parseExpression("<<-EOT\n    a\n\n    b\n  EOT\n").expr).toMatchObject({
      parts: [{ value: { value: "a\n\nb\n" } }],
    });
  });

  it("skips all three kinds of comments", () => {
    const { expr, diagnostics } = parseExpression("[ # one\n 1, // two\n /* three */ 2 ]");
    expect(diagnostics).toEqual([]);
    expect(expr).toMatchObject({ kind: "tuple", exprs: [{}, {}] });
  });

  it("pins ranges with line, column and byte", () => {
    const { expr } = parseExpression('x\n  + "é"', "f.hcl");
    expect(expr.range).toEqual({
      filename: "f.hcl",
      start: { line: 1, column: 1, byte: 0 },
      end: { line: 2, column: 8, byte: 10 },
    });
  });
});

describe("parseExpression diagnostics", () => {
  it("reports a missing expression at the end of the input", () => {
    const { diagnostics } = parseExpression("");
    expect(diagnostics).toEqual([
      {
        severity: "error",
        summary: "Missing expression",
        detail: "Expected the start of an expression, but found the end of the file.",
        subject: {
          filename: "<expression>",
          start: { line: 1, column: 1, byte: 0 },
          end: { line: 1, column: 1, byte: 0 },
        },
      },
    ]);
  });

  it("reports extra characters after the expression with their range", () => {
    const { diagnostics } = parseExpression("list()string)");
    expect(diagnostics).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      summary: "Extra characters after expression",
      detail: "An expression was successfully parsed, but extra characters were found after it.",
      subject: { start: { column: 7, byte: 6 }, end: { column: 13, byte: 12 } },
    });
  });

  it("uses HCL's summaries for common mistakes", () => {
    expect(summaries('"abc')).toEqual(["Unterminated template string"]);
    expect(summaries("list(string")).toEqual(["Unterminated function call"]);
    expect(summaries("f(a b)")).toEqual(["Missing argument separator"]);
    expect(summaries("[a b]")).toEqual(["Missing item separator"]);
    expect(summaries("a[0")).toEqual(["Missing close bracket on index"]);
    expect(summaries("{a = 1 b = 2}")).toEqual(["Missing attribute separator"]);
    expect(summaries("{a}")).toEqual(["Missing key/value separator"]);
    expect(summaries("a ? b")).toEqual(["Missing false expression in conditional"]);
    expect(summaries("(a")).toEqual(["Unbalanced parentheses"]);
    expect(summaries("a.")).toEqual(["Invalid attribute name"]);
    expect(summaries("1.2.3")).toEqual(["Invalid number literal"]);
    expect(summaries('"\\q"')).toEqual(["Invalid escape sequence"]);
    expect(summaries('"a\nb"')).toEqual(["Invalid multi-line string", "Unterminated template string"]);
    expect(summaries("]")).toEqual(["Invalid expression"]);
    expect(summaries("'a'")[0]).toBe("Invalid character");
    expect(summaries("a & b")[0]).toBe("Unsupported operator");
    expect(summaries("$")[0]).toBe("Invalid character");
  });

  it("reports every kind of token the language does not allow, wherever the scanner finds it", () => {
    const cases: [string, string][] = [
      ["a & b", "Unsupported operator"],
      ["a | b", "Unsupported operator"],
      ["~a", "Unsupported operator"],
      ["a ^ b", "Unsupported operator"],
      ["a; b", "Invalid character"],
      ["`a`", "Invalid character"],
      ["'a'", "Invalid character"],
      ["\u201ca\u201d", "Invalid character"],
      ["\ud800", "Invalid character encoding"],
      ['"a\\', "Invalid character"],
      ['"a\nb"', "Invalid multi-line string"],
      ['"${a & b}"', "Unsupported operator"],
    ];
    for (const [src, summary] of cases) expect(summaries(src)).toContain(summary);
    expect(summaries('"a & b; `c`"')).toEqual([]);
  });

  it("bounds nesting with a diagnostic instead of overflowing the stack", () => {
    const ok = "[".repeat(1000) + "]".repeat(1000);
    expect(parseExpression(ok).diagnostics).toEqual([]);
    const deep = "[".repeat(MAX_NESTING_DEPTH + 10) + "]".repeat(MAX_NESTING_DEPTH + 10);
    expect(parseExpression(deep).diagnostics.map((d) => d.summary)).toEqual(["Expression too deeply nested"]);
    const huge = "(".repeat(200000);
    expect(parseExpression(huge).diagnostics[0]?.summary).toBe("Expression too deeply nested");
    expect(parseExpression("-".repeat(200000) + "1").diagnostics[0]?.summary).toBe(
      "Expression too deeply nested",
    );
  }, 60_000);
});

describe("parseConfig", () => {
  it("reads attributes and labelled blocks", () => {
    const src =
      'credentials "app.terraform.io" {\n  token = "abc" # comment\n}\nplugin_cache_dir = "/tmp/x"\nhost "h" { services = {} }\n';
    const { body, diagnostics } = parseConfig(src, "cli.tfrc");
    expect(diagnostics).toEqual([]);
    expect(body.attributes.map((a) => a.name)).toEqual(["plugin_cache_dir"]);
    expect(body.blocks.map((b) => [b.type, b.labels])).toEqual([
      ["credentials", ["app.terraform.io"]],
      ["host", ["h"]],
    ]);
    expect(body.blocks[0]?.body.attributes[0]).toMatchObject({
      name: "token",
      nameRange: { start: { line: 2, column: 3, byte: 35 } },
    });
  });

  it("rejects a redefined attribute and keeps the first", () => {
    const { body, diagnostics } = parseConfig("a = 1\na = 2\n", "x.tfvars");
    expect(body.attributes).toHaveLength(1);
    expect(diagnostics[0]).toMatchObject({
      summary: "Attribute redefined",
      detail: 'The argument "a" was already set at x.tfvars:1,1-2. Each argument may be set only once.',
    });
  });

  it("reports every broken item, not just the first", () => {
    const { body, diagnostics } = parseConfig("a = 1 2\nb = 2\nb = 3\nc = [\n");
    expect(diagnostics.map((d) => d.summary)).toEqual([
      "Missing newline after argument",
      "Attribute redefined",
    ]);
    expect(body.attributes.map((a) => a.name)).toEqual(["a", "b", "c"]);
  });

  it("requires a newline after an argument", () => {
    expect(parseConfig("a = 1, b = 2\n").diagnostics[0]?.summary).toBe("Unexpected comma after argument");
  });

  it("reads a heredoc attribute followed by another attribute", () => {
    const { body, diagnostics } = parseConfig("a = <<EOT\nx\nEOT\nb = 1\n");
    expect(diagnostics).toEqual([]);
    expect(body.attributes.map((a) => a.name)).toEqual(["a", "b"]);
  });

  it("reports an unclosed block", () => {
    expect(parseConfig("a {\n b = 1\n").diagnostics[0]?.summary).toBe("Unclosed configuration block");
  });
});

describe("ranges in long files", () => {
  it("are exact for nodes far into the file, after multi-byte characters", { timeout: 60_000 }, () => {
    const lines: string[] = [];
    for (let i = 0; i < 3000; i++) lines.push(`v${i} = { name = "bücket-${i}", tags = ["😀", ${i}] }`);
    const src = `${lines.join("\n")}\n`;
    const { body, diagnostics } = parseConfig(src, "long.tfvars");
    expect(diagnostics).toEqual([]);
    expect(body.attributes).toHaveLength(3000);
    let byte = 0;
    for (let i = 0; i < 3000; i++) {
      const line = lines[i] as string;
      const attr = body.attributes[i];
      if (attr === undefined) throw new Error("missing attribute");
      const lineBytes = Buffer.byteLength(line);
      expect(attr.nameRange.start).toEqual({ line: i + 1, column: 1, byte });
      // The object runs from `{` to the end of the line; the line has 3 multi-byte characters
      // (ü: 2 bytes, 😀: 4 bytes and 2 UTF-16 units).
      const open = line.indexOf("{");
      const obj = attr.expr;
      expect(obj.range.start).toEqual({ line: i + 1, column: open + 1, byte: byte + open });
      expect(obj.range.end).toEqual({ line: i + 1, column: line.length, byte: byte + lineBytes });
      if (obj.kind !== "object") throw new Error("not an object");
      const tags = obj.items[1]?.value;
      if (tags?.kind !== "tuple") throw new Error("not a tuple");
      const num = tags.exprs[1];
      const at = line.lastIndexOf(", ") + 2;
      const atBytes = Buffer.byteLength(line.slice(0, at));
      expect(num?.range).toEqual({
        filename: "long.tfvars",
        start: { line: i + 1, column: at, byte: byte + atBytes },
        end: { line: i + 1, column: at + String(i).length, byte: byte + atBytes + String(i).length },
      });
      byte += lineBytes + 1;
    }
  });

  it("report diagnostics at the same places in a long file as in a short one", () => {
    const bad = 'oops = { a = 1 b = 2 }\nq = "x\n';
    const short = parseConfig(bad, "f").diagnostics;
    const padding = Array.from({ length: 4000 }, (_, i) => `p${i} = ${i}\n`).join("");
    const long = parseConfig(padding + bad, "f").diagnostics;
    expect(long.map((d) => [d.summary, d.detail])).toEqual(short.map((d) => [d.summary, d.detail]));
    expect(long.map((d) => (d.subject?.start.line ?? 0) - 4000)).toEqual(
      short.map((d) => d.subject?.start.line),
    );
    expect(long.map((d) => d.subject?.end.column)).toEqual(short.map((d) => d.subject?.end.column));
    expect(long.map((d) => (d.subject?.start.byte ?? 0) - padding.length)).toEqual(
      short.map((d) => d.subject?.start.byte),
    );
  });
});
