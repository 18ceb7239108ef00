// Function calls: `name(args...)`, `ns::name(...)`, and an expanding final `args...`.

import type { Expression } from "./ast.js";
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { append, type Result, syntaxErrorPlaceholder } from "./parse-result.js";
import { TemplateParser } from "./parse-template-parts.js";
import { type Range, rangeBetween } from "./pos.js";
import type { Token } from "./token.js";

export abstract class CallParser extends TemplateParser {
  protected finishFunctionCall(name: Token): Result<Expression> {
    const diags: Diagnostic[] = [];
    let open = this.read();
    let nameStr = name.text;
    let nameEnd = name.range.end;
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
      nameEnd = nextName.range.end;
      open = this.read();
    }
    // A name without `::` parts covers exactly its token: share that token's range.
    const nameRange: Range =
      nameEnd === name.range.end
        ? name.range
        : { filename: name.range.filename, start: name.range.start, end: nameEnd };
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

    const args: Expression[] = [];
    let expandFinal = false;
    let close: Token | null = null;
    this.pushNewlines(false);
    for (;;) {
      if (this.peekType() === ")") {
        close = this.read();
        break;
      }
      const arg = this.parseExpression();
      args.push(arg.node);
      append(diags, arg.diags);
      if (this.recovery && hasErrors(arg.diags)) {
        const recovered = this.recover(")");
        if (recovered.type === ")") close = recovered;
        break;
      }
      if (this.peekType() === ",") {
        this.skip();
        if (this.peekType() === ")") {
          close = this.read();
          break;
        }
        continue;
      }
      const sep = this.read();
      if (sep.type === ")") {
        close = sep;
        break;
      }
      if (sep.type === "...") {
        expandFinal = true;
        if (this.peekType() !== ")") {
          if (!this.recovery) {
            diags.push(
              errorDiag(
                "Missing closing parenthesis",
                "An expanded function argument (with ...) must be immediately followed by closing parentheses.",
                sep.range,
                rangeBetween(name.range, sep.range),
              ),
            );
          }
          close = this.recover(")");
        } else {
          close = this.read();
        }
        break;
      }
      diags.push(
        sep.type === "EOF"
          ? errorDiag(
              "Unterminated function call",
              "There is no closing parenthesis for this function call before the end of the file. This may be caused by incorrect parenthesis nesting elsewhere in this file.",
              rangeBetween(name.range, open.range),
            )
          : errorDiag(
              "Missing argument separator",
              "A comma is required to separate each function argument from the next.",
              sep.range,
              rangeBetween(name.range, sep.range),
            ),
      );
      close = this.recover(")");
      break;
    }
    this.popNewlines();
    // Without a closing parenthesis the call's range ends where the parse stopped.
    const closeRange = close?.range ?? this.prevRange();
    return {
      node: {
        kind: "call",
        name: nameStr,
        nameRange,
        args,
        expandFinal,
        openParenRange: open.range,
        closeParenRange: closeRange,
        range: rangeBetween(name.range, closeRange),
      },
      diags,
    };
  }
}
