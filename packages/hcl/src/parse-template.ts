// parseTemplate: a bare template, as hclsyntax.ParseTemplate reads the text of `templatefile`
// and `templatestring` templates: literal text with `${…}` interpolations and `%{…}` directives.
import type { Expression } from "./ast.js";
import type { ExpressionParse } from "./parse.js";
import { Parser } from "./parse-body.js";
import { scanTokens } from "./scanner.js";
import { invalidTokenDiagnostics } from "./token-diagnostics.js";

/** Parses `src` as a template; the result evaluates to a string (or, for `"${x}"` alone, x's value). */
export function parseTemplate(src: string, filename = "<template>"): ExpressionParse {
  const tokens = scanTokens(src, filename, true);
  const diagnostics = invalidTokenDiagnostics(tokens);
  const parser = new Parser(tokens);
  const { node, diags } = parser.parseBareTemplate();
  for (const d of diags) diagnostics.push(d);
  return { expr: node as Expression, diagnostics };
}
