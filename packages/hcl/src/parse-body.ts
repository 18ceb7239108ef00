// The recursive-descent parser for HCL native syntax: bodies of attributes and blocks here, on
// the expression parser below (parse-expression.ts and the layers it builds on, down to
// token-cursor.ts).
//
// It follows hclsyntax's grammar, diagnostics and recovery: after an error the parser enters
// "recovery" mode, skips to a closing bracket it can re-synchronise on, and suppresses follow-on
// errors, so that one parse reports every independent problem once.

import { goQuote } from "@tofukit/gostd";
import type { Attribute, Block, Body } from "./ast.js";
import { type Diagnostic, errorDiag, formatRange, hasErrors } from "./diagnostic.js";
import { ExpressionParser } from "./parse-expression.js";
import { append, type Result } from "./parse-result.js";
import { type Range, rangeAtEnd, rangeBetween } from "./pos.js";
import { unescapeLiteral } from "./string-literal.js";
import { AttributeNode } from "./syntax-node.js";
import type { Token } from "./token.js";

/** Result of parsing: the tree (partial where there were errors) and every diagnostic found. */
export class Parser extends ExpressionParser {
  // ---- bodies -------------------------------------------------------------------------------

  parseBody(end: "EOF" | "}"): Result<Body> {
    const attributes: Attribute[] = [];
    const seen = new Map<string, Attribute>();
    const blocks: Block[] = [];
    const diags: Diagnostic[] = [];
    const startRange = this.prevRange();
    let endRange: Range;
    for (;;) {
      const nextType = this.peekType();
      if (nextType === end) {
        endRange = this.peek().range;
        this.skip();
        break;
      }
      if (nextType === "Newline") {
        this.skip();
        continue;
      }
      if (nextType === "Ident") {
        const item = this.parseBodyItem();
        append(diags, item.diags);
        const node = item.node;
        if (node === null) continue;
        if (node.kind === "block") {
          blocks.push(node);
        } else {
          const existing = seen.get(node.name);
          if (existing !== undefined) {
            diags.push(
              errorDiag(
                "Attribute redefined",
                `The argument ${goQuote(node.name)} was already set at ${formatRange(existing.nameRange)}. Each argument may be set only once.`,
                node.nameRange,
              ),
            );
          } else {
            seen.set(node.name, node);
            attributes.push(node);
          }
        }
        continue;
      }
      const bad = this.read();
      if (!this.recovery) {
        if (bad.type === "OQuote") {
          diags.push(errorDiag("Invalid argument name", "Argument names must not be quoted.", bad.range));
        } else if (bad.type === "EOF") {
          diags.push(
            end === "}"
              ? errorDiag(
                  "Unclosed configuration block",
                  "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                  startRange,
                )
              : errorDiag(
                  "Unclosed configuration body",
                  "Found end of file before the end of this configuration body.",
                  startRange,
                ),
          );
        } else {
          diags.push(
            errorDiag(
              "Argument or block definition required",
              "An argument or block definition is required here.",
              bad.range,
            ),
          );
        }
      }
      endRange = this.prevRange();
      if (bad.type !== "EOF") this.recover(end);
      break;
    }
    return {
      node: {
        kind: "body",
        attributes,
        blocks,
        range: rangeBetween(startRange, endRange),
        endRange: rangeAtEnd(endRange),
      },
      diags,
    };
  }

  protected parseBodyItem(): Result<Attribute | Block | null> {
    const ident = this.read();
    const next = this.peek();
    switch (next.type) {
      case "=":
        return this.finishAttribute(ident, false);
      case "OQuote":
      case "{":
      case "Ident":
        return this.finishBlock(ident);
      default:
        this.recoverAfterBodyItem();
        return {
          node: null,
          diags: [
            errorDiag(
              "Argument or block definition required",
              'An argument or block definition is required here. To set an argument, use the equals sign "=" to introduce the argument value.',
              ident.range,
            ),
          ],
        };
    }
  }

