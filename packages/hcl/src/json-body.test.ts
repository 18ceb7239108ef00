/* biome-ignore-all lint/suspicious/noTemplateCurlyInString: HCL templates written inside JSON text */
import { consoleString, numberVal, stringVal } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { type Diagnostic, formatRange } from "./diagnostic.js";
import { evaluate } from "./evaluate.js";
import { JSONBody, jsonExpression, jsonNodeValue, jsonStringExpression, parseJSONFile } from "./json-body.js";
import { parseJSONNode } from "./json-node.js";
import { startRange } from "./start-range.js";

function body(src: string): JSONBody {
  const { body, diagnostics } = parseJSONFile(src, "main.tf.json");
  expect(diagnostics).toEqual([]);
  return body;
}

function lines(diags: readonly Diagnostic[]): string[] {
  return diags.map((d) => `${d.summary}: ${d.detail} @ ${formatRange(d.subject!)}`);
}

const SCHEMA = {
  attributes: [{ name: "name", required: true }, { name: "size" }],
  blocks: [{ type: "variable", labelNames: ["name"] }, { type: "locals" }],
};

describe("JSONBody", () => {
  it("reads block types from the schema, one label per level of object", () => {
    const b = body(
      '{"name": "x", "variable": {"a": {"default": 1}, "b": [{}, {"type": "string"}]}, "locals": {}}',
    );
    const content = b.content(SCHEMA);
    expect(content.diagnostics).toEqual([]);
    expect(content.attributes.map((a) => a.name)).toEqual(["name"]);
    expect(content.blocks.map((x) => [x.type, ...x.labels])).toEqual([
      ["variable", "a"],
      ["variable", "b"],
      ["variable", "b"],
      ["locals"],
    ]);
    const [a, b1, b2] = content.blocks;
    expect(formatRange(a!.typeRange)).toBe("main.tf.json:1,15-25");
    expect(formatRange(a!.labelRanges[0]!)).toBe("main.tf.json:1,28-31");
    expect(formatRange(a!.defRange)).toBe("main.tf.json:1,33-34");
    // Each object of an array is one block, defined at the array's bracket.
    expect(formatRange(b1!.defRange)).toBe(formatRange(b2!.defRange));
    const inner = b2!.body.justAttributes();
    expect(inner.attributes.map((x) => x.name)).toEqual(["type"]);
  });

  it("reports what the schema does not know, with a suggestion, and ignores // comments", () => {
    const b = body('{"//": "note", "nmae": "x", "size": 1}');
    expect(lines(b.content(SCHEMA).diagnostics)).toEqual([
      'Missing required argument: The argument "name" is required, but no definition was found. @ main.tf.json:1,38-39',
      'Extraneous JSON object property: No argument or block type is named "nmae". Did you mean "name"? @ main.tf.json:1,16-22',
    ]);
    // PartialContent leaves the unknown names for later.
    const partial = b.partialContent(SCHEMA);
    expect(lines(partial.diagnostics)).toHaveLength(1);
    expect(partial.remain.justAttributes().attributes.map((a) => a.name)).toEqual(["nmae"]);
  });

  it("reports a repeated argument, and values that cannot be blocks or labels", () => {
    const b = body('{"name": "a", "name": "b", "variable": {"x": 1}, "locals": "no"}');
    expect(lines(b.content(SCHEMA).diagnostics)).toEqual([
      'Duplicate argument: The argument "name" was already set at main.tf.json:1,2-13. @ main.tf.json:1,15-21',
      'Incorrect JSON value type: Either a JSON object or a JSON array is required, representing the contents of one or more "variable" blocks. @ main.tf.json:1,46-47',
      'Incorrect JSON value type: Either a JSON object or a JSON array is required, representing the contents of one or more "locals" blocks. @ main.tf.json:1,60-64',
    ]);
    expect(lines(body('{"name": "a", "variable": {}}').content(SCHEMA).diagnostics)).toEqual([
      "Missing block label: At least one object property is required, whose name represents the variable block's name. @ main.tf.json:1,27-28",
    ]);
    expect(lines(body('{"name": "a", "variable": [1]}').content(SCHEMA).diagnostics)).toEqual([
      "Incorrect JSON value type: A JSON object is required here, to specify name labels for this block. @ main.tf.json:1,28-29",
      "Missing block label: At least one object property is required, whose name represents the variable block's name. @ main.tf.json:1,27-28",
    ]);
    expect(lines(body("[1]").justAttributes().diagnostics)).toEqual([
      "Incorrect JSON value type: A JSON object is required here, setting the arguments for this block. @ main.tf.json:1,1-2",
    ]);
  });

  it("evaluates strings as templates with a context, and verbatim without one", () => {
    const attrs = body(
      '{"a": "${x + 1}", "b": "n=${x}!", "c": {"k${x}": [true, null, 1.5]}}',
    ).justAttributes();
    expect(attrs.diagnostics).toEqual([]);
    const ctx = { variables: { x: numberVal(2) } };
    const value = (name: string) => {
      const a = attrs.attributes.find((x) => x.name === name)!;
      const { value, diagnostics } = evaluate(a.expr, ctx);
      expect(diagnostics).toEqual([]);
      return consoleString(value);
    };
    expect(value("a")).toBe("3");
    expect(value("b")).toBe('"n=2!"');
    expect(value("c")).toBe('{\n  "k2" = [\n    true,\n    null,\n    1.5,\n  ]\n}');
    const c = attrs.attributes.find((x) => x.name === "c")!;
    expect(consoleString(jsonNodeValue(c.node))).toBe(
      '{\n  "k${x}" = [\n    true,\n    null,\n    1.5,\n  ]\n}',
    );
  });

  it("puts a template's positions where the string is written", () => {
    const a = body('{\n  "a": "x ${nope} y"\n}').justAttributes().attributes[0]!;
    const { diagnostics } = evaluate(a.expr, { variables: { yes: stringVal("") } });
    expect(lines(diagnostics)).toEqual([
      'Unknown variable: There is no variable named "nope". @ main.tf.json:2,13-17',
    ]);
    expect(formatRange(startRange(a.expr))).toBe("main.tf.json:2,9-11");
  });

  it("keeps a malformed template's problems for evaluation with a context", () => {
    const a = body('{"a": "${"}').justAttributes().attributes[0]!;
    expect(a.exprDiagnostics.length).toBeGreaterThan(0);
    expect(a.exprDiagnostics[0]!.subject!.start.line).toBe(1);
    expect(consoleString(jsonNodeValue(a.node))).toBe('"${"');
  });

  it("parses a string as a native expression where it is written", () => {
    const { node } = parseJSONNode('{"type": "map(string)"}', "v.json");
    if (node.kind !== "object" || node.properties[0]!.value.kind !== "string") throw new Error("shape");
    const diags: Diagnostic[] = [];
    const expr = jsonStringExpression(node.properties[0]!.value, diags);
    expect(diags).toEqual([]);
    expect(expr.kind).toBe("call");
    expect(formatRange(startRange(expr))).toBe("v.json:1,11-15");
  });

  it("reports a repeated object key when a value is read", () => {
    const { node } = parseJSONNode('{"a": 1, "a": 2}', "v.json");
    const diags: Diagnostic[] = [];
    jsonNodeValue(node, diags);
    expect(lines(diags)).toEqual([
      'Duplicate object attribute: An attribute named "a" was already defined at v.json:1,2-5. @ v.json:1,10-13',
    ]);
    expect(jsonExpression(node, []).kind).toBe("object");
  });

  it("gives a body of an array of objects its missing item at the bracket", () => {
    const b = new JSONBody(parseJSONNode('[{"size": 1}]', "a.json").node);
    expect(lines(b.content(SCHEMA).diagnostics)).toEqual([
      'Missing required argument: The argument "name" is required, but no definition was found. @ a.json:1,1-2',
    ]);
  });
});
