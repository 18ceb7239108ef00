// Function calls: `name(args...)`, `ns::name(...)`, and an expanding final `args...`.

import type { Expression } from "./ast.js";
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { append, NO_DIAGS, type Result, syntaxErrorPlaceholder, withDiag } from "./parse-result.js";
import { TemplateParser } from "./parse-template-parts.js";
import { type Range, rangeBetween } from "./pos.js";
import type { Token } from "./token.js";

export abstract class CallParser extends TemplateParser {
  /** A call whose name is the stream's token `nameAt`, with the peeker just after the name. */
  protected finishFunctionCall(nameAt: number): Result<Expression> {
    // The usual call, `name(`, is read by token index: no token objects for the name and the
    // parentheses. Namespaced names and malformed calls take the general path.
    if (this.peekType() !== "(") return this.finishScopedCall(this.tokens.token(nameAt));
    const openAt = this.readIndex();
    const nameRange = this.rangeAt(nameAt);
    return this.finishCallArgs(this.textAt(nameAt), nameRange, nameRange, this.rangeAt(openAt));
  }

  protected finishScopedCall(name: Token): Result<Expression> {
    const diags: Diagnostic[] = [];
    let open = this.read();
    let nameStr = name.text;
    // A name without `::` parts covers exactly its token: share that token's range.
    let nameRange: Range = name.range;
    while (open.type === "::") {
      const nextName = this.read();
      if (nextName.type !== "Ident") {
        diags.push(
          errorDiag(
            "Missing function name",
            "Function scope resolution symbol :: must be followed by a function name in this scope.",
            nextName.range,
            rangeBetween(name.range, nextName.range),
          ),
        );
        this.recoverOver("(");
        return {
          node: syntaxErrorPlaceholder(rangeBetween(name.range, nextName.range), diags.slice(-1)),
          diags,
        };
      }
      nameStr = `${nameStr}::${nextName.text}`;
      nameRange = rangeBetween(name.range, nextName.range);
      open = this.read();
    }
    if (open.type !== "(") {
      diags.push(
        errorDiag(
          "Missing open parenthesis",
          "Function selector must be followed by an open parenthesis to begin the function call.",
          open.range,
          rangeBetween(name.range, open.range),
        ),
      );
      this.recoverOver("(");
      return { node: syntaxErrorPlaceholder(rangeBetween(name.range, open.range), diags.slice(-1)), diags };
    }
    return this.finishCallArgs(nameStr, nameRange, name.range, open.range);
  }

  /** The arguments and closing parenthesis of a call, with the peeker just after its `(`. */
  protected finishCallArgs(
    nameStr: string,
    nameRange: Range,
    startRange: Range,
    openRange: Range,
  ): Result<Expression> {
    // Made only once there is a diagnostic: most calls have none.
    let diags: Diagnostic[] | null = null;
    const args: Expression[] = [];
    let expandFinal = false;
    let closeRange: Range | null = null;
    this.pushNewlines(false);
    for (;;) {
      if (this.peekType() === ")") {
        closeRange = this.rangeAt(this.readIndex());
        break;
      }
      const arg = this.parseExpression();
      args.push(arg.node);
      if (arg.diags.length > 0) {
        diags ??= [];
        append(diags, arg.diags);
      }
      if (this.recovery && hasErrors(arg.diags)) {
        const recovered = this.recover(")");
        if (recovered.type === ")") closeRange = recovered.range;
        break;
      }
      const sepType = this.peekType();
      if (sepType === ",") {
        this.skip();
        if (this.peekType() === ")") {
          closeRange = this.rangeAt(this.readIndex());
          break;
        }
        continue;
      }
      if (sepType === ")") {
        closeRange = this.rangeAt(this.readIndex());
        break;
      }
      const sep = this.read();
      if (sep.type === "...") {
        expandFinal = true;
        if (this.peekType() !== ")") {
          if (!this.recovery) {
            diags = withDiag(
              diags,
              errorDiag(
                "Missing closing parenthesis",
                "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                sep.range,
                rangeBetween(startRange, sep.range),
              ),
            );
          }
          closeRange = this.recover(")").range;
        } else {
          closeRange = this.rangeAt(this.readIndex());
        }
        break;
      }
      diags = withDiag(
        diags,
        sep.type === "EOF"
          ? errorDiag(
              "Unterminated function call",
              "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
              rangeBetween(startRange, openRange),
            )
          : errorDiag(
              "Missing argument separator",
              "A comma is required to separate each function argument from the next.",
              sep.range,
              rangeBetween(startRange, sep.range),
            ),
      );
      closeRange = this.recover(")").range;
      break;
    }
    this.popNewlines();
    // Without a closing parenthesis the call's range ends where the parse stopped.
    closeRange ??= this.prevRange();
    return {
      node: {
        kind: "call",
        name: nameStr,
        nameRange,
        args,
        expandFinal,
        openParenRange: openRange,
        closeParenRange: closeRange,
        range: rangeBetween(startRange, closeRange),
      },
      diags: diags ?? NO_DIAGS,
    };
  }
}
