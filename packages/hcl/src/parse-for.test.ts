import { describe, expect, it } from "vitest";
import { parseExpression, parseTemplate } from "./index.js";

const first = (diagnostics: readonly { summary: string; detail: string; subject?: unknown }[]) => {
  const d = diagnostics[0];
  return d === undefined ? undefined : { summary: d.summary, detail: d.detail, subject: d.subject };
};
const at = (byte: number, length: number, filename: string) => ({
  filename,
  start: { line: 1, column: byte + 1, byte },
  end: { line: 1, column: byte + length + 1, byte: byte + length },
});

describe("the `for` header", () => {
  it("reads one name or a key and a value name in both `for` expressions and `%{for}` directives", () => {
    expect(parseExpression("[for v in xs : v]").diagnostics).toEqual([]);
    expect(parseExpression("{for k, v in xs : k => v}").diagnostics).toEqual([]);
    expect(parseTemplate("%{for v in xs}${v}%{endfor}").diagnostics).toEqual([]);
    expect(parseTemplate("%{for k, v in xs}${k}%{endfor}").diagnostics).toEqual([]);
    const e = parseExpression("{for k, v in xs : k => v}").expr;
    expect(e).toMatchObject({ kind: "for", keyVar: "k", valVar: "v" });
  });

  it("words an incomplete header of a `for` expression as hclsyntax does, at the token that is wrong", () => {
    const f = "<expression>";
    expect(first(parseExpression("[for 1 in xs : v]").diagnostics)).toEqual({
      summary: "Invalid 'for' expression",
      detail: "For expression requires variable name after 'for'.",
      subject: at(5, 1, f),
    });
    expect(first(parseExpression("[for k, 2 in xs : v]").diagnostics)).toEqual({
      summary: "Invalid 'for' expression",
      detail: "For expression requires value variable name after comma.",
      subject: at(8, 1, f),
    });
    expect(first(parseExpression("[for k v in xs : v]").diagnostics)).toEqual({
      summary: "Invalid 'for' expression",
      detail: "For expression requires the 'in' keyword after its name declarations.",
      subject: at(7, 1, f),
    });
  });

  it("words an incomplete header of a `%{for}` directive as hclsyntax does", () => {
    const f = "<template>";
    expect(first(parseTemplate("%{for 1 in xs}x%{endfor}").diagnostics)).toEqual({
      summary: "Invalid 'for' directive",
      detail: "For directive requires variable name after 'for'.",
      subject: at(6, 1, f),
    });
    expect(first(parseTemplate("%{for k, 2 in xs}x%{endfor}").diagnostics)).toEqual({
      summary: "Invalid 'for' directive",
      detail: "For directive requires value variable name after comma.",
      subject: at(9, 1, f),
    });
    expect(first(parseTemplate("%{for k v in xs}x%{endfor}").diagnostics)).toEqual({
      summary: "Invalid 'for' directive",
      detail: "For directive requires 'in' keyword after names.",
      subject: at(8, 1, f),
    });
  });
});
