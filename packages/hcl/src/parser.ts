// The recursive-descent parser for HCL native syntax: expressions, and bodies of attributes and blocks.
//
// It follows hclsyntax's grammar, diagnostics and recovery: after an error the parser enters
// "recovery" mode, skips to a closing bracket it can re-synchronise on, and suppresses follow-on
// errors, so that one parse reports every independent problem once.

import { CtyNumber, MAX_NUMBER_DIGITS } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import type {
  Attribute,
  BinaryOperator,
  Block,
  Body,
  Expression,
  ForExpr,
  Literal,
  ObjectConsItem,
  ObjectConsKeyExpr,
  Traverser,
} from "./ast.js";
import { type Diagnostic, errorDiag, formatRange, hasErrors } from "./diagnostic.js";
import { nameSuggestion } from "./name-suggestion.js";
import { type Range, rangeAtEnd, rangeBetween } from "./pos.js";
import { unescapeLiteral } from "./string-literal.js";
import { buildTemplate, flushHeredocParts, meldLiterals, type TemplatePart } from "./template.js";
import type { Token, TokenType } from "./token.js";
import type { TokenStream } from "./token-stream.js";

/** How deeply expressions may nest before the parser gives up with a diagnostic. */
export const MAX_NESTING_DEPTH = 1100;

