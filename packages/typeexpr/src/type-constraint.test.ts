import { t, typeEquals, typeToJSON } from "@tofukit/cty";
import { describe, expect, it } from "vitest";
import { parseTypeConstraint, TypeExprError, typeString } from "./index.js";

/** The first diagnostic of a rejected constraint: summary, detail and 1-based columns [start, end). */
function rejection(src: string): [string, string, number, number] {
  try {
    parseTypeConstraint(src);
  } catch (e) {
    expect(e).toBeInstanceOf(TypeExprError);
    const d = (e as TypeExprError).diagnostics[0];
    if (d === undefined) throw new Error("no diagnostic");
    return [d.summary, d.detail, d.subject?.start.column ?? 0, d.subject?.end.column ?? 0];
  }
  throw new Error(`${src} was accepted`);
}

const INVALID = "Invalid type specification";

describe("parseTypeConstraint accepts", () => {
  it.each([
    ["string", "string"],
    ["number", "number"],
    ["bool", "bool"],
    ["any", "any"],
    ["list(string)", "list(string)"],
    ["set(number)", "set(number)"],
    ["map(any)", "map(any)"],
    ["tuple([string, number])", "tuple([string,number])"],
    ["tuple([])", "tuple([])"],
    ["object({b = number, a = string})", "object({a=string,b=number})"],
    ["object({a-b: string\n c = bool,})", "object({a-b=string,c=bool})"],
    ["list(string...)", "list(string)"],
    ["object({if = string, null = bool, true = number})", "object({if=string,null=bool,true=number})"],
  ])("%j as %s", (src, want) => {
    expect(typeString(parseTypeConstraint(src).type)).toBe(want);
  });

  it("reads the legacy bare keywords list and map at the top level only", () => {
    expect(typeEquals(parseTypeConstraint("list").type, t.list(t.dynamic))).toBe(true);
    expect(typeString(parseTypeConstraint("map").type)).toBe("map(any)");
    expect(rejection("list(map)")).toEqual([
      INVALID,
      "The map type constructor requires one argument specifying the element type.",
      6,
      9,
    ]);
    expect(rejection("set")).toEqual([
      INVALID,
      "The set type constructor requires one argument specifying the element type.",
      1,
      4,
    ]);
  });

  it("marks optional attributes in the cty JSON type", () => {
    const { type, defaults } = parseTypeConstraint(
      'list(object({a = optional(string, "x"), b = optional(number), c = bool}))',
    );
    expect(typeToJSON(type)).toEqual([
      "list",
      ["object", { a: "string", b: "number", c: "bool" }, ["a", "b"]],
    ]);
    expect(defaults).not.toBeNull();
  });

  it("returns no defaults when no attribute has one", () => {
    expect(parseTypeConstraint("object({a = optional(string)})").defaults).toBeNull();
  });
});

describe("parseTypeConstraint rejects, with the reference's diagnostics", () => {
  it.each<[string, string, string, number, number]>([
    [
      "list(string, number)",
      INVALID,
      "The list type constructor requires one argument specifying the element type.",
      14,
      20,
    ],
    ["map()", INVALID, "The map type constructor requires one argument specifying the element type.", 4, 6],
    ["string()", INVALID, 'Primitive type keyword "string" does not expect arguments.', 7, 9],
    ["any(1)", INVALID, 'Type constraint keyword "any" does not expect arguments.', 4, 7],
    ['object({"a"=string})', INVALID, "Object constructor map keys must be attribute names.", 9, 12],
    ["object({(a)=string})", INVALID, "Object constructor map keys must be attribute names.", 9, 12],
    ["object({a=string, a=number})", INVALID, "Object constructor map keys must be unique.", 19, 20],
    [
      "optional(string)",
      INVALID,
      'Keyword "optional" is valid only as a modifier for object type attributes.',
      1,
      9,
    ],
    [
      "list(optional(string))",
      INVALID,
      'Keyword "optional" is valid only as a modifier for object type attributes.',
      6,
      14,
    ],
    [
      "object({a=optional()})",
      INVALID,
      "Optional attribute modifier requires the attribute type as its argument.",
      19,
      21,
    ],
    [
      'object({a=optional(string, "x", "y")})',
      INVALID,
      "Optional attribute modifier expects at most two arguments: the attribute type, and a default value.",
      19,
      37,
    ],
    ["tuple(string)", INVALID, "Tuple type constructor requires a list of element types.", 7, 13],
    [
      "object(string)",
      INVALID,
      "Object type constructor requires a map whose keys are attribute names and whose values are the corresponding attribute types.",
      8,
      14,
    ],
    ["foo(string)", INVALID, 'Keyword "foo" is not a valid type constructor.', 1, 12],
    ["String", INVALID, 'The keyword "String" is not a valid type specification.', 1, 7],
    ["null", INVALID, 'The keyword "null" is not a valid type specification.', 1, 5],
    [
      "list(string)[0]",
      INVALID,
      "A type specification is either a primitive type keyword (bool, number, string) or a complex type constructor call, like list(string).",
      1,
      16,
    ],
    [
      '"string"',
      "Invalid quoted type constraints",
      'OpenTofu 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of OpenTofu. Remove the quotes around "string".',
      1,
      9,
    ],
    [
      '"map"',
      "Invalid quoted type constraints",
      'OpenTofu 0.11 and earlier required type constraints to be given in quotes, but that form is now deprecated and will be removed in a future version of OpenTofu. Remove the quotes around "map" and write map(string) instead to explicitly indicate that the map elements are strings.',
      1,
      6,
    ],
    [
      '"list(string)"',
      "Invalid legacy variable type hint",
      "To provide a full type expression, remove the surrounding quotes and give the type expression directly.",
      1,
      15,
    ],
    [
      "object({a = optional(string, var.x)})",
      "Variables not allowed",
      "Variables may not be used here.",
      30,
      33,
    ],
    [
      'object({a = optional(string, upper("x"))})',
      "Function calls not allowed",
      "Functions may not be called here.",
      30,
      40,
    ],
  ])("%j", (src, summary, detail, start, end) => {
    expect(rejection(src)).toEqual([summary, detail, start, end]);
  });

  it("reports every bad attribute, not just the first", () => {
    try {
      parseTypeConstraint("object({a = foo, b = bar(1), c = string})");
      expect.unreachable();
    } catch (e) {
      expect((e as TypeExprError).diagnostics.map((d) => d.detail)).toEqual([
        'The keyword "foo" is not a valid type specification.',
        'Keyword "bar" is not a valid type constructor.',
      ]);
      expect((e as TypeExprError).code).toBe("TOFUKIT_TYPEEXPR_INVALID");
    }
  });

  it("rejects text that is not HCL with a syntax code", () => {
    try {
      parseTypeConstraint("list(string");
      expect.unreachable();
    } catch (e) {
      expect((e as TypeExprError).code).toBe("TOFUKIT_TYPEEXPR_SYNTAX");
      expect((e as TypeExprError).diagnostics[0]?.summary).toBe("Unterminated function call");
    }
  });
});
