// Templates: quoted strings and heredocs as expressions, bare templates, their `${…}`
// interpolations and `%{…}` directives.

import { goQuote } from "@tofukit/gostd";
import type { Expression } from "./ast.js";
import { type Diagnostic, errorDiag } from "./diagnostic.js";
import { stringLiteral } from "./intern.js";
import { nameSuggestion } from "./name-suggestion.js";
import { FOR_DIRECTIVE_HEADER, ForParser } from "./parse-for.js";
import { append, NO_DIAGS, type Result } from "./parse-result.js";
import { type Range, rangeAtEnd, rangeBetween } from "./pos.js";
import { hasEscapes, unescapeLiteral } from "./string-literal.js";
import { LiteralNode, TemplateNode, TemplateWrapNode } from "./syntax-node.js";
import { buildTemplate, flushHeredocParts, meldLiterals, type TemplatePart } from "./template-build.js";
import type { Token, TokenType } from "./token.js";

export abstract class TemplateParser extends ForParser {
  protected parseTemplateTerm(): Result<Expression> {
    // The opening quote by index: a plain quoted string needs only where it starts.
    const openAt = this.readIndex();
    const openType = this.tokens.type(openAt);
    if (openType === "OQuote") {
      const simple = this.simpleQuotedString(openAt);
      if (simple !== null) return simple;
    }
    const open = this.tokens.token(openAt);
    const closer: TokenType = openType === "OQuote" ? "CQuote" : "CHeredoc";
    const flush = openType === "OHeredoc" && open.text.startsWith("<<-");
    const t = this.parseTemplateInner(closer, flush);
    const source = this.tokens.source;
    // The template ends with the token before the next (its closing quote or heredoc marker).
    const start = open.start;
    const end = Math.max(open.end, this.prevEnd());
    if (t.passthrough) {
      return { node: new TemplateWrapNode(t.exprs[0] as Expression, source, start, end), diags: t.diags };
    }
    return { node: new TemplateNode(t.exprs, source, start, end), diags: t.diags };
  }

  /**
   * The common case `"text"`, its opening quote at the stream's index `openAt`: one literal, no
   * template sequences; null for anything else.
   */
  protected simpleQuotedString(openAt: number): Result<Expression> | null {
    // By index: the closing quote is needed only for where it ends.
    const toks = this.tokens;
    const hasLit = toks.type(this.next) === "QuotedLit";
    const closeAt = hasLit ? this.next + 1 : this.next;
    if (closeAt >= toks.length || toks.type(closeAt) !== "CQuote") return null;
    const litAt = this.next;
    this.next = closeAt + 1;
    // Made only for a literal with escapes: most have none.
    let diags: Diagnostic[] | null = null;
    let value = "";
    const source = toks.source;
    let partStart: number;
    let partEnd: number;
    if (hasLit) {
      partStart = toks.start(litAt);
      partEnd = toks.end(litAt);
      value = this.textAt(litAt);
      if (hasEscapes(value)) {
        diags = [];
        value = unescapeLiteral(value, true, source.range(partStart, partEnd), diags);
      }
    } else {
      partStart = partEnd = toks.end(openAt);
    }
    const part = new LiteralNode(stringLiteral(value), source, partStart, partEnd);
    return {
      node: new TemplateNode([part], source, toks.start(openAt), toks.end(closeAt)),
      diags: diags === null || diags.length === 0 ? NO_DIAGS : diags,
    };
  }

  // ---- templates ----------------------------------------------------------------------------

  /** A bare template, from the first token to the end of the input (hclsyntax's ParseTemplate). */
  parseBareTemplate(): Result<Expression> {
    const first = this.peek().range;
    const t = this.parseTemplateInner("EOF", false);
    const range = rangeBetween(first, this.peek().range);
    if (t.passthrough) {
      return { node: { kind: "templateWrap", wrapped: t.exprs[0] as Expression, range }, diags: t.diags };
    }
    return { node: { kind: "template", parts: t.exprs, range }, diags: t.diags };
  }

