// A JSON value in a `.tf.json` file as an HCL expression, as HCL's JSON syntax evaluates an
// argument: strings are templates (`"${var.x}"` is x's value), objects and arrays are object
// and tuple constructors of such expressions, other values are literals. The template in a
// string is parsed on its own; its ranges are moved to where the string is written, exactly
// when the string has no escapes (then its text is the source), else to the whole string.
import type { Diagnostic, Expression, ObjectConsItem } from "@tofukit/hcl";
import { parseTemplate } from "@tofukit/hcl";
import type { JSONNode, Positions } from "./json-document.js";
import type { Range } from "./variable-declaration.js";

type Pos = Range["start"];

function isRange(x: object): x is Range {
  return "filename" in x && "start" in x && "end" in x;
}

/** A copy of a parsed tree with every range passed through `move`. */
function moveRanges<T>(node: T, move: (r: Range) => Range): T {
  if (Array.isArray(node)) return node.map((item) => moveRanges(item, move)) as T;
  if (node === null || typeof node !== "object") return node;
  if (isRange(node)) return move(node) as T;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) out[key] = moveRanges(value, move);
  return out as T;
}

function shifted(p: Pos, base: Pos): Pos {
  // A string without escapes holds no newline, so everything is on the string's own line.
  return { line: base.line, column: base.column + p.column - 1, byte: base.byte + p.byte };
}

function stringExpression(
  node: Extract<JSONNode, { kind: "string" }>,
  at: Positions,
  diags: Diagnostic[],
): Expression {
  const whole = at.range(node.start, node.end);
  const raw = at.text.slice(node.start + 1, node.end - 1);
  const exact = raw === node.value;
  const base = exact ? at.pos(node.start + 1) : whole.start;
  const move = exact
    ? (r: Range): Range => ({
        filename: whole.filename,
        start: shifted(r.start, base),
        end: shifted(r.end, base),
      })
    : (): Range => whole;
  const parsed = parseTemplate(node.value, at.filename);
  for (const d of parsed.diagnostics) diags.push(moveRanges(d, move));
  if (parsed.diagnostics.some((d) => d.severity === "error")) {
    return { kind: "literal", value: { type: "unknown" }, range: whole };
  }
  return moveRanges(parsed.expr, move);
}

/** The expression a JSON value stands for; problems parsing its templates go to `diags`. */
export function jsonNodeExpression(node: JSONNode, at: Positions, diags: Diagnostic[]): Expression {
  const range = at.range(node.start, node.end);
  switch (node.kind) {
    case "string":
      return stringExpression(node, at, diags);
    case "number":
      return { kind: "literal", value: { type: "number", text: node.text }, range };
    case "bool":
      return { kind: "literal", value: { type: "bool", value: node.value }, range };
    case "null":
      return { kind: "literal", value: { type: "null" }, range };
    case "array":
      return {
        kind: "tuple",
        exprs: node.items.map((item) => jsonNodeExpression(item, at, diags)),
        openRange: at.range(node.start, node.start + 1),
        range,
      };
    case "object": {
      const items: ObjectConsItem[] = node.properties.map((p) => {
        const keyRange = at.range(p.nameStart, p.nameEnd);
        return {
          key: {
            kind: "objectKey",
            wrapped: { kind: "literal", value: { type: "string", value: p.name }, range: keyRange },
            forceNonLiteral: false,
            range: keyRange,
          },
          value: jsonNodeExpression(p.value, at, diags),
        };
      });
      return { kind: "object", items, openRange: at.range(node.start, node.start + 1), range };
    }
  }
}
