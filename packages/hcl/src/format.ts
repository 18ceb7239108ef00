// `format(src)`: HCL native syntax formatted as `tofu fmt` formats `.tf`, `.tofu` and `.tfvars`
// files: OpenTofu's rewrites (format-rewrites.ts), then hclwrite's formatting (format-layout.ts).
//
// Text that does not parse is refused with its diagnostics, never reformatted: the formatter
// could otherwise make changes that are hard to undo (OpenTofu checks the same way first).
// Only spaces and tabs between tokens change, and the tokens the rewrites replace; the spaces
// before the end of the input are kept. A byte order mark goes, as in the reference: its three
// bytes count as spaces before the first token, which indentation then replaces.
import { type Diagnostic, errorDiag, hasErrors } from "./diagnostic.js";
import { HCLError } from "./errors.js";
import { layout } from "./format-layout.js";
import { rewrite } from "./format-rewrites.js";
import { literalBodyParses } from "./format-syntax.js";
import { Parser } from "./parse-body.js";
import { scanTokens } from "./scanner.js";
import { invalidTokenDiagnostics } from "./token-diagnostics.js";
import type { TokenStream } from "./token-stream.js";

/** The result of formatFile: the formatted text, or null and the syntax errors. */
export interface FormatResult {
  readonly formatted: string | null;
  readonly diagnostics: readonly Diagnostic[];
}

/**
 * Formats configuration or variables-file text as `tofu fmt` does, byte for byte. Throws
 * HCLError (TOFUKIT_HCL_SYNTAX) with every diagnostic when the text does not parse.
 */
export function format(src: string, filename = "<input>"): string {
  const result = formatFile(src, filename);
  if (result.formatted === null) throw new HCLError("TOFUKIT_HCL_SYNTAX", result.diagnostics);
  return result.formatted;
}

/** As format, returning the diagnostics instead of throwing (`formatted` is null on errors). */
export function formatFile(src: string, filename = "<input>"): FormatResult {
  const tokens = scanTokens(src, filename);
  const bom = src.charCodeAt(0) === 0xfeff;
  const body = bom ? src.slice(1) : src;
  const diagnostics = literalBodyParses(body, tokens) ? [] : syntaxDiagnostics(tokens, filename);
  if (hasErrors(diagnostics)) return { formatted: null, diagnostics };
  const rewritten = rewrite(body, tokens);
  const formatted =
    rewritten === null ? layout(body, tokens) : layout(rewritten, scanTokens(rewritten, filename));
  return { formatted: withoutByteOrderMark(bom, tokens, formatted), diagnostics };
}

/** hclwrite's Format alone: no syntax check and no OpenTofu rewrites (as hclwrite.Format). */
export function hclwriteFormat(src: string): string {
  const bom = src.charCodeAt(0) === 0xfeff;
  const tokens = scanTokens(src, "<input>");
  return withoutByteOrderMark(bom, tokens, layout(bom ? src.slice(1) : src, tokens));
}

/**
 * The formatted text as the reference gives it when the source began with a byte order mark:
 * only where nothing follows but spaces (the end of input keeps its spaces) do its three bytes
 * survive, as three spaces.
 */
function withoutByteOrderMark(bom: boolean, tokens: TokenStream, formatted: string): string {
  return bom && tokens.length === 1 ? `   ${formatted}` : formatted;
}

function syntaxDiagnostics(tokens: TokenStream, filename: string): Diagnostic[] {
  const diagnostics = invalidTokenDiagnostics(tokens);
  try {
    for (const item of new Parser(tokens).parseBody("EOF").diags) diagnostics.push(item);
  } catch (e) {
    if (!(e instanceof RangeError)) throw e;
    const at = { line: 1, column: 1, byte: 0 };
    diagnostics.push(
      errorDiag(
        "Expression too deeply nested",
        "This input nests expressions more deeply than this JavaScript engine's stack allows. Split it into smaller expressions.",
        { filename, start: at, end: at },
      ),
    );
  }
  return diagnostics;
}
