// Where an expression starts, as hclsyntax's StartRange: the range HCL puts under a function
// argument it reports ("Invalid function argument", "Too many function arguments").
import type { Expression } from "./ast.js";
import { type Range, rangeBetween } from "./pos.js";

export function startRange(expr: Expression): Range {
  let e = expr;
  // Iterative: the left operand of a long operator chain is itself a chain.
  for (;;) {
    switch (e.kind) {
      case "binaryOp":
        e = e.lhs;
        continue;
      case "conditional":
        e = e.condition;
        continue;
      case "parentheses":
        e = e.expr;
        continue;
      case "objectKey":
        e = e.wrapped;
        continue;
      case "template":
        if (e.parts.length === 0) return e.range;
        e = e.parts[0]!;
        continue;
      case "templateJoin":
        return e.tuple.openRange;
      case "call":
        return rangeBetween(e.nameRange, e.openParenRange);
      case "unaryOp":
        return e.symbolRange;
      case "tuple":
      case "object":
      case "for":
        return e.openRange;
      case "index": {
        // The opening bracket.
        const s = e.bracketRange.start;
        return {
          filename: e.bracketRange.filename,
          start: s,
          end: { line: s.line, column: s.column + 1, byte: s.byte + 1 },
        };
      }
      case "splat":
        return e.markerRange;
      default:
        return e.range;
    }
  }
}