const NUMBER_LITERAL = /^[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?$/;

/** The precedence of a binary operator token (higher binds tighter), or 0 for any other token. */
function binaryPrecedence(type: TokenType): number {
  // A switch on the constant strings: this is asked after every term, nearly always of a token
  // that is not an operator, and a keyed lookup in a table costs more.
  switch (type) {
    case "||":
      return 1;
    case "&&":
      return 2;
    case "==":
    case "!=":
      return 3;
    case ">":
    case ">=":
    case "<":
    case "<=":
      return 4;
    case "+":
    case "-":
      return 5;
    case "*":
    case "/":
    case "%":
      return 6;
    default:
      return 0;
  }
}

const CLOSER: Partial<Record<TokenType, TokenType>> = {
  "{": "}",
  "[": "]",
  "(": ")",
  OQuote: "CQuote",
  OHeredoc: "CHeredoc",
  "}": "{",
  "]": "[",
  ")": "(",
  CQuote: "OQuote",
  CHeredoc: "OHeredoc",
  TemplateControl: "TemplateSeqEnd",
  TemplateInterp: "TemplateSeqEnd",
  TemplateSeqEnd: "TemplateInterp",
};

interface Result<T> {
  readonly node: T;
  /** Read-only: terms without diagnostics share one empty array (NO_DIAGS). */
  readonly diags: readonly Diagnostic[];
}

/** The diagnostics of the many terms that have none: shared, so frozen. */
const NO_DIAGS: readonly Diagnostic[] = Object.freeze([]);

/** Result of parsing: the tree (partial where there were errors) and every diagnostic found. */
export class Parser {
  private readonly tokens: TokenStream;
  private next = 0;
  /** Whether newlines are significant here; pushNewlines saves the previous value in `newlines`. */
  private includeNewlines = true;
  private readonly newlines: boolean[] = [];
  private depth = 0;
  recovery = false;

  constructor(tokens: TokenStream) {
    this.tokens = tokens;
  }

  // ---- token access ---------------------------------------------------------------------------

  /** Index just past the token the last scan() found. */
  private scanned = 0;
  // The last scan's starting index and newline mode, and what it found: the parser peeks at a
  // token several times before reading it, and each of those would otherwise walk the token
  // stream again. The token object is made only when asked for: most separators are only
  // ever looked at for their type.
  private scanFrom = -1;
  private scanNewlines = false;
  /** Index of the token found (a line comment standing in for a newline is its own index). */
  private scanIndex = 0;
  /** The found token's type: "Newline" for a line comment that ends a line where newlines matter. */
  private scanType: TokenType = "EOF";
  private scanToken: Token | null = null;

  /** Whether the last scan started where the next one would, in the same newline mode. */
  private scanIsCurrent(): boolean {
    return this.next === this.scanFrom && this.includeNewlines === this.scanNewlines;
  }

  /** Finds the next significant token (scanIndex, scanType) and sets `scanned` to the index after it. */
  private scan(): void {
    const includeNewlines = this.includeNewlines;
    this.scanFrom = this.next;
    this.scanNewlines = includeNewlines;
    this.scanToken = null;
    const toks = this.tokens;
    const n = toks.length;
    for (let i = this.next; i < n; i++) {
      const type = toks.type(i);
      if (type === "Comment") {
        // A line comment ends its line: where newlines matter it counts as one.
        if (includeNewlines && toks.source.src.charCodeAt(toks.end(i) - 1) === 10) {
          this.scanned = i + 1;
          this.scanIndex = i;
          this.scanType = "Newline";
          return;
        }
        continue;
      }
      if (type === "Newline" && !includeNewlines) continue;
      this.scanned = i + 1;
      this.scanIndex = i;
      this.scanType = type;
      return;
    }
    this.scanned = n;
    this.scanIndex = n - 1;
    this.scanType = toks.type(n - 1);
  }

  /** The type of the next significant token, without making a token object. */
  peekType(): TokenType {
    if (!this.scanIsCurrent()) this.scan();
    return this.scanType;
  }

  peek(): Token {
    if (!this.scanIsCurrent()) this.scan();
    return this.scanToken ?? this.makeScanToken();
  }

  private makeScanToken(): Token {
    const tok = this.tokens.token(this.scanIndex);
    this.scanToken =
      tok.type === "Comment"
        ? { type: "Newline", text: "\n", range: tok.range, start: tok.start, end: tok.end }
        : tok;
    return this.scanToken;
  }

  /** Whether the next significant token is the identifier `kw`. */
  private peekKeyword(kw: string): boolean {
    return this.peekType() === "Ident" && this.peek().text === kw;
  }

  read(): Token {
    const tok = this.peek();
    this.next = this.scanned;
    return tok;
  }

  /** Moves past the next significant token, as read() does, without making it an object. */
  private skip(): void {
    if (!this.scanIsCurrent()) this.scan();
    this.next = this.scanned;
  }

  /**
   * The range from the start of `first` to the end of `last` (a later token): what
   * rangeBetween(first.range, last.range) gives, without building `last`'s whole range.
   */
  private span(first: Token, last: Token): Range {
    const start = first.range.start;
    return { filename: first.range.filename, start, end: this.tokens.source.pos(last.end) };
  }

  private prevRange(): Range {
    if (this.next === 0) return this.peek().range;
    return this.tokens.token(this.next - 1).range;
  }

  pushNewlines(include: boolean): void {
    this.newlines.push(this.includeNewlines);
    this.includeNewlines = include;
  }

  popNewlines(): void {
    this.includeNewlines = this.newlines.pop() as boolean;
  }

  /** Skips forward past the token `end`, counting nested bracket pairs; returns that token (or EOF). */
  private recover(end: TokenType): Token {
    const start = CLOSER[end];
    this.recovery = true;
    let nest = 0;
    for (;;) {
      const tok = this.read();
      let ty = tok.type;
      if (end === "TemplateSeqEnd" && ty === "TemplateControl") ty = "TemplateInterp";
      if (ty === start) {
        nest++;
      } else if (ty === end) {
        if (nest < 1) return tok;
        nest--;
      } else if (ty === "EOF") {
        return tok;
      }
    }
  }

  /** Finds the next bracket `start`, then skips past its matching closer. */
  private recoverOver(start: TokenType): void {
    for (;;) {
      const tok = this.read();
      if (tok.type === start || tok.type === "EOF") break;
    }
    this.recover(CLOSER[start] as TokenType);
  }

  /** Skips to the end of the current body item: the next newline outside any brackets. */
  private recoverAfterBodyItem(): void {
    this.recovery = true;
    const open: TokenType[] = [];
    for (;;) {
      const tok = this.read();
      switch (tok.type) {
        case "Newline":
          if (open.length === 0) return;
          break;
        case "EOF":
          return;
        case "{":
        case "[":
        case "(":
        case "OQuote":
        case "OHeredoc":
        case "TemplateInterp":
        case "TemplateControl":
          open.push(tok.type);
          break;
        case "}":
        case "]":
        case ")":
        case "CQuote":
        case "CHeredoc": {
          const opener = CLOSER[tok.type];
          while (open.length > 0 && open[open.length - 1] !== opener) open.pop();
          open.pop();
          break;
        }
        case "TemplateSeqEnd":
          while (
            open.length > 0 &&
            open[open.length - 1] !== "TemplateInterp" &&
            open[open.length - 1] !== "TemplateControl"
          ) {
            open.pop();
          }
          open.pop();
          break;
        default:
          break;
      }
    }
  }

  /** Gives up on input nested too deeply: one diagnostic, then skip to the end. */
  private tooDeep(): Result<Expression> {
    const tok = this.peek();
    const diags = this.recovery
      ? []
      : [
          errorDiag(
            "Expression too deeply nested",
            `This expression is nested more than ${MAX_NESTING_DEPTH} levels deep. Split it into smaller expressions.`,
            tok.range,
          ),
        ];
    this.recovery = true;
    this.next = this.tokens.length - 1;
    return { node: placeholder(tok.range), diags };
  }

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

  private parseBodyItem(): Result<Attribute | Block | null> {
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

  private finishAttribute(ident: Token, singleLine: boolean): Result<Attribute> {
    const eq = this.read();
    const { node: expr, diags: exprDiags } = this.parseExpression();
    let diags = exprDiags;
    let endRange: Range;
    if (this.recovery && hasErrors(diags)) {
      endRange = this.prevRange();
      this.recoverAfterBodyItem();
    } else {
      endRange = this.prevRange();
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
      node: {
        kind: "attribute",
        name: ident.text,
        expr,
        nameRange: ident.range,
        equalsRange: eq.range,
        range: rangeBetween(ident.range, endRange),
      },
      diags,
    };
  }

  private finishBlock(ident: Token): Result<Block> {
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

  private parseSingleAttrBody(): Result<Body | null> {
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
  private parseQuotedStringLiteral(): Result<{ value: string; range: Range }> {
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

  // ---- expressions --------------------------------------------------------------------------

  parseExpression(): Result<Expression> {
    if (++this.depth > MAX_NESTING_DEPTH) {
      const r = this.tooDeep();
      this.depth--;
      return r;
    }
    // Few locals and frames per nesting level: deep input must not exhaust the stack early.
    const startTok = this.peek();
    const cond = this.parseBinaryOps();
    const r =
      this.peekType() === "?" && !(this.recovery && hasErrors(cond.diags))
        ? this.finishConditional(startTok, cond)
        : cond;
    this.depth--;
    return r;
  }

  /** The rest of `cond ? a : b`, with the peeker at the question mark. */
  private finishConditional(startTok: Token, cond: Result<Expression>): Result<Expression> {
    const diags = [...cond.diags];
    this.skip();
    const t = this.parseExpression();
    append(diags, t.diags);
    if (this.recovery && hasErrors(t.diags)) return { node: cond.node, diags };
    const colon = this.peek();
    if (colon.type !== ":") {
      diags.push(
        errorDiag(
          "Missing false expression in conditional",
          "The conditional operator (...?...:...) requires a false expression, delimited by a colon.",
          colon.range,
          rangeBetween(startTok.range, colon.range),
        ),
      );
      return { node: cond.node, diags };
    }
    this.skip();
    const f = this.parseExpression();
    append(diags, f.diags);
    if (this.recovery && hasErrors(f.diags)) return { node: cond.node, diags };
    return {
      node: {
        kind: "conditional",
        condition: cond.node,
        trueResult: t.node,
        falseResult: f.node,
        range: rangeBetween(startTok.range, f.node.range),
      },
      diags,
    };
  }

  /** Binary operators by precedence climbing; all of HCL's binary operators are left-associative. */
  private parseBinaryOps(): Result<Expression> {
    const term = this.parseExpressionTerm();
    const next = this.peekType();
    const first = next === "." || next === "[" ? this.withTraversals(term) : term;
    if (this.recovery && hasErrors(first.diags)) return first;
    if (binaryPrecedence(this.peekType()) === 0) return first;
    return this.finishBinaryOps(first);
  }

  /** The operators and operands after the first operand, with the peeker at an operator. */
  private finishBinaryOps(first: Result<Expression>): Result<Expression> {
    const diags = [...first.diags];
    const operands: Expression[] = [first.node];
    const ops: { op: BinaryOperator; prec: number }[] = [];
    const reduce = (): void => {
      const rhs = operands.pop() as Expression;
      const lhs = operands.pop() as Expression;
      const { op } = ops.pop() as { op: BinaryOperator };
      operands.push({ kind: "binaryOp", op, lhs, rhs, range: rangeBetween(lhs.range, rhs.range) });
    };
    for (;;) {
      const tok = this.peek();
      const prec = binaryPrecedence(tok.type);
      if (prec === 0) break;
      this.skip();
      while (ops.length > 0 && (ops[ops.length - 1] as { prec: number }).prec >= prec) reduce();
      ops.push({ op: tok.type as BinaryOperator, prec });
      const rhs = this.parseExpressionWithTraversals();
      append(diags, rhs.diags);
      operands.push(rhs.node);
      if (this.recovery && hasErrors(rhs.diags)) break;
    }
    while (ops.length > 0) reduce();
    return { node: operands[0] as Expression, diags };
  }

  private parseExpressionWithTraversals(): Result<Expression> {
    const term = this.parseExpressionTerm();
    const next = this.peekType();
    return next === "." || next === "[" ? this.withTraversals(term) : term;
  }

  private withTraversals(term: Result<Expression>): Result<Expression> {
    const more = this.parseExpressionTraversals(term.node);
    return { node: more.node, diags: more.diags.length === 0 ? term.diags : [...term.diags, ...more.diags] };
  }

  private parseExpressionTraversals(from: Expression): Result<Expression> {
    const diags: Diagnostic[] = [];
    let ret = from;
    // Steps are gathered and appended in one go: extending the node per step would copy the
    // step list each time, quadratic in the chain's length.
    const steps: Traverser[] = [];
    let stepsEnd = from.range;
    const step = (t: Traverser): void => {
      steps.push(t);
      stepsEnd = t.range;
    };
    const flushed = (): Expression => {
      if (steps.length > 0) ret = extendTraversal(ret, steps.splice(0), stepsEnd);
      return ret;
    };
    for (;;) {
      const next = this.peek();
      if (next.type === ".") {
        const dot = this.read();
        const attrTok = this.peek();
        if (attrTok.type === "Ident") {
          this.skip();
          const range = rangeBetween(dot.range, attrTok.range);
          step({ kind: "attr", name: attrTok.text, range });
          continue;
        }
        if (attrTok.type === "NumberLit") {
          // The legacy `foo.0` index form inherited from HIL.
          this.skip();
          const range = rangeBetween(dot.range, attrTok.range);
          const dotIdx = attrTok.text.indexOf(".");
          if (dotIdx >= 0) {
            diags.push(
              errorDiag(
                "Invalid legacy index syntax",
                `When using the legacy index syntax, chaining two indexes together is not permitted. Use the proper index syntax instead, like [${attrTok.text.slice(0, dotIdx)}][${attrTok.text.slice(dotIdx + 1)}].`,
                attrTok.range,
              ),
            );
            step({ kind: "index", key: { type: "unknown" }, range });
            continue;
          }
          const key = this.numberLiteral(attrTok, diags);
          step({ kind: "index", key, range });
          continue;
        }
        if (attrTok.type === "*") {
          ret = this.finishAttrSplat(from, flushed(), dot, diags);
          continue;
        }
        diags.push(
          errorDiag("Invalid attribute name", "An attribute name is required after a dot.", attrTok.range),
        );
        this.recovery = true;
        return { node: syntaxErrorPlaceholder(rangeBetween(from.range, dot.range), diags), diags };
      }
      if (next.type === "[") {
        const open = this.read();
        if (this.peekType() === "*") {
          this.skip();
          let close = this.read();
          if (close.type !== "]" && !this.recovery) {
            diags.push(
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
          append(diags, each.diags);
          ret = {
            kind: "splat",
            source: flushed(),
            each: each.node,
            item,
            markerRange: rangeBetween(open.range, close.range),
            range: rangeBetween(from.range, each.node.range),
          };
          continue;
        }
        this.pushNewlines(false);
        const key = this.parseExpression();
        append(diags, key.diags);
        let close: Token;
        if (this.recovery && hasErrors(key.diags)) {
          close = this.recover("]");
        } else {
          close = this.read();
          if (close.type !== "]" && !this.recovery) {
            diags.push(
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
          step({ kind: "index", key: literalKey, range });
        } else {
          ret = {
            kind: "index",
            collection: flushed(),
            key: key.node,
            bracketRange: range,
            range: rangeBetween(from.range, range),
          };
        }
        continue;
      }
      break;
    }
    return { node: flushed(), diags };
  }

  /** The attribute-only splat `foo.*.bar`, inherited from HIL. */
  private finishAttrSplat(from: Expression, source: Expression, dot: Token, diags: Diagnostic[]): Expression {
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
          trav.push({ kind: "index", key: { type: "unknown" }, range });
        } else {
          trav.push({ kind: "index", key: this.numberLiteral(t, diags), range });
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
      trav.push({ kind: "attr", name: t.text, range: rangeBetween(d.range, t.range) });
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

  private numberLiteral(tok: Token, diags: Diagnostic[]): Literal {
    if (!NUMBER_LITERAL.test(tok.text) || exponentTooLarge(tok.text) || tooManyDigits(tok.text)) {
      diags.push(
        errorDiag(
          "Invalid number literal",
          "Failed to recognize the value of this number literal.",
          tok.range,
        ),
      );
      return { type: "unknown" };
    }
    return { type: "number", text: tok.text };
  }

  /** A dispatcher only: keeping it small keeps each level of nesting cheap on the stack. */
  private parseExpressionTerm(): Result<Expression> {
    switch (this.peekType()) {
      case "(":
        return this.parseParenthesized();
      case "NumberLit":
        return this.parseNumberTerm();
      case "Ident": {
        const tok = this.read();
        const after = this.peekType();
        return after === "(" || after === "::" ? this.finishFunctionCall(tok) : this.parseIdentTerm(tok);
      }
      case "OQuote":
      case "OHeredoc":
        return this.parseTemplateTerm();
      case "-":
      case "!":
        return this.parseUnary();
      case "[":
        return this.parseTupleCons();
      case "{":
        return this.parseObjectCons();
      default:
        return this.parseInvalidTerm();
    }
  }

  private parseParenthesized(): Result<Expression> {
    const open = this.read();
    this.pushNewlines(false);
    const inner = this.parseExpression();
    if (hasErrors(inner.diags)) {
      this.recover(")");
      this.popNewlines();
      return inner;
    }
    const close = this.peek();
    const diags = [...inner.diags];
    if (close.type !== ")") {
      diags.push(
        errorDiag(
          "Unbalanced parentheses",
          "Expected a closing parenthesis to terminate the expression.",
          close.range,
          rangeBetween(open.range, close.range),
        ),
      );
      this.recovery = true;
    }
    const cParen = this.read();
    this.popNewlines();
    return {
      node: { kind: "parentheses", expr: inner.node, range: rangeBetween(open.range, cParen.range) },
      diags,
    };
  }

  private parseNumberTerm(): Result<Expression> {
    const tok = this.read();
    const diags: Diagnostic[] = [];
    const value = this.numberLiteral(tok, diags);
    return { node: { kind: "literal", value, range: tok.range }, diags };
  }

  private parseIdentTerm(tok: Token): Result<Expression> {
    const name = tok.text;
    switch (name) {
      case "true":
        return { node: { kind: "literal", value: TRUE_LITERAL, range: tok.range }, diags: NO_DIAGS };
      case "false":
        return { node: { kind: "literal", value: FALSE_LITERAL, range: tok.range }, diags: NO_DIAGS };
      case "null":
        return { node: { kind: "literal", value: NULL_LITERAL, range: tok.range }, diags: NO_DIAGS };
      default:
        return {
          node: {
            kind: "scopeTraversal",
            traversal: [{ kind: "root", name, range: tok.range }],
            range: tok.range,
          },
          diags: NO_DIAGS,
        };
    }
  }

  private parseTemplateTerm(): Result<Expression> {
    const open = this.read();
    if (open.type === "OQuote") {
      const simple = this.simpleQuotedString(open);
      if (simple !== null) return simple;
    }
    const closer: TokenType = open.type === "OQuote" ? "CQuote" : "CHeredoc";
    const flush = open.type === "OHeredoc" && open.text.startsWith("<<-");
    const t = this.parseTemplateInner(closer, flush);
    const range = rangeBetween(open.range, this.prevRange());
    if (t.passthrough) {
      return { node: { kind: "templateWrap", wrapped: t.exprs[0] as Expression, range }, diags: t.diags };
    }
    return { node: { kind: "template", parts: t.exprs, range }, diags: t.diags };
  }

  /** The common case `"text"`: one literal, no template sequences; null for anything else. */
  private simpleQuotedString(open: Token): Result<Expression> | null {
    // By index: the closing quote is needed only for where it ends.
    const toks = this.tokens;
    const hasLit = toks.type(this.next) === "QuotedLit";
    const closeAt = hasLit ? this.next + 1 : this.next;
    if (closeAt >= toks.length || toks.type(closeAt) !== "CQuote") return null;
    const lit = hasLit ? toks.token(this.next) : null;
    this.next = closeAt + 1;
    const diags: Diagnostic[] = [];
    const value = lit === null ? "" : unescapeLiteral(lit.text, true, lit.range, diags);
    const partRange = lit === null ? rangeAtEnd(open.range) : lit.range;
    const range = toks.source.range(open.start, toks.end(closeAt));
    const part: Expression = { kind: "literal", value: { type: "string", value }, range: partRange };
    return { node: { kind: "template", parts: [part], range }, diags };
  }

  private parseUnary(): Result<Expression> {
    const tok = this.read();
    if (++this.depth > MAX_NESTING_DEPTH) {
      const r = this.tooDeep();
      this.depth--;
      return r;
    }
    // The operand is a term with its traversals only: `-1 + 2` is `(-1) + 2`.
    const operand = this.parseExpressionWithTraversals();
    this.depth--;
    return {
      node: {
        kind: "unaryOp",
        op: tok.type === "-" ? "-" : "!",
        operand: operand.node,
        symbolRange: tok.range,
        range: rangeBetween(tok.range, operand.node.range),
      },
      diags: operand.diags,
    };
  }

  private parseInvalidTerm(): Result<Expression> {
    const start = this.peek();
    const diags: Diagnostic[] = [];
    if (!this.recovery) {
      diags.push(
        start.type === "EOF"
          ? errorDiag(
              "Missing expression",
              "Expected the start of an expression, but found the end of the file.",
              start.range,
            )
          : errorDiag(
              "Invalid expression",
              "Expected the start of an expression, but found an invalid expression token.",
              start.range,
            ),
      );
    }
    this.recovery = true;
    return { node: placeholder(start.range), diags };
  }

  private finishFunctionCall(name: Token): Result<Expression> {
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

  private parseTupleCons(): Result<Expression> {
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

  private parseObjectCons(): Result<Expression> {
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

  private parseObjectItems(open: Token): Result<Expression> {
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

  private finishForExpr(open: Token): Result<Expression> {
    this.pushNewlines(false);
    const r = this.finishForExprInner(open);
    this.popNewlines();
    return r;
  }

  private finishForExprInner(open: Token): Result<Expression> {
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
      if (this.peekType() !== "Ident") return fail("For expression requires variable name after 'for'.");
      let valVar = this.read().text;
      let keyVar = "";
      if (this.peekType() === ",") {
        keyVar = valVar;
        this.skip();
        if (this.peekType() !== "Ident")
          return fail("For expression requires value variable name after comma.");
        valVar = this.read().text;
      }
      if (!this.peekKeyword("in"))
        return fail("For expression requires the 'in' keyword after its name declarations.");
      this.skip();
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

  private parseTemplateInner(
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

  private parseTemplateParts(end: TokenType): { parts: TemplatePart[]; diags: Diagnostic[] } {
    const parts: TemplatePart[] = [];
    const diags: Diagnostic[] = [];
    const startRange = this.peek().range;
    let endRange: Range;
    let ltrimNext = false;
    let nextCanTrimPrev = false;
    const trimPrev = (tok: Token, canTrimPrev: boolean): void => {
      if (canTrimPrev && tok.text.length === 3 && tok.text[2] === "~") {
        const prev = parts[parts.length - 1];
        if (prev !== undefined && prev.kind === "literal") prev.value = prev.value.replace(/\s+$/u, "");
      }
    };
    for (;;) {
      const next = this.read();
      if (next.type === end) {
        endRange = next.range;
        break;
      }
      const ltrim = ltrimNext;
      ltrimNext = false;
      const canTrimPrev = nextCanTrimPrev;
      nextCanTrimPrev = false;
      if (next.type === "StringLit" || next.type === "QuotedLit") {
        let value = unescapeLiteral(next.text, next.type === "QuotedLit", next.range, diags);
        if (ltrim) value = value.replace(/^\s+/u, "");
        parts.push({ kind: "literal", value, range: next.range });
        nextCanTrimPrev = true;
        continue;
      }
      if (next.type === "TemplateInterp") {
        trimPrev(next, canTrimPrev);
        this.pushNewlines(false);
        const e = this.parseExpression();
        append(diags, e.diags);
        const close = this.peek();
        if (close.type !== "TemplateSeqEnd") {
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
        } else {
          this.skip();
          if (close.text.length === 2 && close.text[0] === "~") ltrimNext = true;
        }
        this.popNewlines();
        parts.push({ kind: "interp", expr: e.node, range: rangeBetween(next.range, close.range) });
        continue;
      }
      if (next.type === "TemplateControl") {
        trimPrev(next, canTrimPrev);
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
        range: { filename: startRange.filename, start: startRange.end, end: startRange.end },
      });
    }
    parts.push({ kind: "end", range: endRange });
    return { parts, diags };
  }

  /** One `%{ ... }` directive; returns "trimNext" when it ended with `~}`. */
  private parseTemplateDirective(
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
        if (this.peekType() !== "Ident")
          return forDirectiveError("For directive requires variable name after 'for'.");
        let valVar = this.read().text;
        let keyVar = "";
        if (this.peekType() === ",") {
          keyVar = valVar;
          this.skip();
          if (this.peekType() !== "Ident")
            return forDirectiveError("For directive requires value variable name after comma.");
          valVar = this.read().text;
        }
        if (!this.peekKeyword("in"))
          return forDirectiveError("For directive requires 'in' keyword after names.");
        this.skip();
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

// Literal values are immutable, so every `true`, `false` and `null` in a file can share one.
const TRUE_LITERAL: Literal = Object.freeze({ type: "bool", value: true });
const FALSE_LITERAL: Literal = Object.freeze({ type: "bool", value: false });
const NULL_LITERAL: Literal = Object.freeze({ type: "null" });

/** Appends `more` to `diags`; most results have none, and a spread call costs even then. */
function append(diags: Diagnostic[], more: readonly Diagnostic[]): void {
  for (let i = 0; i < more.length; i++) diags.push(more[i] as Diagnostic);
}

function placeholder(range: Range): Expression {
  return { kind: "literal", value: { type: "unknown" }, range };
}

/** hclsyntax's ExprSyntaxError: a placeholder whose evaluation reports `parseDiagnostics` again. */
function syntaxErrorPlaceholder(range: Range, parseDiagnostics: readonly Diagnostic[]): Expression {
  return { kind: "literal", value: { type: "unknown", parseDiagnostics: [...parseDiagnostics] }, range };
}

/** Exponents this large cannot be represented (big.ParseFloat rejects them too). */
/** Past cty's MAX_NUMBER_DIGITS significant digits a literal is refused rather than rounded. */
function tooManyDigits(text: string): boolean {
  return text.length > MAX_NUMBER_DIGITS && CtyNumber.parse(text) === null;
}

function exponentTooLarge(text: string): boolean {
  const e = text.search(/[eE]/);
  if (e < 0) return false;
  return Math.abs(Number(text.slice(e + 1))) >= 2147483647;
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

/** Appends traversal steps, extending an existing traversal expression where there is one. */
function extendTraversal(expr: Expression, steps: Traverser[], end: Range): Expression {
  if (expr.kind === "scopeTraversal") {
    return {
      kind: "scopeTraversal",
      traversal: [...expr.traversal, ...steps],
      range: rangeBetween(expr.range, end),
    };
  }
  if (expr.kind === "relativeTraversal") {
    return {
      kind: "relativeTraversal",
      source: expr.source,
      traversal: [...expr.traversal, ...steps],
      range: rangeBetween(expr.range, end),
    };
  }
  return {
    kind: "relativeTraversal",
    source: expr,
    traversal: steps,
    range: rangeBetween(expr.range, end),
  };
}

const TEMPLATE_KEYWORDS = ["if", "for", "else", "endif", "endfor"];
