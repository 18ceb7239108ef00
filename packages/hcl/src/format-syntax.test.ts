// biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL template syntax in test inputs
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { hasErrors } from "./diagnostic.js";
import { literalBodyParses } from "./format-syntax.js";
import { parseConfig } from "./parse.js";
import { scanTokens } from "./scanner.js";

const passes = (src: string) => literalBodyParses(src, scanTokens(src, "x"));

describe("literalBodyParses", () => {
  it("takes the usual literal .tfvars", () => {
    expect(passes('a = 1\nb = "x" # c\nc = [1, -2.5e3, true,\n  null]\nd = { k = "v", "q": [] }\n')).toBe(
      true,
    );
  });

  it("leaves what it cannot vouch for to the parser", () => {
    for (const src of [
      "a = 1\na = 2\n",
      'a = "\\q"\n',
      "a = 1.2.3\n",
      "a = [\n",
      "a = {k\n= 1}\n",
      'a = "${x}"\n',
      "b {}\n",
    ])
      expect(passes(src), src).toBe(false);
  });

  it("never vouches for text the parser refuses", { timeout: 60_000 }, () => {
    const piece = fc.constantFrom(
      "a",
      "b",
      "=",
      ":",
      " ",
      "\n",
      ",",
      "[",
      "]",
      "{",
      "}",
      "1",
      "-",
      "1.5",
      "1.",
      '"s"',
      '"',
      "\\",
      "# c\n",
      "/* c */",
      "true",
      "x.y",
      "(",
      ")",
      "\r\n",
      "\t",
    );
    const src = fc.array(piece, { maxLength: 24 }).map((p) => p.join(""));
    fc.assert(
      fc.property(src, (s) => !passes(s) || !hasErrors(parseConfig(s, "x").diagnostics)),
      { numRuns: 4000 },
    );
    const attribute = fc
      .array(piece, { maxLength: 12 })
      .map((p) => `name = ${p.join("")}\nother = [${p.join("")}]\n`);
    let vouched = 0;
    fc.assert(
      fc.property(attribute, (s) => {
        if (!passes(s)) return true;
        vouched++;
        return !hasErrors(parseConfig(s, "x").diagnostics);
      }),
      { numRuns: 4000 },
    );
    // The property says something only if the check vouches for a fair share of the inputs.
    expect(vouched).toBeGreaterThan(100);
  });
});