  protected parseTemplateInner(
    end: TokenType,
    flush: boolean,
  ): { exprs: Expression[]; passthrough: boolean; diags: Diagnostic[] } {
    const { parts, diags } = this.parseTemplateParts(end);
    if (flush) flushHeredocParts(parts);
    const melded = meldLiterals(parts);
    const built = buildTemplate(melded);
    append(diags, built.diags);
    const passthrough = melded.length === 2 && (melded[0] as TemplatePart).kind === "interp";
    return { exprs: built.exprs, passthrough, diags };
  }

  protected parseTemplateParts(end: TokenType): { parts: TemplatePart[]; diags: Diagnostic[] } {
    const parts: TemplatePart[] = [];
    const diags: Diagnostic[] = [];
    const startRange = this.peek().range;
    let endRange: Range;
    let ltrimNext = false;
    let nextCanTrimPrev = false;
    const toks = this.tokens;
    const src = toks.source.src;
    for (;;) {
      // Literals, interpolations and the end are read by token index: no token objects.
      const type = this.peekType();
      if (type === end) {
        endRange = this.rangeAt(this.readIndex());
        break;
      }
      const ltrim = ltrimNext;
      ltrimNext = false;
      const canTrimPrev = nextCanTrimPrev;
      nextCanTrimPrev = false;
      if (type === "StringLit" || type === "QuotedLit") {
        const at = this.readIndex();
        const range = this.rangeAt(at);
        let value = unescapeLiteral(this.textAt(at), type === "QuotedLit", range, diags);
        if (ltrim) value = value.replace(/^\s+/u, "");
        parts.push({ kind: "literal", value, range });
        nextCanTrimPrev = true;
        continue;
      }
      if (type === "TemplateInterp") {
        const at = this.readIndex();
        // `${~` trims the literal before it.
        if (
          canTrimPrev &&
          toks.end(at) - toks.start(at) === 3 &&
          src.charCodeAt(toks.start(at) + 2) === 126
        ) {
          trimPrevLiteral(parts);
        }
        this.pushNewlines(false);
        const e = this.parseExpression();
        append(diags, e.diags);
        if (this.peekType() === "TemplateSeqEnd") {
          const closeAt = this.readIndex();
          // `~}` trims the literal after it.
          if (toks.end(closeAt) - toks.start(closeAt) === 2 && src.charCodeAt(toks.start(closeAt)) === 126) {
            ltrimNext = true;
          }
          this.popNewlines();
          parts.push({
            kind: "interp",
            expr: e.node,
            range: toks.source.range(toks.start(at), toks.end(closeAt)),
          });
          continue;
        }
        // Not closed where it should be: report what is there, then skip past the sequence.
        const close = this.peek();
        if (!this.recovery) {
          if (close.type === "EOF") {
            diags.push(
              errorDiag(
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the file. This might be caused by incorrect nesting inside the given expression.",
                startRange,
              ),
            );
          } else if (close.type === ":") {
            diags.push(
              errorDiag(
                "Extra characters after interpolation expression",
                'Template interpolation doesn\'t expect a colon at this location. Did you intend this to be a literal sequence to be processed as part of another language? If so, you can escape it by starting with "$${" instead of just "${".',
                close.range,
                rangeBetween(startRange, close.range),
              ),
            );
          } else if ((close.type === "CQuote" || close.type === "OQuote") && end === "CQuote") {
            diags.push(
              errorDiag(
                "Unclosed template interpolation sequence",
                "There is no closing brace for this interpolation sequence before the end of the quoted template. This might be caused by incorrect nesting inside the given expression.",
                startRange,
              ),
            );
          } else {
            diags.push(
              errorDiag(
                "Extra characters after interpolation expression",
                'Expected a closing brace to end the interpolation expression, but found extra characters.\n\nThis can happen when you include interpolation syntax for another language, such as shell scripting, but forget to escape the interpolation start token. If this is an embedded sequence for another language, escape it by starting with "$${" instead of just "${".',
                close.range,
                rangeBetween(startRange, close.range),
              ),
            );
          }
        }
        this.recover("TemplateSeqEnd");
        this.popNewlines();
        parts.push({ kind: "interp", expr: e.node, range: rangeBetween(this.rangeAt(at), close.range) });
        continue;
      }
      const next = this.read();
      if (next.type === "TemplateControl") {
        if (canTrimPrev && next.text.length === 3 && next.text[2] === "~") trimPrevLiteral(parts);
        this.pushNewlines(false);
        const done = this.parseTemplateDirective(next, startRange, parts, diags);
        if (done === "trimNext") ltrimNext = true;
        this.popNewlines();
        continue;
      }
      if (!this.recovery) {
        diags.push(
          errorDiag(
            "Unterminated template string",
            "No closing marker was found for the string.",
            next.range,
            rangeBetween(startRange, next.range),
          ),
        );
      }
      const final = next.type === "EOF" ? next : this.recover(end);
      endRange = final.range;
      break;
    }
    if (parts.length === 0) {
      parts.push({
        kind: "literal",
        value: "",
        range: rangeAtEnd(startRange),
      });
    }
    parts.push({ kind: "end", range: endRange });
    return { parts, diags };
  }

