// Traversals after a term: attribute access `.name`, indexes `[key]` and legacy `.0`, and the
// splat operators `[*]` and `.*`.

import type { Expression, Literal, Traverser } from "./ast.js";
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { internName } from "./intern.js";
import { CallParser } from "./parse-call.js";
import { NO_DIAGS, type Result, syntaxErrorPlaceholder, withDiag, withDiags } from "./parse-result.js";
import { type Range, rangeBetween } from "./pos.js";
import {
  AttrStep,
  endOf,
  IndexStep,
  indexOf,
  RelativeTraversalNode,
  ScopeTraversalNode,
  startOf,
} from "./syntax-node.js";
import type { Token } from "./token.js";

export abstract class TraversalParser extends CallParser {
  // Defined by the layers above.
  protected abstract numberLiteral(tok: Token, diags: Diagnostic[]): Literal;

  protected parseExpressionTraversals(from: Expression): Result<Expression> {
    // Made only once there is a diagnostic: most traversals have none.
    let diags: Diagnostic[] | null = null;
    let ret = from;
    // Steps are gathered and appended in one go: extending the node per step would copy the
    // step list each time, quadratic in the chain's length.
    // (No closures over these: they would cost a context and two functions per traversal.)
    const steps: Traverser[] = [];
    /** What the last step ends with (the term itself before any step). */
    let stepsEnd: Expression | Traverser | Range = from;
    for (;;) {
      // By type: the token that ends the traversal is not made an object.
      const nextType = this.peekType();
      if (nextType === ".") {
        const dotAt = this.readIndex();
        if (this.peekType() === "Ident") {
          // `.name`, by far the usual step: its tokens are read by index, without objects.
          const nameAt = this.readIndex();
          const toks = this.tokens;
          const step = new AttrStep(
            internName(this.textAt(nameAt)),
            toks.source,
            toks.start(dotAt),
            toks.end(nameAt),
          );
          steps.push(step);
          stepsEnd = step;
          continue;
        }
        const dot = this.tokens.token(dotAt);
        const attrTok = this.peek();
        if (attrTok.type === "NumberLit") {
          // The legacy `foo.0` index form inherited from HIL.
          this.skip();
          const range = rangeBetween(dot.range, attrTok.range);
          const dotIdx = attrTok.text.indexOf(".");
          if (dotIdx >= 0) {
            diags = withDiag(
              diags,
              errorDiag(
                "Invalid legacy index syntax",
                `When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [${attrTok.text.slice(0, dotIdx)}][${attrTok.text.slice(dotIdx + 1)}].`,
                attrTok.range,
              ),
            );
            steps.push(indexStep({ type: "unknown" }, range));
            stepsEnd = range;
            continue;
          }
          diags ??= [];
          const key = this.numberLiteral(attrTok, diags);
          steps.push(indexStep(key, range));
          stepsEnd = range;
          continue;
        }
        if (attrTok.type === "*") {
          diags ??= [];
          ret = this.finishAttrSplat(from, flushSteps(ret, steps, stepsEnd), dot, diags);
          continue;
        }
        diags = withDiag(
          diags,
          errorDiag("Invalid attribute name", "An attribute name is required after a dot.", attrTok.range),
        );
        this.recovery = true;
        return { node: syntaxErrorPlaceholder(rangeBetween(from.range, dot.range), diags), diags };
      }
      if (nextType === "[") {
        const open = this.read();
        if (this.peekType() === "*") {
          this.skip();
          let close = this.read();
          if (close.type !== "]" && !this.recovery) {
            diags = withDiag(
              diags,
              errorDiag(
                "Missing close bracket on splat index",
                'The star for a full splat operator must be immediately followed by a closing bracket ("]").',
                close.range,
              ),
            );
            close = this.recover("]");
          }
          const item = { kind: "anonSymbol" as const, range: rangeBetween(open.range, close.range) };
          const each = this.parseExpressionTraversals(item);
          diags = withDiags(diags, each.diags);
          ret = {
            kind: "splat",
            source: flushSteps(ret, steps, stepsEnd),
            each: each.node,
            item,
            markerRange: rangeBetween(open.range, close.range),
            range: rangeBetween(from.range, each.node.range),
          };
          continue;
        }
        this.pushNewlines(false);
        const key = this.parseExpression();
        diags = withDiags(diags, key.diags);
        let close: Token;
        if (this.recovery && hasErrors(key.diags)) {
          close = this.recover("]");
        } else {
          close = this.read();
          if (close.type !== "]" && !this.recovery) {
            diags = withDiag(
              diags,
              errorDiag(
                "Missing close bracket on index",
                'The index operator must end with a closing bracket ("]").',
                close.range,
              ),
            );
            close = this.recover("]");
          }
        }
        this.popNewlines();
        const range = rangeBetween(open.range, close.range);
        const literalKey = constantKey(key.node);
        if (literalKey !== null) {
          steps.push(indexStep(literalKey, range));
          stepsEnd = range;
        } else {
          ret = {
            kind: "index",
            collection: flushSteps(ret, steps, stepsEnd),
            key: key.node,
            bracketRange: range,
            range: rangeBetween(from.range, range),
          };
        }
        continue;
      }
      break;
    }
    return { node: flushSteps(ret, steps, stepsEnd), diags: diags ?? NO_DIAGS };
  }

