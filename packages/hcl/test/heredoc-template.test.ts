// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import { describe, expect, it } from "vitest";
import { evaluateConstant } from "../src/evaluate.js";
import { parseExpression } from "../src/parse.js";
import { scanTokens } from "../src/scanner.js";

function tokens(src: string): string[] {
  const t = scanTokens(src, "x");
  const out: string[] = [];
  for (let i = 0; i < t.length; i++) out.push(`${t.type(i)}:${t.token(i).text}`);
  return out;
}

describe("heredoc templates", () => {
  it("end a line's text before an interpolation on the same line", () => {
    expect(tokens("<<EOT\n  a ${b}\nEOT\n")).toEqual([
      "OHeredoc:<<EOT\n",
      "StringLit:  a ",
      "TemplateInterp:${",
      "Ident:b",
      "TemplateSeqEnd:}",
      "StringLit:\n",
      "CHeredoc:EOT",
      "Newline:\n",
      "EOF:",
    ]);
  });

  it("evaluate text and interpolations on one line", () => {
    const { expr } = parseExpression('<<EOT\nhello ${"world"}%{if true} !%{endif}\nEOT\n');
    expect(evaluateConstant(expr).asString()).toBe("hello world !\n");
  });
});
