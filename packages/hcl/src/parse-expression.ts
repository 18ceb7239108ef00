// Expressions: conditionals, binary operators by precedence, unary operators, and the terms
// they are made of (literals, variables, parenthesized expressions), dispatching to the
// templates, calls, collections and traversals of the layers below.

import { CtyNumber, MAX_NUMBER_DIGITS } from "@tofukit/cty";
import type { BinaryOperator, Expression, Literal } from "./ast.js";
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { internName, numberLiteral } from "./intern.js";
import { CollectionParser } from "./parse-collection.js";
import { append, NO_DIAGS, placeholder, type Result } from "./parse-result.js";
import { rangeBetween } from "./pos.js";
import {
  BinaryOpNode,
  ConditionalNode,
  endOf,
  LiteralNode,
  RootStep,
  ScopeTraversalNode,
  startOf,
} from "./syntax-node.js";
import type { Token, TokenType } from "./token.js";
import { MAX_NESTING_DEPTH } from "./token-cursor.js";

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

export abstract class ExpressionParser extends CollectionParser {
  // ---- expressions --------------------------------------------------------------------------

  parseExpression(): Result<Expression> {
    if (++this.depth > MAX_NESTING_DEPTH) {
      const r = this.tooDeep();
      this.depth--;
      return r;
    }
    // Few locals and frames per nesting level: deep input must not exhaust the stack early.
    // The first token by its index: an object is made for it only if a conditional needs its range.
    this.peekType();
    const startIndex = this.scanIndex;
    const cond = this.parseBinaryOps();
    const r =
      this.peekType() === "?" && !(this.recovery && hasErrors(cond.diags))
        ? this.finishConditional(this.tokens.token(startIndex), cond)
        : cond;
    this.depth--;
    return r;
  }

