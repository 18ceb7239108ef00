// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { HCLError } from "./errors.js";
import { format, formatFile } from "./format.js";

const lines = (...l: string[]) => `${l.join("\n")}\n`;

describe("format: alignment", () => {
  it("aligns = across consecutive attributes", () => {
    expect(format(lines("a = 1", "bbb = 2", "cc=3"))).toBe(lines("a   = 1", "bbb = 2", "cc  = 3"));
  });

  it("starts a new alignment group after a blank line", () => {
    expect(format(lines("a = 1", "bbb = 2", "", "cc = 3", "d = 4"))).toBe(
      lines("a   = 1", "bbb = 2", "", "cc = 3", "d  = 4"),
    );
  });

  it("starts a new alignment group after a comment line", () => {
    expect(format(lines("a = 1", "# about bbb", "bbb = 2"))).toBe(lines("a = 1", "# about bbb", "bbb = 2"));
  });

  it("starts a new alignment group after a block", () => {
    expect(format(lines("a = 1", "b {", "}", "ccc = 2", "d = 3"))).toBe(
      lines("a = 1", "b {", "}", "ccc = 2", "d   = 3"),
    );
  });

  it("aligns trailing comments after the aligned values", () => {
    expect(format(lines("a = 1 # one", "bbb = 22 # two"))).toBe(lines("a   = 1  # one", "bbb = 22 # two"));
  });

  it("does not align an attribute whose value opens a multi-line expression", () => {
    expect(format(lines("a = 1", "long_name = [", "1,", "]", "b = 2"))).toBe(
      lines("a = 1", "long_name = [", "  1,", "]", "b = 2"),
    );
  });

  it("counts characters, not bytes, when aligning", () => {
    expect(format(lines('ü = "x"', "ab = 1"))).toBe(lines('ü  = "x"', "ab = 1"));
  });
});

describe("format: indentation", () => {
  it("indents nested blocks by two spaces per level", () => {
    expect(format(lines('resource "a" "b" {', "nested {", "x = 1", "}", "other = 2", "}"))).toBe(
      lines('resource "a" "b" {', "  nested {", "    x = 1", "  }", "  other = 2", "}"),
    );
  });

  it("indents multi-line objects and lists, aligning their attributes", () => {
    expect(
      format(lines("tags = {", 'Name = "x"', 'LongerName = "y"', "}", "list = [", "1,", "2,", "]")),
    ).toBe(
      lines("tags = {", '  Name       = "x"', '  LongerName = "y"', "}", "list = [", "  1,", "  2,", "]"),
    );
  });

  it("replaces tabs and removes spaces at the ends of lines and on blank lines", () => {
    expect(format("a {\n\tb\t=\t1   \n   \n}\n")).toBe("a {\n  b = 1\n\n}\n");
  });

  it("keeps heredoc text exactly as written", () => {
    const src = lines("x = <<-EOT", "  keep    this", "      and this ${ a }", "  EOT", "y = 1");
    expect(format(src)).toBe(lines("x = <<-EOT", "  keep    this", "      and this ${a}", "  EOT", "y = 1"));
  });
});

describe("format: spaces", () => {
  it("puts spaces around binary operators and none after unary ones", () => {
    expect(format(lines("a = 1+2*3", "b = -1", "c = x -1", "d = !x", "e = a==b&&c||!d", "f = (-x)"))).toBe(
      lines("a = 1 + 2 * 3", "b = -1", "c = x - 1", "d = !x", "e = a == b && c || !d", "f = (-x)"),
    );
  });

  it("spaces brackets, commas, calls and traversals", () => {
    expect(
      format(
        lines(
          "a = foo( 1 ,2 )",
          "b = [ 1,2 ]",
          "c = x . y [ 0 ]",
          "d = { k = 1 }",
          "e = {}",
          "f = x ? 1 : 2",
        ),
      ),
    ).toBe(lines("a = foo(1, 2)", "b = [1, 2]", "c = x.y[0]", "d = { k = 1 }", "e = {}", "f = x ? 1 : 2"));
  });

  it("keeps a space after `in` before a tuple in a for expression", () => {
    expect(format(lines("a = [for x in [1]: x]"))).toBe(lines("a = [for x in [1] : x]"));
  });

  it("keeps trailing commas, with a space after them", () => {
    expect(format(lines("a = [1,2,]", "b = [", "1,", "]"))).toBe(lines("a = [1, 2, ]", "b = [", "  1,", "]"));
  });

  it("takes the spaces out of templates' sequences but not their text", () => {
    expect(format(lines('a = "x  ${ y }  z"'))).toBe(lines('a = "x  ${y}  z"'));
  });

  it("leaves one-line blocks on one line", () => {
    expect(format(lines("a { b = 1 }", "c {}"))).toBe(lines("a { b = 1 }", "c {}"));
  });
});

