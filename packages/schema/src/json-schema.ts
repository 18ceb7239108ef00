// The JSON Schema (draft 2020-12) of the JSON values a `.tfvars.json` file may give a variable
// of a type constraint: what OpenTofu accepts there, after cty's unsafe conversions.
//
// A `.tfvars.json` value reaches the variable as hcl's JSON decoder makes it (objects, tuples,
// numbers, strings, bools, null; strings are literal, never templates, because OpenTofu reads
// tfvars with no evaluation context), then optional-attribute defaults are applied and the value
// is converted to the constraint's type. The schema reproduces that acceptance:
// - string: a string, a number (formatted) or a bool ("true"/"false") converts;
// - number: a number, or a string that big.ParseFloat(s, 10, 512) reads (NUMBER_SYNTAX);
// - bool: a bool, or exactly "true", "1", "false", "0" (cty's string → bool);
// - list and set: an array whose every element converts; map: an object whose every property
//   value converts; tuple: an array of exactly its length, element by element;
// - object: an object with every non-optional attribute present; other properties are
//   accepted and dropped, as cty's object conversion drops them;
// - null converts to every type, at every depth (the variable's own `nullable` is the
//   module-level schema's business).
// Defaults never change what converts (they are converted to their attribute's type when the
// constraint is read), so they appear only as `default` annotations.
//
// Two places where JSON Schema cannot follow cty, both answered with a superset that never
// rejects an accepted value: `any` accepts every JSON value (cty unifies the elements of
// `list(any)`, `map(any)`, … to one type, which a schema cannot express); and a number string
// whose binary exponent falls outside Go's int32 range (exponents of about ±646 million
// decimal digits or more) matches NUMBER_SYNTAX but is refused by OpenTofu.

import type { Defaults } from "@tofukit/convert";
import type { ObjectType, Type } from "@tofukit/cty";
import { type JsonData, jsonDataOf, setProperty } from "./json-data.js";

/** A JSON Schema: `true`/`false` or an object of keywords (plain JSON data, ready to stringify). */
export type JsonSchema = boolean | JsonSchemaObject;
/** A JSON Schema object: keywords to plain JSON data. */
export interface JsonSchemaObject {
  readonly [keyword: string]: JsonData;
}

/** The draft the schemas are written in, as their `$schema`. */
export const JSON_SCHEMA_DRAFT = "https://json-schema.org/draft/2020-12/schema";

/**
 * The strings cty's string → number conversion accepts: Go's big.ParseFloat in base 10 (an
 * optional sign, digits with at most one point, an optional `e`/`E` decimal or `p`/`P` binary
 * exponent, or `Inf`/`inf`; no spaces, underscores or base prefixes).
 */
export const NUMBER_SYNTAX = "^[+-]?(?:Inf|inf|(?:[0-9]+(?:\\.[0-9]*)?|\\.[0-9]+)(?:[eEpP][+-]?[0-9]+)?)$";

const STRING: JsonSchemaObject = Object.freeze({ type: ["string", "number", "boolean", "null"] });
const NUMBER: JsonSchemaObject = Object.freeze({
  type: ["number", "string", "null"],
  pattern: NUMBER_SYNTAX,
});
const BOOL: JsonSchemaObject = Object.freeze({ enum: [true, false, "true", "false", "1", "0", null] });

/**
 * The JSON Schema (draft 2020-12) of the `.tfvars.json` values OpenTofu accepts for a variable
 * of `type`: exact for types without `any`, a documented superset where `any` occurs. With
 * `defaults`, optional attributes carry their default as a `default` annotation.
 */
export function jsonSchemaOf(type: Type, defaults?: Defaults | null): JsonSchemaObject {
  const body = schemaOf(type, defaults ?? undefined);
  return { $schema: JSON_SCHEMA_DRAFT, ...(typeof body === "boolean" ? {} : body) };
}

/** The schema of one type, without `$schema` (true for `any`). */
export function schemaOf(type: Type, defaults: Defaults | undefined): JsonSchema {
  switch (type.kind) {
    case "string":
      return STRING;
    case "number":
      return NUMBER;
    case "bool":
      return BOOL;
    case "dynamic":
      return true;
    case "list":
    case "set":
      return { type: ["array", "null"], items: schemaOf(type.element, defaults?.children.get("")) };
    case "map":
      return {
        type: ["object", "null"],
        additionalProperties: schemaOf(type.element, defaults?.children.get("")),
      };
    case "tuple": {
      const n = type.elements.length;
      const items = type.elements.map((e, i) => schemaOf(e, defaults?.children.get(String(i))));
      return n === 0
        ? { type: ["array", "null"], maxItems: 0 }
        : { type: ["array", "null"], prefixItems: items, items: false, minItems: n };
    }
    case "object":
      return objectSchema(type, defaults);
  }
}

function objectSchema(type: ObjectType, defaults: Defaults | undefined): JsonSchemaObject {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (let i = 0; i < type.attributeNames.length; i++) {
    const name = type.attributeNames[i]!;
    const attr = schemaOf(type.attributeTypes[i]!, defaults?.children.get(name));
    const given = defaults?.defaultValues.get(name);
    setProperty(properties, name, given === undefined ? attr : withDefault(attr, jsonDataOf(given)));
    if (!type.optional.has(name)) required.push(name);
  }
  const out: Record<string, JsonData> = { type: ["object", "null"] };
  if (required.length > 0 || type.attributeNames.length > 0) out.properties = properties;
  if (required.length > 0) out.required = required;
  return out;
}

/** `schema` with a `default` annotation (`any` becomes `{}` to carry it). */
function withDefault(schema: JsonSchema, value: JsonData): JsonSchemaObject {
  return { ...(typeof schema === "boolean" ? {} : schema), default: value };
}
