// Diagnostics for tokens that the scanner recognises but the language does not allow
// (as hclsyntax's checkInvalidTokens: bitwise operators, quotes of other kinds, tabs...).
import { type Diagnostic, errorDiag } from "./diagnostic.js";
import type { TokenType } from "./token.js";
import type { TokenStream } from "./token-stream.js";

const BITWISE_HINTS: Record<string, string> = {
  "&": ' Did you mean boolean AND ("&&")?',
  "|": ' Did you mean boolean OR ("||")?',
  "~": ' Did you mean boolean NOT ("!")?',
  "^": "",
};

/** Whether tokens of this kind may need a diagnostic (a switch on constant strings is cheapest). */
function mayBeInvalid(type: TokenType): boolean {
  switch (type) {
    case "&":
    case "|":
    case "~":
    case "^":
    case "`":
    case "'":
    case ";":
    case "BadUTF8":
    case "QuotedNewline":
    case "Invalid":
      return true;
    default:
      return false;
  }
}

export function invalidTokenDiagnostics(tokens: TokenStream): Diagnostic[] {
  const diags: Diagnostic[] = [];
  if (!tokens.mayHaveInvalidTokens) return diags;
  let toldBitwise = 0;
  let toldBacktick = 0;
  let toldApostrophe = 0;
  let toldSemicolon = 0;
  let toldBadUTF8 = 0;
  const n = tokens.length;
  for (let i = 0; i < n; i++) {
    const type = tokens.type(i);
    // Almost every token is valid: look at the kind first, make a token object only for the rest.
    if (!mayBeInvalid(type)) continue;
    const tok = tokens.token(i);
    switch (type) {
      case "&":
      case "|":
      case "~":
      case "^":
        if (toldBitwise < 4) {
          diags.push(
            errorDiag(
              "Unsupported operator",
              `Bitwise operators are not supported.${BITWISE_HINTS[tok.type]}`,
              tok.range,
            ),
          );
          toldBitwise++;
        }
        break;
      case "`":
        // Reported for every other backtick, so that a `quoted` word gets one diagnostic.
        if (toldBacktick % 2 === 0) {
          diags.push(
            errorDiag(
              "Invalid character",
              'The "`" character is not valid. To create a multi-line string, use the "heredoc" syntax, like "<<EOT".',
              tok.range,
            ),
          );
        }
        if (toldBacktick <= 2) toldBacktick++;
        break;
      case "'":
        if (toldApostrophe % 2 === 0) {
          diags.push(
            errorDiag(
              "Invalid character",
              'Single quotes are not valid. Use double quotes (") to enclose strings.',
              tok.range,
            ),
          );
        }
        if (toldApostrophe <= 2) toldApostrophe++;
        break;
      case ";":
        if (toldSemicolon < 1) {
          diags.push(
            errorDiag(
              "Invalid character",
              'The ";" character is not valid. Use newlines to separate arguments and blocks, and commas to separate items in collection values.',
              tok.range,
            ),
          );
          toldSemicolon++;
        }
        break;
      case "BadUTF8":
        if (toldBadUTF8 < 1) {
          diags.push(
            errorDiag(
              "Invalid character encoding",
              "All input files must be UTF-8 encoded. Ensure that UTF-8 encoding is selected in your editor.",
              tok.range,
            ),
          );
          toldBadUTF8++;
        }
        break;
      case "QuotedNewline":
        diags.push(
          errorDiag(
            "Invalid multi-line string",
            'Quoted strings may not be split over multiple lines. To produce a multi-line string, either use the \\n escape to represent a newline character or use the "heredoc" multi-line template syntax.',
            tok.range,
          ),
        );
        break;
      case "Invalid":
        if (tok.text === "\u201c" || tok.text === "\u201d") {
          diags.push(
            errorDiag(
              "Invalid character",
              '"Curly quotes" are not valid here. These can sometimes be inadvertently introduced when sharing code via documents or discussion forums. It might help to replace the character with a "straight quote".',
              tok.range,
            ),
          );
        } else {
          diags.push(
            errorDiag("Invalid character", "This character is not used within the language.", tok.range),
          );
        }
        break;
      default:
        break;
    }
  }
  return diags;
}
