// Function calls: `name(args...)`, `ns::name(...)`, and an expanding final `args...`.

import type { Expression } from "./ast.js";
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { append, NO_DIAGS, type Result, syntaxErrorPlaceholder, withDiag } from "./parse-result.js";
import { TemplateParser } from "./parse-template-parts.js";
import { type Range, rangeBetween } from "./pos.js";
import { CallNode, endOf, startOf } from "./syntax-node.js";
import type { Token } from "./token.js";

export abstract class CallParser extends TemplateParser {
  /** A call whose name is the stream's token `nameAt`, with the peeker just after the name. */
  protected finishFunctionCall(nameAt: number): Result<Expression> {
    // The usual call, `name(`, is read by token index: no token objects for the name and the
    // parentheses. Namespaced names and malformed calls take the general path.
    if (this.peekType() !== "(") return this.finishScopedCall(this.tokens.token(nameAt));
    const openAt = this.readIndex();
    const toks = this.tokens;
    return this.finishCallArgs(
      this.textAt(nameAt),
      toks.start(nameAt),
      toks.end(nameAt),
      toks.start(openAt),
      toks.end(openAt),
    );
  }

  protected finishScopedCall(name: Token): Result<Expression> {
    const diags: Diagnostic[] = [];
    let open = this.read();
    let nameStr = name.text;
    let nameEnd = name.end;
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
      nameEnd = nextName.end;
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
    return this.finishCallArgs(nameStr, name.start, nameEnd, open.start, open.end);
  }

  /** The arguments and closing parenthesis of a call, with the peeker just after its `(`. */
  protected finishCallArgs(
    nameStr: string,
    nameStart: number,
    nameEnd: number,
    openStart: number,
    openEnd: number,
  ): Result<Expression> {
    // Made only once there is a diagnostic: most calls have none.
    let diags: Diagnostic[] | null = null;
    const args: Expression[] = [];
    let expandFinal = false;
    const source = this.tokens.source;
    /** The closing token's stream index, or its range (when recovery found it). */
    let closeAt = -1;
    let closeRange: Range | null = null;
    this.pushNewlines(false);
    for (;;) {
      if (this.peekType() === ")") {
        closeAt = this.readIndex();
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
          closeAt = this.readIndex();
          break;
        }
        continue;
      }
      if (sepType === ")") {
        closeAt = this.readIndex();
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
                source.range(nameStart, sep.end),
              ),
            );
          }
          closeRange = this.recover(")").range;
        } else {
          closeAt = this.readIndex();
        }
        break;
      }
      diags = withDiag(
        diags,
        sep.type === "EOF"
          ? errorDiag(
              "Unterminated function call",
              "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
              source.range(nameStart, openEnd),
            )
          : errorDiag(
              "Missing argument separator",
              "A comma is required to separate each function argument from the next.",
              sep.range,
              source.range(nameStart, sep.end),
            ),
      );
      closeRange = this.recover(")").range;
      break;
    }
    this.popNewlines();
    let closeStart: number;
    let closeEnd: number;
    if (closeAt >= 0) {
      closeStart = this.tokens.start(closeAt);
      closeEnd = this.tokens.end(closeAt);
    } else {
      // Without a closing parenthesis the call's range ends where the parse stopped.
      closeRange ??= this.prevRange();
      closeStart = startOf(closeRange);
      closeEnd = endOf(closeRange);
    }
    return {
      node: new CallNode(
        nameStr,
        args,
        expandFinal,
        source,
        nameStart,
        nameEnd,
        openStart,
        openEnd,
        closeStart,
        closeEnd,
      ),
      diags: diags ?? NO_DIAGS,
    };
  }
}
