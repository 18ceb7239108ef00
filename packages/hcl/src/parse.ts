// Entry points: parse an expression or a whole configuration file (as hclsyntax.ParseExpression / ParseConfig).
import type { Body, Expression } from "./ast.js";
import { type Diagnostic, errorDiag } from "./diagnostic.js";
import { Parser } from "./parse-body.js";
import type { Range } from "./pos.js";
import { scanTokens } from "./scanner.js";
import { invalidTokenDiagnostics } from "./token-diagnostics.js";

export interface ExpressionParse {
  /** The expression; where there were errors, a partial tree with placeholders. */
  readonly expr: Expression;
  readonly diagnostics: readonly Diagnostic[];
}

export interface ConfigParse {
  /** The file's top-level body; where there were errors, what could be recovered. */
  readonly body: Body;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * The parser bounds nesting itself (MAX_NESTING_DEPTH); this is the last line of defence for
 * JavaScript engines whose stack is smaller than that bound needs.
 */
function stackExhausted(filename: string): Diagnostic & { readonly subject: Range } {
  const at = { line: 1, column: 1, byte: 0 };
  const subject: Range = { filename, start: at, end: at };
  const diag = errorDiag(
    "Expression too deeply nested",
    "This input nests expressions more deeply than this JavaScript engine's stack allows. Split it into smaller expressions.",
    subject,
  );
  return { ...diag, subject };
}

function isStackOverflow(e: unknown): boolean {
  return e instanceof RangeError;
}

/** Parses one native-syntax expression, such as the value of an attribute or a variable's type. */
export function parseExpression(src: string, filename = "<expression>"): ExpressionParse {
  try {
    return parseExpressionUnguarded(src, filename);
  } catch (e) {
    if (!isStackOverflow(e)) throw e;
    const diag = stackExhausted(filename);
    return {
      expr: { kind: "literal", value: { type: "unknown" }, range: diag.subject },
      diagnostics: [diag],
    };
  }
}

function parseExpressionUnguarded(src: string, filename: string): ExpressionParse {
  const tokens = scanTokens(src, filename);
  const diagnostics = invalidTokenDiagnostics(tokens);
  const parser = new Parser(tokens);
  parser.pushNewlines(false);
  const { node, diags } = parser.parseExpression();
  for (const item of diags) diagnostics.push(item);
  const next = parser.peek();
  if (next.type !== "EOF" && !parser.recovery) {
    diagnostics.push(
      errorDiag(
        "Extra characters after expression",
        "An expression was successfully parsed, but extra characters were found after it.",
        next.range,
      ),
    );
  }
  parser.popNewlines();
  return { expr: node, diagnostics };
}

/** Parses a configuration file (`.tf`, `.tfvars`, a CLI configuration file): attributes and blocks. */
export function parseConfig(src: string, filename = "<config>"): ConfigParse {
  try {
    return parseConfigUnguarded(src, filename);
  } catch (e) {
    if (!isStackOverflow(e)) throw e;
    const diag = stackExhausted(filename);
    return {
      body: { kind: "body", attributes: [], blocks: [], range: diag.subject, endRange: diag.subject },
      diagnostics: [diag],
    };
  }
}

function parseConfigUnguarded(src: string, filename: string): ConfigParse {
  const tokens = scanTokens(src, filename);
  const diagnostics = invalidTokenDiagnostics(tokens);
  const parser = new Parser(tokens);
  const { node, diags } = parser.parseBody("EOF");
  for (const item of diags) diagnostics.push(item);
  return { body: node, diagnostics };
}
