// Collection constructors: tuples `[a, b]` and objects `{k = v}`, and the `for` expressions
// that open like them.

import type { Expression, ObjectConsItem, ObjectConsKeyExpr } from "./ast.js";
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { append, NO_DIAGS, type Result, withDiag } from "./parse-result.js";
import { TraversalParser } from "./parse-traversal.js";
import { rangeBetween } from "./pos.js";
import { ObjectKeyNode, ObjectNode, TupleNode } from "./syntax-node.js";

export abstract class CollectionParser extends TraversalParser {
  protected parseTupleCons(): Result<Expression> {
    // The brackets are read by token index: no token objects for them.
    const openAt = this.readIndex();
    this.pushNewlines(false);
    if (this.peekKeyword("for")) {
      const r = this.finishForExpr(this.tokens.token(openAt));
      this.popNewlines();
      return r;
    }
    {
      const exprs: Expression[] = [];
      // Made only once there is a diagnostic: most tuples have none.
      let diags: Diagnostic[] | null = null;
      let closeAt: number;
      for (;;) {
        if (this.peekType() === "]") {
          closeAt = this.readIndex();
          break;
        }
        const e = this.parseExpression();
        exprs.push(e.node);
        if (e.diags.length > 0) {
          diags ??= [];
          append(diags, e.diags);
        }
        if (this.recovery && hasErrors(e.diags)) {
          closeAt = this.recoverAt("]");
          break;
        }
        const nextType = this.peekType();
        if (nextType === "]") {
          closeAt = this.readIndex();
          break;
        }
        if (nextType !== ",") {
          if (!this.recovery) {
            const next = this.peek();
            diags = withDiag(
              diags,
              nextType === "EOF"
                ? errorDiag(
                    "Unterminated tuple constructor expression",
                    "There is no corresponding closing bracket before the end of the file. This may be caused by incorrect bracket nesting elsewhere in this file.",
                    this.rangeAt(openAt),
                  )
                : errorDiag(
                    "Missing item separator",
                    "Expected a comma to mark the beginning of the next item.",
                    next.range,
                    rangeBetween(this.rangeAt(openAt), next.range),
                  ),
            );
          }
          closeAt = this.recoverAt("]");
          break;
        }
        this.skip();
      }
      this.popNewlines();
      return {
        node: new TupleNode(exprs, this.tokens.source, this.tokens.start(openAt), this.tokens.end(closeAt)),
        diags: diags ?? NO_DIAGS,
      };
    }
  }

  protected parseObjectCons(): Result<Expression> {
    const openAt = this.readIndex();
    // `for` expressions are not newline-sensitive, though object constructors are.
    this.pushNewlines(false);
    const isFor = this.peekKeyword("for");
    this.popNewlines();
    if (isFor) {
      this.pushNewlines(false);
      const r = this.finishForExpr(this.tokens.token(openAt));
      this.popNewlines();
      return r;
    }
    this.pushNewlines(true);
    const r = this.parseObjectItems(openAt);
    this.popNewlines();
    return r;
  }

  /** The items of an object constructor whose `{` is the stream's token `openAt`. */
  protected parseObjectItems(openAt: number): Result<Expression> {
    {
      const items: ObjectConsItem[] = [];
      // Made only once there is a diagnostic: most objects have none.
      let diags: Diagnostic[] | null = null;
      let closeAt: number;
      for (;;) {
        const nextType = this.peekType();
        if (nextType === "Newline") {
          this.skip();
          continue;
        }
        if (nextType === "}") {
          closeAt = this.readIndex();
          break;
        }
        // A parenthesised key is always an expression, never a bare name.
        const forceNonLiteral = nextType === "(";
        const k = this.parseExpression();
        if (k.diags.length > 0) {
          diags ??= [];
          append(diags, k.diags);
        }
        if (this.recovery && hasErrors(k.diags)) {
          closeAt = this.recoverAt("}");
          break;
        }
        const key: ObjectConsKeyExpr = new ObjectKeyNode(k.node, forceNonLiteral);
        const sepType = this.peekType();
        if (sepType !== "=" && sepType !== ":") {
          if (!this.recovery) {
            const sep = this.peek();
            const context = rangeBetween(this.rangeAt(openAt), sep.range);
            switch (sep.type) {
              case "Newline":
              case ",":
                diags = withDiag(
                  diags,
                  errorDiag(
                    "Missing attribute value",
                    'Expected an attribute value, introduced by an equals sign ("=").',
                    sep.range,
                    context,
                  ),
                );
                break;
              case "Ident":
                diags = withDiag(
                  diags,
                  errorDiag(
                    "Missing key/value separator",
                    'Expected an equals sign ("=") to mark the beginning of the attribute value. If you intended to given an attribute name containing periods or spaces, write the name in quotes to create a string literal.',
                    sep.range,
                    context,
                  ),
                );
                break;
              case "EOF":
                diags = withDiag(
                  diags,
                  errorDiag(
                    "Unterminated object constructor expression",
                    "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                    this.rangeAt(openAt),
                  ),
                );
                break;
              default:
                diags = withDiag(
                  diags,
                  errorDiag(
                    "Missing key/value separator",
                    'Expected an equals sign ("=") to mark the beginning of the attribute value.',
                    sep.range,
                    context,
                  ),
                );
            }
          }
          closeAt = this.recoverAt("}");
          break;
        }
        this.skip();
        const v = this.parseExpression();
        if (v.diags.length > 0) {
          diags ??= [];
          append(diags, v.diags);
        }
        if (this.recovery && hasErrors(v.diags)) {
          closeAt = this.recoverAt("}");
          break;
        }
        items.push({ key, value: v.node });
        const afterType = this.peekType();
        if (afterType === "}") {
          closeAt = this.readIndex();
          break;
        }
        if (afterType !== "," && afterType !== "Newline") {
          if (!this.recovery) {
            const after = this.peek();
            diags = withDiag(
              diags,
              afterType === "EOF"
                ? errorDiag(
                    "Unterminated object constructor expression",
                    "There is no corresponding closing brace before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                    this.rangeAt(openAt),
                  )
                : errorDiag(
                    "Missing attribute separator",
                    "Expected a newline or comma to mark the beginning of the next attribute.",
                    after.range,
                    rangeBetween(this.rangeAt(openAt), after.range),
                  ),
            );
          }
          closeAt = this.recoverAt("}");
          break;
        }
        this.skip();
      }
      return {
        node: new ObjectNode(items, this.tokens.source, this.tokens.start(openAt), this.tokens.end(closeAt)),
        diags: diags ?? NO_DIAGS,
      };
    }
  }
}
