// `for` expressions (`[for v in coll : expr if cond]`, `{for k, v in coll : k => v...}`) and the
// `for` header they share with `%{for}` template directives.

import type { Expression, ForExpr } from "./ast.js";
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { append, placeholder, type Result } from "./parse-result.js";
import { rangeBetween } from "./pos.js";
import type { Token, TokenType } from "./token.js";
import { TokenCursor } from "./token-cursor.js";

/** The names a `for` header declares: `for v in` has only a value name (keyVar ""). */
interface ForHeader {
  readonly keyVar: string;
  readonly valVar: string;
}

/** What a `for` header says when it is incomplete; expressions and directives word it differently. */
interface ForHeaderErrors {
  readonly name: string;
  readonly valueName: string;
  readonly in: string;
}

const FOR_EXPRESSION_HEADER: ForHeaderErrors = {
  name: "For expression requires variable name after 'for'.",
  valueName: "For expression requires value variable name after comma.",
  in: "For expression requires the 'in' keyword after its name declarations.",
};

/** The `%{for}` template directive's wording of the same errors. */
export const FOR_DIRECTIVE_HEADER: ForHeaderErrors = {
  name: "For directive requires variable name after 'for'.",
  valueName: "For directive requires value variable name after comma.",
  in: "For directive requires 'in' keyword after names.",
};

export abstract class ForParser extends TokenCursor {
  // Defined by the layers above.
  protected abstract parseExpression(): Result<Expression>;

  /**
   * The header of a `for` expression or `%{for}` directive after the keyword: `v in` or
   * `k, v in`, read up to and including `in`. Gives the names, or the detail of the error (from
   * `errors`) with the peeker at the token that is wrong.
   */
  protected parseForHeader(errors: ForHeaderErrors): ForHeader | string {
    if (this.peekType() !== "Ident") return errors.name;
    let valVar = this.read().text;
    let keyVar = "";
    if (this.peekType() === ",") {
      keyVar = valVar;
      this.skip();
      if (this.peekType() !== "Ident") return errors.valueName;
      valVar = this.read().text;
    }
    if (!this.peekKeyword("in")) return errors.in;
    this.skip();
    return { keyVar, valVar };
  }

  protected finishForExpr(open: Token): Result<Expression> {
    this.pushNewlines(false);
    const r = this.finishForExprInner(open);
    this.popNewlines();
    return r;
  }

  protected finishForExprInner(open: Token): Result<Expression> {
    {
      this.skip(); // "for"
      const makeObj = open.type === "{";
      const closeType: TokenType = makeObj ? "}" : "]";
      const diags: Diagnostic[] = [];
      const fail = (detail: string): Result<Expression> => {
        const at = this.peek();
        if (!this.recovery) {
          diags.push(
            errorDiag("Invalid 'for' expression", detail, at.range, rangeBetween(open.range, at.range)),
          );
        }
        const close = this.recover(closeType);
        return { node: placeholder(rangeBetween(open.range, close.range)), diags };
      };
      const header = this.parseForHeader(FOR_EXPRESSION_HEADER);
      if (typeof header === "string") return fail(header);
      const { keyVar, valVar } = header;
      const coll = this.parseExpression();
      append(diags, coll.diags);
      if (this.recovery && hasErrors(coll.diags)) {
        const close = this.recover(closeType);
        return { node: placeholder(rangeBetween(open.range, close.range)), diags };
      }
      if (this.peekType() !== ":")
        return fail("For expression requires a colon after the collection expression.");
      this.skip();
      let keyExpr: Expression | null = null;
      let val = this.parseExpression();
      const keyDiags: Diagnostic[] = [];
      if (this.peekType() === "=>") {
        this.skip();
        keyExpr = val.node;
        append(keyDiags, val.diags);
        val = this.parseExpression();
      }
      append(diags, keyDiags);
      append(diags, val.diags);
      if (this.recovery && (hasErrors(keyDiags) || hasErrors(val.diags))) {
        const close = this.recover(closeType);
        return { node: placeholder(rangeBetween(open.range, close.range)), diags };
      }
      let group = false;
      let ellipsis: Token | null = null;
      if (this.peekType() === "...") {
        ellipsis = this.read();
        group = true;
      }
      let condition: Expression | null = null;
      if (this.peekKeyword("if")) {
        this.skip();
        const c = this.parseExpression();
        append(diags, c.diags);
        if (this.recovery && hasErrors(c.diags)) {
          const close = this.recover(closeType);
          return { node: placeholder(rangeBetween(open.range, close.range)), diags };
        }
        condition = c.node;
      }
      let close: Token;
      if (this.peekType() === closeType) {
        close = this.read();
      } else {
        const at = this.peek();
        if (!this.recovery) {
          diags.push(
            errorDiag(
              "Invalid 'for' expression",
              "Extra characters after the end of the 'for' expression.",
              at.range,
              rangeBetween(open.range, at.range),
            ),
          );
        }
        close = this.recover(closeType);
      }
      const whole = rangeBetween(open.range, close.range);
      if (!makeObj) {
        if (keyExpr !== null) {
          diags.push(
            errorDiag(
              "Invalid 'for' expression",
              "Key expression is not valid when building a tuple.",
              keyExpr.range,
              whole,
            ),
          );
        }
        if (ellipsis !== null) {
          diags.push(
            errorDiag(
              "Invalid 'for' expression",
              "Grouping ellipsis (...) cannot be used when building a tuple.",
              ellipsis.range,
              whole,
            ),
          );
        }
      } else if (keyExpr === null) {
        diags.push(
          errorDiag(
            "Invalid 'for' expression",
            "Key expression is required when building an object.",
            val.node.range,
            whole,
          ),
        );
      }
      const node: ForExpr = {
        kind: "for",
        keyVar,
        valVar,
        collection: coll.node,
        keyExpr,
        valExpr: val.node,
        condition,
        group,
        openRange: open.range,
        closeRange: close.range,
        range: whole,
      };
      return { node, diags };
    }
  }
}
