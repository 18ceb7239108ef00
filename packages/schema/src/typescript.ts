// TypeScript types of the JSON values a `.tfvars.json` may give a variable of a type constraint:
// the same acceptance as jsonSchemaOf, as far as TypeScript's types can say it.
//
// - string: `string | number | boolean` (cty converts numbers and bools to strings);
// - number: `number | string`. Every number, not only large ones: a JavaScript number is a
//   double, so an exact decimal beyond its precision (integers past 2^53, more than 17
//   significant digits, exponents past ±308) can only be given as a string, and cty reads
//   numbers from strings. TypeScript cannot check a string's syntax, so any string passes;
// - bool: `boolean | "true" | "false" | "1" | "0"`;
// - list and set: `readonly T[]`; map: `{ readonly [key: string]: T }`; tuple: `readonly [A, B]`;
// - object: its attributes, optional ones with `?`, and an index signature of `unknown`:
//   OpenTofu accepts attributes the type lacks (and drops them);
// - `| null` at every depth, as cty converts null to every type; `any` is `unknown`.

import type { Defaults } from "@tofukit/convert";
import type { ObjectType, Type } from "@tofukit/cty";
import { jsonDataOf } from "./json-data.js";

/** The TypeScript type (an expression, multi-line for objects) of the values `type` accepts. */
export function typeScriptOf(type: Type, defaults?: Defaults | null): string {
  return typeText(type, defaults ?? undefined, "", true);
}

/** The type text at `indent`; `nullable` adds `| null` at the top. */
export function typeText(
  type: Type,
  defaults: Defaults | undefined,
  indent: string,
  nullable: boolean,
): string {
  const text = bareType(type, defaults, indent);
  if (!nullable || type.kind === "dynamic") return text;
  return `${text} | null`;
}

function bareType(type: Type, defaults: Defaults | undefined, indent: string): string {
  switch (type.kind) {
    case "string":
      return "string | number | boolean";
    case "number":
      return "number | string";
    case "bool":
      return 'boolean | "true" | "false" | "1" | "0"';
    case "dynamic":
      return "unknown";
    case "list":
    case "set":
      return `readonly (${typeText(type.element, defaults?.children.get(""), indent, true)})[]`;
    case "map":
      return `{ readonly [key: string]: ${typeText(type.element, defaults?.children.get(""), indent, true)} }`;
    case "tuple":
      return `readonly [${type.elements.map((e, i) => typeText(e, defaults?.children.get(String(i)), indent, true)).join(", ")}]`;
    case "object":
      return objectType(type, defaults, indent);
  }
}

function objectType(type: ObjectType, defaults: Defaults | undefined, indent: string): string {
  const inner = `${indent}  `;
  let out = "{\n";
  for (let i = 0; i < type.attributeNames.length; i++) {
    const name = type.attributeNames[i]!;
    const given = defaults?.defaultValues.get(name);
    if (given !== undefined) out += docComment([`@default ${JSON.stringify(jsonDataOf(given))}`], inner);
    const mark = type.optional.has(name) ? "?" : "";
    const attr = typeText(type.attributeTypes[i]!, defaults?.children.get(name), inner, true);
    out += `${inner}readonly ${propertyName(name)}${mark}: ${attr};\n`;
  }
  // Attributes the type lacks are accepted and dropped.
  out += `${inner}readonly [attribute: string]: unknown;\n`;
  return `${out}${indent}}`;
}

const IDENTIFIER = /^[A-Za-z_$][A-Za-z0-9_$]*$/;

/** A property name as TypeScript writes it: bare when it is an identifier, else quoted. */
export function propertyName(name: string): string {
  return IDENTIFIER.test(name) ? name : JSON.stringify(name);
}

/** A doc comment of these lines at `indent` (`*\/` inside made harmless). */
export function docComment(lines: readonly string[], indent: string): string {
  const body = lines.flatMap((l) => l.split(/\r?\n/)).map((l) => l.replaceAll("*/", "*\\/"));
  if (body.length === 1) return `${indent}/** ${body[0]} */\n`;
  return `${indent}/**\n${body.map((l) => `${indent} *${l === "" ? "" : ` ${l}`}\n`).join("")}${indent} */\n`;
}