  protected finishAttribute(ident: Token, singleLine: boolean): Result<Attribute> {
    const eq = this.read();
    const { node: expr, diags: exprDiags } = this.parseExpression();
    let diags = exprDiags;
    let end: number;
    if (this.recovery && hasErrors(diags)) {
      end = this.prevEnd();
      this.recoverAfterBodyItem();
    } else {
      end = this.prevEnd();
      if (!singleLine) {
        const endType = this.peekType();
        if (endType !== "Newline" && endType !== "EOF") {
          if (!this.recovery) {
            const end = this.peek();
            const comma = endType === ",";
            diags = [
              ...diags,
              errorDiag(
                comma ? "Unexpected comma after argument" : "Missing newline after argument",
                comma
                  ? "Argument definitions must be separated by newlines, not commas. An argument definition must end with a newline."
                  : "An argument definition must end with a newline.",
                end.range,
                rangeBetween(ident.range, end.range),
              ),
            ];
          }
          this.recoverAfterBodyItem();
        } else {
          this.skip();
        }
      }
    }
    return {
      node: new AttributeNode(
        ident.text,
        expr,
        this.tokens.source,
        ident.start,
        ident.end,
        eq.start,
        eq.end,
        Math.max(ident.end, end),
      ),
      diags,
    };
  }

  protected finishBlock(ident: Token): Result<Block> {
    const diags: Diagnostic[] = [];
    const labels: string[] = [];
    const labelRanges: Range[] = [];
    let oBrace: Token;
    for (;;) {
      const tok = this.peek();
      if (tok.type === "{") {
        oBrace = this.read();
        break;
      }
      if (tok.type === "OQuote") {
        const label = this.parseQuotedStringLiteral();
        append(diags, label.diags);
        labels.push(label.node.value);
        labelRanges.push(label.node.range);
        continue;
      }
      if (tok.type === "Ident") {
        this.skip();
        labels.push(tok.text);
        labelRanges.push(tok.range);
        continue;
      }
      const context = rangeBetween(ident.range, tok.range);
      if (tok.type === "=") {
        diags.push(
          errorDiag(
            "Invalid block definition",
            'The equals sign "=" indicates an argument definition, and must not be used when defining a block.',
            tok.range,
            context,
          ),
        );
      } else if (tok.type === "Newline") {
        diags.push(
          errorDiag(
            "Invalid block definition",
            'A block definition must have block content delimited by "{" and "}", starting on the same line as the block header.',
            tok.range,
            context,
          ),
        );
      } else if (!this.recovery) {
        diags.push(
          errorDiag(
            "Invalid block definition",
            'Either a quoted string block label or an opening brace ("{") is expected here.',
            tok.range,
            context,
          ),
        );
      }
      this.recoverAfterBodyItem();
      const emptyBody: Body = {
        kind: "body",
        attributes: [],
        blocks: [],
        range: ident.range,
        endRange: ident.range,
      };
      return {
        node: {
          kind: "block",
          type: ident.text,
          labels,
          body: emptyBody,
          typeRange: ident.range,
          labelRanges,
          openBraceRange: ident.range,
          closeBraceRange: ident.range,
        },
        diags,
      };
    }

    let body: Body | null;
    const bodyDiags: Diagnostic[] = [];
    const first = this.peekType();
    if (first === "Newline" || first === "EOF" || first === "}") {
      const r = this.parseBody("}");
      body = r.node;
      append(bodyDiags, r.diags);
    } else {
      // A one-line block with a single argument: `name { a = 1 }`.
      const r = this.parseSingleAttrBody();
      body = r.node;
      append(bodyDiags, r.diags);
      const after = this.peek();
      if (after.type === "}") {
        this.skip();
      } else if (after.type === ",") {
        diags.push(
          errorDiag(
            "Invalid single-argument block definition",
            "Single-line block syntax can include only one argument definition. To define multiple arguments, use the multi-line block syntax with one argument definition per line.",
            after.range,
          ),
        );
        this.recover("}");
      } else if (after.type === "Newline") {
        diags.push(
          errorDiag(
            "Invalid single-argument block definition",
            "An argument definition on the same line as its containing block creates a single-line block definition, which must also be closed on the same line. Place the block's closing brace immediately after the argument definition.",
            after.range,
          ),
        );
        this.recover("}");
      } else {
        if (!this.recovery) {
          diags.push(
            after.type === "EOF"
              ? errorDiag(
                  "Unclosed configuration block",
                  "There is no closing brace for this block before the end of the file. This may be caused by incorrect brace nesting elsewhere in this file.",
                  oBrace.range,
                  rangeBetween(ident.range, oBrace.range),
                )
              : errorDiag(
                  "Invalid single-argument block definition",
                  "A single-line block definition must end with a closing brace immediately after its single argument definition.",
                  after.range,
                ),
          );
        }
        this.recover("}");
      }
    }
    append(diags, bodyDiags);
    const cBraceRange = this.prevRange();
    const eolType = this.peekType();
    if (eolType === "Newline" || eolType === "EOF") {
      this.skip();
    } else {
      if (!this.recovery) {
        const eol = this.peek();
        diags.push(
          errorDiag(
            "Missing newline after block definition",
            "A block definition must end with a newline.",
            eol.range,
            rangeBetween(ident.range, eol.range),
          ),
        );
      }
      this.recoverAfterBodyItem();
    }
    const finalBody: Body = body ?? {
      kind: "body",
      attributes: [],
      blocks: [],
      range: rangeBetween(oBrace.range, cBraceRange),
      endRange: cBraceRange,
    };
    return {
      node: {
        kind: "block",
        type: ident.text,
        labels,
        body: finalBody,
        typeRange: ident.range,
        labelRanges,
        openBraceRange: oBrace.range,
        closeBraceRange: cBraceRange,
      },
      diags,
    };
  }

