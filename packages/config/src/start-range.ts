// hclsyntax's StartRange: the part of an expression a "this value is unsuitable" message
// points at, with the whole expression as its context.
import type { Expression } from "@tofukit/hcl";
import type { Range } from "./variable-declaration.js";

function between(a: Range, b: Range): Range {
  return { filename: a.filename, start: a.start, end: b.end };
}

export function startRange(expr: Expression): Range {
  switch (expr.kind) {
    case "call":
      return between(expr.nameRange, expr.openParenRange);
    case "tuple":
    case "object":
    case "for":
      return expr.openRange;
    case "index":
      return expr.bracketRange;
    case "splat":
      return expr.markerRange;
    case "conditional":
      return startRange(expr.condition);
    case "binaryOp":
      return startRange(expr.lhs);
    case "unaryOp":
      return expr.symbolRange;
    case "template": {
      const first = expr.parts[0];
      return first === undefined ? expr.range : startRange(first);
    }
    case "templateWrap":
      return startRange(expr.wrapped);
    case "objectKey":
      return startRange(expr.wrapped);
    case "relativeTraversal":
      return startRange(expr.source);
    default:
      return expr.range;
  }
}
