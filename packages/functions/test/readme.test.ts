// The README's example, kept working.
import { consoleString, markedVal, numberVal, objectVal, SENSITIVE, stringVal } from "@tofukit/cty";
import { evaluate, functionCalls, parseExpression } from "@tofukit/hcl";
import { describe, expect, it } from "vitest";
import { groupsProviding, loadFunctions, openTofuFunctions } from "../src/index.js";

describe("README example", () => {
  it("works as documented", () => {
    const functions = openTofuFunctions();
    const variables = { var: objectVal({ name: stringVal("rg-main"), tier: stringVal("gold") }) };
    const check = (src: string) => evaluate(parseExpression(src).expr, { variables, functions });

    expect(consoleString(check('can(regex("^rg-", var.name))').value)).toBe("true");
    expect(consoleString(check('contains(["gold", "silver"], var.tier)').value)).toBe("true");
    expect(consoleString(check('format("%-6s|%05.1f", var.tier, 3.14159)').value)).toBe('"gold  |003.1"');
    expect(check('parseint("FF", 10)').diagnostics[0]?.detail).toBe(
      'Invalid value for "number" parameter: cannot parse "FF" as a base 10 integer.',
    );
    expect(consoleString(functions.upper!.call([stringVal("hello")]))).toBe('"HELLO"');
    expect(functions.issensitive!.call([markedVal(numberVal(1), [SENSITIVE])]).asBool()).toBe(true);
  });

  it("loads only the groups an expression calls, as documented", async () => {
    const { expr } = parseExpression('can(regex("^rg-", "rg-main")) && contains(["a", "b"], "b")');
    const groups = groupsProviding(functionCalls(expr).map((call) => call.name));
    expect(groups).toEqual(["regex", "collection", "try"]);
    const functions = await loadFunctions(groups);
    expect(consoleString(evaluate(expr, { functions }).value)).toBe("true");
  });

  it("lists every function of the categories it documents", () => {
    const names = Object.keys(openTofuFunctions());
    for (const n of [
      "abs",
      "templatestring",
      "zipmap",
      "tostring",
      "ephemeralasnull",
      "try",
      "list",
      "map",
    ]) {
      expect(names).toContain(n);
    }
  });
});
