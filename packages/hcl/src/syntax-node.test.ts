import { inspect } from "node:util";
import { describe, expect, it } from "vitest";
import type {
  Attribute,
  BinaryOpExpr,
  Expression,
  FunctionCallExpr,
  ObjectConsExpr,
  ScopeTraversalExpr,
  TemplateExpr,
  TupleConsExpr,
} from "./ast.js";
import { parseConfig, parseExpression } from "./parse.js";
import { plainRange, type Range } from "./pos.js";
import { SourceRange } from "./source-index.js";
import { SyntaxNode } from "./syntax-node.js";

/** The text a range covers (the samples are ASCII: bytes are string indexes). */
const textOf = (src: string, r: Range): string => src.slice(r.start.byte, r.end.byte);

function attribute(src: string): Attribute {
  const { body, diagnostics } = parseConfig(src, "t.tf");
  expect(diagnostics).toEqual([]);
  return body.attributes[0] as Attribute;
}

describe("SyntaxNode", () => {
  const src = 'a = upper("x") + var.b[0] * [1, { k = true }]\n';
  const attr = attribute(src);
  const sum = attr.expr as BinaryOpExpr;
  const call = sum.lhs as FunctionCallExpr;
  const product = sum.rhs as BinaryOpExpr;
  const traversal = product.lhs as ScopeTraversalExpr;
  const tuple = product.rhs as TupleConsExpr;
  const object = tuple.exprs[1] as ObjectConsExpr;

  it("is what the parser builds for the common kinds, and its ranges cover their text", () => {
    for (const node of [attr, sum, call, product, traversal, tuple, object, ...traversal.traversal]) {
      expect(node).toBeInstanceOf(SyntaxNode);
      expect(node.range).toBeInstanceOf(SourceRange);
    }
    expect(textOf(src, attr.range)).toBe(src.trimEnd());
    expect(textOf(src, attr.nameRange)).toBe("a");
    expect(textOf(src, attr.equalsRange)).toBe("=");
    expect(textOf(src, sum.range)).toBe(src.slice(4).trimEnd());
    expect(textOf(src, call.range)).toBe('upper("x")');
    expect(textOf(src, call.nameRange)).toBe("upper");
    expect(textOf(src, call.openParenRange)).toBe("(");
    expect(textOf(src, call.closeParenRange)).toBe(")");
    expect(textOf(src, (call.args[0] as TemplateExpr).range)).toBe('"x"');
    expect(textOf(src, ((call.args[0] as TemplateExpr).parts[0] as Expression).range)).toBe("x");
    expect(textOf(src, traversal.range)).toBe("var.b[0]");
    expect(traversal.traversal.map((t) => textOf(src, t.range))).toEqual(["var", ".b", "[0]"]);
    expect(textOf(src, tuple.range)).toBe("[1, { k = true }]");
    expect(textOf(src, tuple.openRange)).toBe("[");
    expect(textOf(src, object.range)).toBe("{ k = true }");
    expect(textOf(src, object.openRange)).toBe("{");
    const item = object.items[0]!;
    expect(textOf(src, item.key.range)).toBe("k");
    expect(textOf(src, item.value.range)).toBe("true");
  });

  it("reads positions with lines, columns and bytes", () => {
    const { expr } = parseExpression('x\n  + f("é",\n  2)', "e.hcl");
    const call = (expr as BinaryOpExpr).rhs as FunctionCallExpr;
    expect(plainRange(call.range)).toEqual({
      filename: "e.hcl",
      start: { line: 2, column: 5, byte: 6 },
      end: { line: 3, column: 5, byte: 18 },
    });
    expect(plainRange(call.closeParenRange)).toEqual({
      filename: "e.hcl",
      start: { line: 3, column: 4, byte: 17 },
      end: { line: 3, column: 5, byte: 18 },
    });
    expect(plainRange(((call.args[0] as TemplateExpr).parts[0] as Expression).range)).toEqual({
      filename: "e.hcl",
      start: { line: 2, column: 8, byte: 9 },
      end: { line: 2, column: 9, byte: 11 },
    });
  });

  it("gives a scoped call's whole name, and ends an unclosed call where the parse stopped", () => {
    const scoped = 'core::upper("x")';
    const c = parseExpression(scoped, "s.hcl").expr as FunctionCallExpr;
    expect(textOf(scoped, c.nameRange)).toBe("core::upper");
    expect(textOf(scoped, c.range)).toBe(scoped);
    const unclosed = "f(1 2) + 3";
    const u = parseExpression(unclosed, "u.hcl");
    expect(u.diagnostics.map((d) => d.summary)).toEqual(["Missing argument separator"]);
    const call = u.expr as FunctionCallExpr;
    expect(textOf(unclosed, call.closeParenRange)).toBe(")");
    expect(textOf(unclosed, call.range)).toBe("f(1 2)");
    // At the end of the text the call ends with the last token read, the end of the file.
    const eof = "f(1,";
    const e = parseExpression(eof, "eof.hcl").expr as FunctionCallExpr;
    expect(e.kind).toBe("call");
    expect(plainRange(e.closeParenRange)).toEqual({
      filename: "eof.hcl",
      start: { line: 1, column: 5, byte: 4 },
      end: { line: 1, column: 5, byte: 4 },
    });
    expect(textOf(eof, e.range)).toBe(eof);
  });

  it("is plain data for JSON, inspect and toJSON, with every range", () => {
    const json = JSON.parse(JSON.stringify(call));
    expect(json).toEqual({
      kind: "call",
      name: "upper",
      args: [JSON.parse(JSON.stringify(call.args[0]))],
      expandFinal: false,
      nameRange: plainRange(call.nameRange),
      openParenRange: plainRange(call.openParenRange),
      closeParenRange: plainRange(call.closeParenRange),
      range: plainRange(call.range),
    });
    const part = (call.args[0] as TemplateExpr).parts[0] as Expression;
    expect(json.args[0].parts[0]).toEqual({
      kind: "literal",
      value: { type: "string", value: "x" },
      range: plainRange(part.range),
    });
    expect(inspect(attr, { depth: 1 })).toContain("equalsRange");
    expect(inspect(traversal, { depth: 4 })).toContain("line: 1, column: 18, byte: 17");
  });

  it("keeps its ranges out of its own fields", () => {
    expect(Object.keys(call)).toEqual(["kind", "name", "args", "expandFinal"]);
    expect("range" in { ...call }).toBe(false);
    expect(Object.getOwnPropertySymbols((call as unknown as SyntaxNode).toJSON())).toEqual([]);
    expect(Object.keys(structuredClone(traversal))).toEqual(["kind", "traversal"]);
    // Diagnostics never carry a node's range as anything but plain data.
    const { diagnostics } = parseExpression("f(1 2)", "d.hcl");
    expect(structuredClone(diagnostics)).toEqual(diagnostics);
  });

  it("compares in tests as the plain node it stands for, ranges included", () => {
    const { expr } = parseExpression("1", "n.hcl");
    const plain = {
      kind: "literal",
      value: { type: "number", text: "1" },
      range: {
        filename: "n.hcl",
        start: { line: 1, column: 1, byte: 0 },
        end: { line: 1, column: 2, byte: 1 },
      },
    };
    expect(expr).toEqual(plain);
    expect(expr).not.toEqual({ ...plain, range: { ...plain.range, filename: "other.hcl" } });
    expect(expr).not.toEqual({ ...plain, value: { type: "number", text: "2" } });
  });
});