  protected parseSingleAttrBody(): Result<Body | null> {
    const ident = this.read();
    if (ident.type !== "Ident") {
      this.recoverAfterBodyItem();
      return {
        node: null,
        diags: [
          errorDiag(
            "Argument or block definition required",
            "An argument or block definition is required here.",
            ident.range,
          ),
        ],
      };
    }
    const next = this.peek();
    if (next.type === "=") {
      const r = this.finishAttribute(ident, true);
      const attr = r.node;
      return {
        node: {
          kind: "body",
          attributes: [attr],
          blocks: [],
          range: attr.range,
          endRange: rangeAtEnd(attr.range),
        },
        diags: r.diags,
      };
    }
    this.recoverAfterBodyItem();
    if (next.type === "OQuote" || next.type === "{" || next.type === "Ident") {
      return {
        node: null,
        diags: [
          errorDiag(
            "Argument definition required",
            `A single-line block definition can contain only a single argument. If you meant to define argument ${goQuote(ident.text)}, use an equals sign to assign it a value. To define a nested block, place it on a line of its own within its parent block.`,
            rangeBetween(ident.range, next.range),
          ),
        ],
      };
    }
    return {
      node: null,
      diags: [
        errorDiag(
          "Argument or block definition required",
          'An argument or block definition is required here. To set an argument, use the equals sign "=" to introduce the argument value.',
          ident.range,
        ),
      ],
    };
  }

  /** A quoted string with no template sequences, as block labels are. */
  protected parseQuotedStringLiteral(): Result<{ value: string; range: Range }> {
    const open = this.read();
    const diags: Diagnostic[] = [];
    let value = "";
    let endRange: Range;
    for (;;) {
      const tok = this.read();
      if (tok.type === "CQuote") {
        endRange = tok.range;
        break;
      }
      if (tok.type === "QuotedLit") {
        value += unescapeLiteral(tok.text, true, tok.range, diags);
        continue;
      }
      if (tok.type === "TemplateInterp" || tok.type === "TemplateControl") {
        const which = tok.type === "TemplateControl" ? "%" : "$";
        diags.push(
          errorDiag(
            "Invalid string literal",
            `Template sequences are not allowed in this string. To include a literal "${which}", double it (as "${which}${which}") to escape it.`,
            tok.range,
            rangeBetween(open.range, tok.range),
          ),
        );
        value += `${which}{ ... }`;
        this.recover("TemplateSeqEnd");
        continue;
      }
      if (tok.type === "EOF") {
        diags.push(
          errorDiag(
            "Unterminated string literal",
            "Unable to find the closing quote mark before the end of the file.",
            tok.range,
            rangeBetween(open.range, tok.range),
          ),
        );
        endRange = tok.range;
        break;
      }
      diags.push(
        errorDiag(
          "Invalid string literal",
          "This item is not valid in a string literal.",
          tok.range,
          rangeBetween(open.range, tok.range),
        ),
      );
      this.recover("CQuote");
      endRange = tok.range;
      break;
    }
    return { node: { value, range: rangeBetween(open.range, endRange) }, diags };
  }
}