  /** The rest of `cond ? a : b`, with the peeker at the question mark. */
  protected finishConditional(startTok: Token, cond: Result<Expression>): Result<Expression> {
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
      node: new ConditionalNode(
        cond.node,
        t.node,
        f.node,
        this.tokens.source,
        Math.min(startTok.start, startOf(f.node)),
        Math.max(startTok.end, endOf(f.node)),
      ),
      diags,
    };
  }

  /** Binary operators by precedence climbing; all of HCL's binary operators are left-associative. */
  protected parseBinaryOps(): Result<Expression> {
    const term = this.parseExpressionTerm();
    const next = this.peekType();
    const first = next === "." || next === "[" ? this.withTraversals(term) : term;
    if (this.recovery && hasErrors(first.diags)) return first;
    if (binaryPrecedence(this.peekType()) === 0) return first;
    return this.finishBinaryOps(first);
  }

  // The operand and operator stacks of the chains being parsed: one set per parser, shared by
  // nested chains (each works above the height it found and leaves the stacks as it found them).
  private readonly operands: Expression[] = [];
  private readonly ops: BinaryOperator[] = [];
  private readonly precs: number[] = [];

  /** The operators and operands after the first operand, with the peeker at an operator. */
  protected finishBinaryOps(first: Result<Expression>): Result<Expression> {
    // Copied only once an operand brings diagnostics: most chains have none.
    let diags: Diagnostic[] | null = null;
    const operands = this.operands;
    const ops = this.ops;
    const precs = this.precs;
    const base = ops.length;
    operands.push(first.node);
    for (;;) {
      const type = this.peekType();
      const prec = binaryPrecedence(type);
      if (prec === 0) break;
      this.skip();
      while (precs.length > base && (precs[precs.length - 1] as number) >= prec) {
        precs.pop();
        reduceBinary(operands, ops.pop() as BinaryOperator);
      }
      ops.push(type as BinaryOperator);
      precs.push(prec);
      const rhs = this.parseExpressionWithTraversals();
      if (rhs.diags.length > 0) {
        diags ??= [...first.diags];
        append(diags, rhs.diags);
      }
      operands.push(rhs.node);
      if (this.recovery && hasErrors(rhs.diags)) break;
    }
    while (ops.length > base) {
      precs.pop();
      reduceBinary(operands, ops.pop() as BinaryOperator);
    }
    return { node: operands.pop() as Expression, diags: diags ?? first.diags };
  }

  protected parseExpressionWithTraversals(): Result<Expression> {
    const term = this.parseExpressionTerm();
    const next = this.peekType();
    return next === "." || next === "[" ? this.withTraversals(term) : term;
  }

  protected withTraversals(term: Result<Expression>): Result<Expression> {
    const more = this.parseExpressionTraversals(term.node);
    if (term.diags.length === 0) return more;
    return { node: more.node, diags: more.diags.length === 0 ? term.diags : [...term.diags, ...more.diags] };
  }

  protected numberLiteral(tok: Token, diags: Diagnostic[]): Literal {
    return this.numberLiteralOf(tok.text, tok.start, tok.end, diags);
  }

  /** The literal of a number token's text, which spans `start` to `end` (for its diagnostic). */
  protected numberLiteralOf(text: string, start: number, end: number, diags: Diagnostic[]): Literal {
    if (!validNumberText(text)) {
      diags.push(
        errorDiag(
          "Invalid number literal",
          "Failed to recognize the value of this number literal.",
          this.tokens.source.range(start, end),
        ),
      );
      return { type: "unknown" };
    }
    return numberLiteral(text);
  }

  /** A dispatcher only: keeping it small keeps each level of nesting cheap on the stack. */
  protected parseExpressionTerm(): Result<Expression> {
    switch (this.peekType()) {
      case "(":
        return this.parseParenthesized();
      case "NumberLit":
        return this.parseNumberTerm();
      case "Ident": {
        const i = this.readIndex();
        const after = this.peekType();
        return after === "(" || after === "::" ? this.finishFunctionCall(i) : this.parseIdentTerm(i);
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

  protected parseParenthesized(): Result<Expression> {
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

  protected parseNumberTerm(): Result<Expression> {
    const i = this.readIndex();
    const toks = this.tokens;
    const start = toks.start(i);
    const end = toks.end(i);
    const text = toks.source.src.slice(start, end);
    if (validNumberText(text)) {
      return { node: new LiteralNode(numberLiteral(text), toks.source, start, end), diags: NO_DIAGS };
    }
    const diags: Diagnostic[] = [];
    const value = this.numberLiteralOf(text, start, end, diags);
    return {
      node: new LiteralNode(value, toks.source, start, end),
      diags: diags.length === 0 ? NO_DIAGS : diags,
    };
  }

  /** A name that is not a call, at the stream's token `i`: a variable, or `true`, `false` or `null`. */
  protected parseIdentTerm(i: number): Result<Expression> {
    const name = this.textAt(i);
    const toks = this.tokens;
    const source = toks.source;
    const start = toks.start(i);
    const end = toks.end(i);
    switch (name) {
      case "true":
        return { node: new LiteralNode(TRUE_LITERAL, source, start, end), diags: NO_DIAGS };
      case "false":
        return { node: new LiteralNode(FALSE_LITERAL, source, start, end), diags: NO_DIAGS };
      case "null":
        return { node: new LiteralNode(NULL_LITERAL, source, start, end), diags: NO_DIAGS };
      default:
        return {
          node: new ScopeTraversalNode(
            [new RootStep(internName(name), source, start, end)],
            source,
            start,
            end,
          ),
          diags: NO_DIAGS,
        };
    }
  }

  protected parseUnary(): Result<Expression> {
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

  protected parseInvalidTerm(): Result<Expression> {
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
}

/** Replaces the top two operands with the binary operation `op` of them. */
function reduceBinary(operands: Expression[], op: BinaryOperator): void {
  const rhs = operands.pop() as Expression;
  const lhs = operands.pop() as Expression;
  operands.push(new BinaryOpNode(op, lhs, rhs));
}

// Literal values are immutable, so every `true`, `false` and `null` in a file can share one.
const TRUE_LITERAL: Literal = Object.freeze({ type: "bool", value: true });
const FALSE_LITERAL: Literal = Object.freeze({ type: "bool", value: false });
const NULL_LITERAL: Literal = Object.freeze({ type: "null" });

/** Whether a number token's text is a number literal cty can hold. */
function validNumberText(text: string): boolean {
  return NUMBER_LITERAL.test(text) && !exponentTooLarge(text) && !tooManyDigits(text);
}

/** Past cty's MAX_NUMBER_DIGITS significant digits a literal is refused rather than rounded. */
function tooManyDigits(text: string): boolean {
  return text.length > MAX_NUMBER_DIGITS && CtyNumber.parse(text) === null;
}

/** Exponents this large cannot be represented (big.ParseFloat rejects them too). */
function exponentTooLarge(text: string): boolean {
  const e = text.search(/[eE]/);
  if (e < 0) return false;
  return Math.abs(Number(text.slice(e + 1))) >= 2147483647;
}
