import { describe, expect, it } from "vitest";
import { nameSuggestion } from "./name-suggestion.js";
import { parseTemplate } from "./parse-template.js";

describe("nameSuggestion (hclsyntax's didyoumean)", () => {
  // hclsyntax's TestNameSuggestion.
  it.each([
    ["true", "true"],
    ["false", "false"],
    ["null", "null"],
    ["bananas", ""],
    ["NaN", ""],
    ["Inf", ""],
    ["Infinity", ""],
    ["void", ""],
    ["undefined", ""],
    ["ture", "true"],
    ["tru", "true"],
    ["tre", "true"],
    ["treu", "true"],
    ["rtue", "true"],
    ["flase", "false"],
    ["fales", "false"],
    ["flse", "false"],
    ["fasle", "false"],
    ["fasel", "false"],
    ["flue", "false"],
    ["nil", "null"],
    ["nul", "null"],
    ["unll", "null"],
    ["nll", "null"],
  ])("suggests for %j: %j", (given, want) => {
    expect(nameSuggestion(given, ["false", "true", "null"])).toBe(want);
  });

  it("takes the first close candidate in the order given, not the closest", () => {
    expect(nameSuggestion("fo", ["if", "for"])).toBe("if");
    expect(nameSuggestion("fo", ["for", "if"])).toBe("for");
  });

  it("counts code points, as Go's levenshtein counts runes", () => {
    expect(nameSuggestion("😀😀😀", ["abc"])).toBe("");
    expect(nameSuggestion("na😀e", ["name"])).toBe("name");
  });

  it("suggests template keywords in hclsyntax's order, quoted as Go's %q", () => {
    const { diagnostics } = parseTemplate("%{ fo }x%{ endfor }", "t.tmpl");
    expect(diagnostics[0]?.detail).toBe('"fo" is not a valid template control keyword. Did you mean "if"?');
  });
});