  /** One `%{ ... }` directive; returns "trimNext" when it ended with `~}`. */
  protected parseTemplateDirective(
    open: Token,
    startRange: Range,
    parts: TemplatePart[],
    diags: Diagnostic[],
  ): "trimNext" | "" {
    const kw = this.peek();
    if (kw.type !== "Ident") {
      if (!this.recovery) {
        diags.push(
          errorDiag(
            "Invalid template directive",
            'A template directive keyword ("if", "for", etc) is expected at the beginning of a %{ sequence.',
            kw.range,
            rangeBetween(open.range, kw.range),
          ),
        );
      }
      this.recover("TemplateSeqEnd");
      return "";
    }
    this.skip();
    const forDirectiveError = (detail: string): "" => {
      if (!this.recovery) diags.push(errorDiag("Invalid 'for' directive", detail, this.peek().range));
      this.recover("TemplateSeqEnd");
      return "";
    };
    switch (kw.text) {
      case "if": {
        const cond = this.parseExpression();
        append(diags, cond.diags);
        parts.push({ kind: "if", cond: cond.node, range: rangeBetween(open.range, this.peek().range) });
        break;
      }
      case "else":
      case "endif":
      case "endfor":
        parts.push({ kind: "endCtrl", which: kw.text, range: rangeBetween(open.range, this.peek().range) });
        break;
      case "for": {
        const header = this.parseForHeader(FOR_DIRECTIVE_HEADER);
        if (typeof header === "string") return forDirectiveError(header);
        const { keyVar, valVar } = header;
        const coll = this.parseExpression();
        append(diags, coll.diags);
        parts.push({
          kind: "for",
          keyVar,
          valVar,
          coll: coll.node,
          range: rangeBetween(open.range, this.peek().range),
        });
        break;
      }
      default: {
        if (!this.recovery) {
          const suggestion = nameSuggestion(kw.text, TEMPLATE_KEYWORDS);
          diags.push(
            errorDiag(
              "Invalid template control keyword",
              `${goQuote(kw.text)} is not a valid template control keyword.${suggestion === "" ? "" : ` Did you mean ${goQuote(suggestion)}?`}`,
              kw.range,
              rangeBetween(open.range, kw.range),
            ),
          );
        }
        this.recover("TemplateSeqEnd");
        return "";
      }
    }
    const close = this.peek();
    if (close.type !== "TemplateSeqEnd") {
      if (!this.recovery) {
        diags.push(
          errorDiag(
            `Extra characters in ${kw.text} marker`,
            "Expected a closing brace to end the sequence, but found extra characters.",
            close.range,
            rangeBetween(startRange, close.range),
          ),
        );
      }
      this.recover("TemplateSeqEnd");
      return "";
    }
    this.skip();
    return close.text.length === 2 && close.text[0] === "~" ? "trimNext" : "";
  }
}

const TEMPLATE_KEYWORDS = ["if", "for", "else", "endif", "endfor"];

/** Trims the white space at the end of the last part, if it is a literal (before `${~` or `%{~`). */
function trimPrevLiteral(parts: TemplatePart[]): void {
  const prev = parts[parts.length - 1];
  if (prev !== undefined && prev.kind === "literal") prev.value = prev.value.replace(/\s+$/u, "");
}
