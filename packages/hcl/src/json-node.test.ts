import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatRange, hasErrors } from "./diagnostic.js";
import { parseJSONValue } from "./json.js";
import { parseJSONFile } from "./json-body.js";
import { parseJSONNode } from "./json-node.js";

/** The first diagnostic of a parse as `summary: detail @ range`. */
function first(src: string): string {
  const d = parseJSONNode(src, "x.json").diagnostics[0];
  return d === undefined ? "" : `${d.summary}: ${d.detail} @ ${formatRange(d.subject!)}`;
}

describe("parseJSONNode: hcl/json's syntax errors", () => {
  // hcl/json skips ahead past a malformed object or array before reporting a missing comma or a
  // misplaced colon, so those point at the token after it (here the end of the text).
  it.each([
    [
      "[1 2]",
      "Missing attribute seperator comma: A comma must appear between each value in an array. @ x.json:1,6-6",
    ],
    [
      '{"a": 1 "b": 2}',
      "Missing attribute seperator comma: A comma must appear between each property definition in an object. @ x.json:1,16-16",
    ],
    ['{"a": 1', "Unclosed object: No closing brace was found for this JSON object. @ x.json:1,1-2"],
    ["[1", "Unclosed object: No closing bracket was found for this JSON array. @ x.json:1,1-2"],
    ["{", "Missing value: The JSON data ends prematurely. @ x.json:1,2-2"],
    ["", "Missing value: The JSON data ends prematurely. @ x.json:1,1-1"],
    [
      '{"a": 1,}',
      "Trailing comma in object: JSON does not permit a trailing comma after the final property in an object. @ x.json:1,8-9",
    ],
    [
      "[1,]",
      "Trailing comma in array: JSON does not permit a trailing comma after the final value in an array. @ x.json:1,3-4",
    ],
    [
      '{"a" = 1}',
      "Missing property value colon: JSON uses a colon as its name/value delimiter, not an equals sign. @ x.json:1,6-7",
    ],
    [
      '{"a" 1}',
      "Missing property value colon: A colon must appear between an object property's name and its value. @ x.json:1,6-7",
    ],
    [
      '{"a"}',
      "Missing object value: A JSON object attribute must have a value, introduced by a colon. @ x.json:1,5-6",
    ],
    ["{1: 2}", "Invalid object property name: A JSON object property name must be a string @ x.json:1,2-3"],
    [
      "[1: 2]",
      "Invalid array value: A colon is not used to introduce values in a JSON array. @ x.json:1,7-7",
    ],
    ["[1}", "Mismatched brackets: A JSON array must be closed with a bracket, not a brace. @ x.json:1,4-4"],
    [
      '{"a": 1]',
      "Mismatched braces: A JSON object must be closed with a brace, not a bracket. @ x.json:1,9-9",
    ],
    ["[1] 2", "Extraneous data after value: Extra characters appear after the JSON value. @ x.json:1,5-6"],
    ["01", "Invalid JSON number: There is a syntax error in the given JSON number. @ x.json:1,1-3"],
    ["tru", 'Invalid JSON keyword: "tru" is not a valid JSON keyword. Did you mean "true"? @ x.json:1,1-4'],
    ["NaN", 'Invalid JSON keyword: The JavaScript identifier "NaN" cannot be used in JSON. @ x.json:1,1-4'],
    [
      "#",
      "Invalid start of value: A JSON value must start with a brace, a bracket, a number, a string, or a keyword. @ x.json:1,1-2",
    ],
    [
      "}",
      "Missing JSON value: A JSON value must start with a brace, a bracket, a number, a string, or a keyword. @ x.json:1,1-2",
    ],
    ['"a\\qb"', "Invalid JSON string: There is a syntax error in the given JSON string. @ x.json:1,5-6"],
    ['"abc', "Invalid JSON string: There is a syntax error in the given JSON string. @ x.json:1,5-6"],
  ])("%j", (src, expected) => {
    expect(first(src)).toBe(expected);
  });

  it("gives a string with an error its token as context", () => {
    const d = parseJSONNode('"a\\qb"', "x.json").diagnostics[0]!;
    expect(formatRange(d.context!)).toBe("x.json:1,1-7");
  });

  it("reads values with the range of every token", () => {
    const { node, diagnostics } = parseJSONNode('{\n  "a": [1, true, null],\n  "b": "é"\n}', "x.json");
    expect(diagnostics).toEqual([]);
    if (node.kind !== "object") throw new Error(node.kind);
    expect(
      node.properties.map((p) => [p.name, formatRange(p.nameRange), formatRange(p.value.range)]),
    ).toEqual([
      ["a", "x.json:2,3-6", "x.json:2,8-23"],
      ["b", "x.json:3,3-6", "x.json:3,8-11"],
    ]);
    expect(formatRange(node.openRange)).toBe("x.json:1,1-2");
    expect(formatRange(node.closeRange)).toBe("x.json:4,1-2");
    expect(node.range.end.byte).toBe(39);
  });

  it("keeps repeated property names, as block types may repeat", () => {
    const { node } = parseJSONNode('{"a": 1, "a": 2}');
    expect(node.kind === "object" && node.properties.map((p) => p.name)).toEqual(["a", "a"]);
  });

  it("bounds nesting depth with a diagnostic, not a stack overflow", () => {
    const deep = `${"[".repeat(100_000)}${"]".repeat(100_000)}`;
    expect(parseJSONNode(deep).diagnostics[0]?.summary).toBe("Value too deeply nested");
  });
});

describe("one syntax for .tf.json and .tfvars.json", () => {
  it.each([
    "[1 2]",
    '{"a": [1 2]}',
    '{"a": 1',
    '{"a": tru}',
    '{"a": "x\\q"}',
    '{"a": 1,}',
    "{} {}",
    '{"a" = 1}',
  ])("%j reads alike as a value and as a configuration file", (src) => {
    const asValue = parseJSONValue(src, "f.json").diagnostics;
    const asFile = parseJSONFile(src, "f.json").diagnostics;
    expect(asValue.length).toBeGreaterThan(0);
    expect(asFile.slice(0, asValue.length)).toEqual(asValue);
  });

  it("adds hcl/json's root error when a configuration file's root is no object", () => {
    const { diagnostics } = parseJSONFile("[1 2]", "f.json");
    expect(diagnostics.map((d) => d.summary)).toEqual([
      "Missing attribute seperator comma",
      "Root value must be object",
    ]);
    expect(parseJSONFile('"x"', "f.json").diagnostics.map((d) => d.summary)).toEqual([
      "Root value must be object",
    ]);
  });

  it("accepts and refuses the same texts as the value reader", () => {
    const piece = fc.constantFrom(
      "{",
      "}",
      "[",
      "]",
      ",",
      ":",
      " ",
      "\n",
      "\t",
      '"a"',
      '"b\\n"',
      '"\\q"',
      '"',
      "1",
      "-0.5e3",
      "01",
      "1.",
      "+1",
      "true",
      "tru",
      "null",
      "NaN",
      "=",
      "#",
      "é",
      "\\u00e9",
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 14 }), (parts) => {
        const src = parts.join("");
        const value = parseJSONValue(src, "f.json");
        const node = parseJSONNode(src, "f.json");
        // Repeated names are an error of the value only (a body may repeat a block type).
        const duplicate = value.diagnostics.some((d) => d.summary === "Duplicate object attribute");
        if (!duplicate) expect(hasErrors(value.diagnostics)).toBe(hasErrors(node.diagnostics));
        if (hasErrors(node.diagnostics)) expect(value.diagnostics).toEqual(node.diagnostics);
      }),
      { numRuns: 3000 },
    );
  });
});