describe("format: OpenTofu's rewrites", () => {
  it("unwraps interpolation-only strings", () => {
    expect(format(lines('a = "${foo}"', 'b = "${foo} bar"', 'c = "${a}${b}"', 'd = "${f("${x}")}"'))).toBe(
      lines("a = foo", 'b = "${foo} bar"', 'c = "${a}${b}"', 'd = f("${x}")'),
    );
  });

  it("unwraps them in nested blocks, not inside object values", () => {
    expect(format(lines("r {", 'x = "${a}"', 'y = { z = "${b}" }', "}"))).toBe(
      lines("r {", "  x = a", '  y = { z = "${b}" }', "}"),
    );
  });

  it("wraps an unwrapped multi-line expression in parentheses", () => {
    expect(format(lines('a = "${', "b", '}"', 'c = "${d ?', 'e : f}"'))).toBe(
      lines("a = b", "c = (d ?", "e : f)"),
    );
  });

  it("rewrites legacy variable types", () => {
    const src = lines(
      "variable a {",
      'type = "string"',
      "}",
      'variable "b" {',
      'type = "list"',
      "}",
      'variable "c" {',
      'type = "map"',
      "}",
      'variable "d" {',
      "type = set",
      "}",
      'thing "e" {',
      "type = list",
      "}",
    );
    expect(format(src)).toBe(
      lines(
        'variable "a" {',
        "  type = string",
        "}",
        'variable "b" {',
        "  type = list(string)",
        "}",
        'variable "c" {',
        "  type = map(string)",
        "}",
        'variable "d" {',
        "  type = set(any)",
        "}",
        'thing "e" {',
        "  type = list",
        "}",
      ),
    );
  });

  it("writes block labels quoted and drops comments between them", () => {
    expect(format(lines("resource aws_instance /* x */ web {", "}", 'a "b\\u0041" {', "}"))).toBe(
      lines('resource "aws_instance" "web" {', "}", 'a "bA" {', "}"),
    );
  });
});

describe("format: what it keeps", () => {
  it("keeps comments of every kind", () => {
    const src = lines("# one", "// two", "/* three */", "a = 1 /* four */ # five");
    expect(format(src)).toBe(src);
  });

  it("keeps CRLF line ends", () => {
    expect(format("a=1\r\nbb=2\r\n")).toBe("a  = 1\r\nbb = 2\r\n");
  });

  it("drops a byte order mark, as the reference does", () => {
    expect(format("\ufeffa=1\n")).toBe("a = 1\n");
    expect(format("\ufeff")).toBe("   ");
  });

  it("leaves text with syntax errors alone and reports them", () => {
    const result = formatFile("a = \nb = [", "main.tf");
    expect(result.formatted).toBeNull();
    expect(result.diagnostics.length).toBeGreaterThan(0);
    expect(result.diagnostics[0]!.subject?.filename).toBe("main.tf");
    expect(() => format("a = [")).toThrow(HCLError);
  });

  it("is idempotent", { timeout: 60_000 }, () => {
    const ident = fc.constantFrom("a", "bb", "long_name", "x1");
    const atom = fc.constantFrom(
      "1",
      "-2",
      '"s"',
      '"${x}"',
      "x.y",
      "f(1,2)",
      "[1,2]",
      "{ k = 1 }",
      "a+b",
      "!c",
      "true",
    );
    const gap = fc.constantFrom("", " ", "  ", "\t");
    const assignment = fc.tuple(ident, gap, gap, atom).map(([n, g1, g2, v]) => `${n}${g1}=${g2}${v}`);
    const attr = fc.tuple(assignment, fc.constantFrom("", " # c", " /* d */")).map(([a, c]) => a + c);
    const line = fc.oneof(
      attr,
      fc.constant(""),
      fc.constant("# note"),
      assignment.map((a) => `blk { ${a} }`),
    );
    // Attribute names made unique by their line number: a name set twice does not parse.
    const body = fc
      .array(line, { maxLength: 8 })
      .map((ls) => ls.map((l, i) => l.replace(/^(blk \{ )?(\w+)/, `$1$2_${i}`)));
    const file = fc
      .tuple(body, fc.option(body, { nil: undefined }))
      .map(([top, inner]) => lines(...top, ...(inner === undefined ? [] : ['b "l" {', ...inner, "}"])));
    fc.assert(
      fc.property(file, (src) => {
        const once = format(src);
        expect(format(once)).toBe(once);
      }),
      { numRuns: 300 },
    );
  });
});

describe("format: where it differs from the reference", () => {
  it("keeps a block label with a template escape, which tofu fmt would drop", () => {
    expect(format('a "$${x}" {}\n')).toBe('a "$${x}" {}\n');
  });
});
