import { type Type, t, typeEquals } from "@tofukit/cty";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { parseTypeConstraint, TypeExprError, typeString } from "../src/index.js";

const attrName = fc
  .stringMatching(/^[a-z_][a-z0-9_-]{0,5}$/)
  // `for` as the first key would start a for expression instead of an object.
  .filter((s) => s !== "for");

const typeArb: fc.Arbitrary<Type> = fc.letrec<{ type: Type }>((tie) => ({
  type: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    fc.constantFrom(t.string, t.number, t.bool, t.dynamic),
    tie("type").map((e) => t.list(e)),
    tie("type").map((e) => t.set(e)),
    tie("type").map((e) => t.map(e)),
    fc.array(tie("type"), { maxLength: 3 }).map((es) => t.tuple(es)),
    fc.dictionary(attrName, tie("type"), { maxKeys: 3 }).map((attrs) => t.object(attrs)),
  ),
})).type;

/** Pieces that type constraints and HCL are made of, to build plausible broken input. */
const piece = fc.constantFrom(
  "list(",
  "map(",
  "set(",
  "tuple([",
  "object({",
  "optional(",
  ")",
  "])",
  "})",
  "[",
  "]",
  "{",
  "}",
  "(",
  ",",
  "=",
  ":",
  "string",
  "number",
  "bool",
  "any",
  " ",
  "\n",
  '"',
  "${",
  "%{",
  "<<EOT\n",
  "EOT\n",
  "a",
  "1",
  "-",
  "...",
  "#",
  "/*",
  "*/",
  "?",
  "null",
  "for",
  "in",
  "\\",
  "é",
  "\t",
);

function onlyTypedErrors(src: string): void {
  try {
    parseTypeConstraint(src);
  } catch (e) {
    if (!(e instanceof TypeExprError)) throw e;
    expect(e.diagnostics.length).toBeGreaterThan(0);
  }
}

describe("parseTypeConstraint properties", () => {
  it("reads back every type from its type string", () => {
    fc.assert(
      fc.property(typeArb, (type) => {
        expect(typeEquals(parseTypeConstraint(typeString(type)).type, type)).toBe(true);
      }),
      { numRuns: 300 },
    );
  }, 60_000);

  it("throws nothing but TypeExprError on random text", () => {
    fc.assert(fc.property(fc.string({ maxLength: 60 }), onlyTypedErrors), { numRuns: 300 });
    fc.assert(
      fc.property(
        fc.array(piece, { maxLength: 40 }).map((ps) => ps.join("")),
        onlyTypedErrors,
      ),
      { numRuns: 500 },
    );
  }, 60_000);

  it("accepts a thousand levels of nesting", () => {
    const src = `${"list(".repeat(1000)}string${")".repeat(1000)}`;
    expect(parseTypeConstraint(src).type.kind).toBe("list");
  });

  it("rejects deeper nesting with a diagnostic, not a crash", () => {
    expect(() => parseTypeConstraint(`${"list(".repeat(1090)}string${")".repeat(1090)}`)).toThrow(
      TypeExprError,
    );
    for (const [open, close] of [
      ["list(", ")"],
      ["object({a = ", "})"],
      ["tuple([", "])"],
      ["(", ")"],
    ] as const) {
      const src = `${open.repeat(20000)}string${close.repeat(20000)}`;
      expect(() => parseTypeConstraint(src)).toThrow(TypeExprError);
    }
  }, 60_000);
});