  /** The attribute-only splat `foo.*.bar`, inherited from HIL. */
  protected finishAttrSplat(
    from: Expression,
    source: Expression,
    dot: Token,
    diags: Diagnostic[],
  ): Expression {
    const marker = this.read();
    const trav: Traverser[] = [];
    const firstRange = this.peek().range;
    let lastRange = marker.range;
    while (this.peekType() === ".") {
      const d = this.read();
      const t = this.peek();
      if (t.type === "NumberLit") {
        this.skip();
        const range = rangeBetween(d.range, t.range);
        const dotIdx = t.text.indexOf(".");
        if (dotIdx >= 0) {
          diags.push(
            errorDiag(
              "Invalid legacy index syntax",
              `When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax with a full splat expression [*] instead, like [${t.text.slice(0, dotIdx)}][${t.text.slice(dotIdx + 1)}].`,
              t.range,
            ),
          );
          trav.push(indexStep({ type: "unknown" }, range));
        } else {
          trav.push(indexStep(this.numberLiteral(t, diags), range));
        }
        lastRange = t.range;
        continue;
      }
      if (t.type !== "Ident") {
        if (!this.recovery) {
          diags.push(
            t.type === "*"
              ? errorDiag(
                  "Nested splat expression not allowed",
                  "A splat expression (*) cannot be used inside another attribute-only splat expression.",
                  t.range,
                )
              : errorDiag("Invalid attribute name", "An attribute name is required after a dot.", t.range),
          );
        }
        this.recovery = true;
        break;
      }
      this.skip();
      trav.push(new AttrStep(t.text, this.tokens.source, Math.min(d.start, t.start), Math.max(d.end, t.end)));
      lastRange = t.range;
    }
    const item = { kind: "anonSymbol" as const, range: rangeBetween(dot.range, marker.range) };
    const each: Expression =
      trav.length === 0
        ? item
        : {
            kind: "relativeTraversal",
            source: item,
            traversal: trav,
            range: rangeBetween(firstRange, lastRange),
          };
    return {
      kind: "splat",
      source,
      each,
      item,
      markerRange: rangeBetween(dot.range, marker.range),
      range: rangeBetween(from.range, lastRange),
    };
  }
}

/** A constant index key turns `a[0]` into a traversal step, as HCL does for literals and plain strings. */
function constantKey(expr: Expression): Literal | null {
  if (expr.kind === "literal") return expr.value;
  if (expr.kind === "template" && expr.parts.length === 1) {
    const only = expr.parts[0] as Expression;
    if (only.kind === "literal" && only.value.type === "string") return only.value;
  }
  return null;
}

/** `expr` with the gathered `steps` appended (see extendTraversal), which leaves `steps` empty. */
function flushSteps(expr: Expression, steps: Traverser[], end: Expression | Traverser | Range): Expression {
  if (steps.length === 0) return expr;
  const out = extendTraversal(expr, steps, end);
  steps.length = 0;
  return out;
}

/**
 * Appends traversal steps, extending an existing traversal expression where there is one; the
 * new node has its own copy of `steps`.
 */
function extendTraversal(
  expr: Expression,
  steps: readonly Traverser[],
  end: Expression | Traverser | Range,
): Expression {
  const index = indexOf(expr);
  const start = Math.min(startOf(expr), startOf(end));
  const stop = Math.max(endOf(expr), endOf(end));
  if (expr.kind === "scopeTraversal") {
    return new ScopeTraversalNode(expr.traversal.concat(steps), index, start, stop);
  }
  if (expr.kind === "relativeTraversal") {
    return new RelativeTraversalNode(expr.source, expr.traversal.concat(steps), index, start, stop);
  }
  return new RelativeTraversalNode(expr, steps.slice(), index, start, stop);
}

/** The index step `[key]` over `range`, a range of the parsed text. */
function indexStep(key: Literal, range: Range): Traverser {
  return new IndexStep(key, indexOf(range), startOf(range), endOf(range));
}
