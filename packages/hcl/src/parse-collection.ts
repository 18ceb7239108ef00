// Collection constructors: tuples `[a, b]` and objects `{k = v}`, and the `for` expressions
// that open like them.

import type { Expression, ObjectConsItem, ObjectConsKeyExpr } from "./ast.js";
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { append, type Result } from "./parse-result.js";
import { TraversalParser } from "./parse-traversal.js";
import { rangeBetween } from "./pos.js";
import type { Token } from "./token.js";

export abstract class CollectionParser extends TraversalParser {
  protected parseTupleCons(): Result<Expression> {
    const open = this.read();
    this.pushNewlines(false);
    if (this.peekKeyword("for")) {
      const r = this.finishForExpr(open);
      this.popNewlines();
      return r;
    }
    {
      const exprs: Expression[] = [];
      const diags: Diagnostic[] = [];
      let close: Token;
      for (;;) {
        if (this.peekType() === "]") {
          close = this.read();
          break;
        }
        const e = this.parseExpression();
        exprs.push(e.node);
        append(diags, e.diags);
        if (this.recovery && hasErrors(e.diags)) {
          close = this.recover("]");
          break;
        }
        const nextType = this.peekType();
        if (nextType === "]") {
          close = this.read();
          break;
        }
        if (nextType !== ",") {
          if (!this.recovery) {
            const next = this.peek();
            diags.push(
              nextType === "EOF"
                ? errorDiag(
                    "Unterminated tuple constructor expression",
                    "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                    open.range,
                  )
                : errorDiag(
                    "Missing item separator",
                    "Expected a comma to mark the beginning of the next item.",
                    next.range,
                    rangeBetween(open.range, next.range),
                  ),
            );
          }
          close = this.recover("]");
          break;
        }
        this.skip();
      }
      this.popNewlines();
      return {
        node: { kind: "tuple", exprs, openRange: open.range, range: this.span(open, close) },
        diags,
      };
    }
  }

  protected parseObjectCons(): Result<Expression> {
    const open = this.read();
    // `for` expressions are not newline-sensitive, though object constructors are.
    this.pushNewlines(false);
    const isFor = this.peekKeyword("for");
    this.popNewlines();
    if (isFor) {
      this.pushNewlines(false);
      const r = this.finishForExpr(open);
      this.popNewlines();
      return r;
    }
    this.pushNewlines(true);
    const r = this.parseObjectItems(open);
    this.popNewlines();
    return r;
  }

  protected parseObjectItems(open: Token): Result<Expression> {
    {
      const items: ObjectConsItem[] = [];
      const diags: Diagnostic[] = [];
      let close: Token;
      for (;;) {
        const nextType = this.peekType();
        if (nextType === "Newline") {
          this.skip();
          continue;
        }
        if (nextType === "}") {
          close = this.read();
          break;
        }
        // A parenthesised key is always an expression, never a bare name.
        const forceNonLiteral = nextType === "(";
        const k = this.parseExpression();
        append(diags, k.diags);
        if (this.recovery && hasErrors(k.diags)) {
          close = this.recover("}");
          break;
        }
        const key: ObjectConsKeyExpr = {
          kind: "objectKey",
          wrapped: k.node,
          forceNonLiteral,
          range: k.node.range,
        };
        const sepType = this.peekType();
        if (sepType !== "=" && sepType !== ":") {
          if (!this.recovery) {
            const sep = this.peek();
            const context = rangeBetween(open.range, sep.range);
            switch (sep.type) {
              case "Newline":
              case ",":
                diags.push(
                  errorDiag(
                    "Missing attribute value",
                    'Expected an attribute value, introduced by an equals sign ("=").',
                    sep.range,
                    context,
                  ),
                );
                break;
              case "Ident":
                diags.push(
                  errorDiag(
                    "Missing key/value separator",
                    'Expected an equals sign ("=") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.',
                    sep.range,
                    context,
                  ),
                );
                break;
              case "EOF":
                diags.push(
                  errorDiag(
                    "Unterminated object constructor expression",
                    "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                    open.range,
                  ),
                );
                break;
              default:
                diags.push(
                  errorDiag(
                    "Missing key/value separator",
                    'Expected an equals sign ("=") to mark the beginning of the attribute value.',
                    sep.range,
                    context,
                  ),
                );
            }
          }
          close = this.recover("}");
          break;
        }
        this.skip();
        const v = this.parseExpression();
        append(diags, v.diags);
        if (this.recovery && hasErrors(v.diags)) {
          close = this.recover("}");
          break;
        }
        items.push({ key, value: v.node });
        const afterType = this.peekType();
        if (afterType === "}") {
          close = this.read();
          break;
        }
        if (afterType !== "," && afterType !== "Newline") {
          if (!this.recovery) {
            const after = this.peek();
            diags.push(
              afterType === "EOF"
                ? errorDiag(
                    "Unterminated object constructor expression",
                    "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                    open.range,
                  )
                : errorDiag(
                    "Missing attribute separator",
                    "Expected a newline or comma to mark the beginning of the next attribute.",
                    after.range,
                    rangeBetween(open.range, after.range),
                  ),
            );
          }
          close = this.recover("}");
          break;
        }
        this.skip();
      }
      return {
        node: { kind: "object", items, openRange: open.range, range: this.span(open, close) },
        diags,
      };
    }
  }
}
