// A type's canonical string, as typeexpr.TypeString prints it: `object({a=string,b=number})`.
import type { Type } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";

const IDENTIFIER = /^[\p{ID_Start}_][\p{ID_Continue}-]*$/u;

/**
 * The type as type-constraint syntax, without spaces. Object attributes are sorted by name, and
 * names that are not valid HCL identifiers are Go-quoted. Optional-attribute markers and defaults
 * are not printed (`object({a=optional(string)})` prints `object({a=string})`).
 */
export function typeString(type: Type): string {
  switch (type.kind) {
    case "string":
    case "number":
    case "bool":
      return type.kind;
    case "dynamic":
      return "any";
    case "list":
    case "set":
    case "map":
      return `${type.kind}(${typeString(type.element)})`;
    case "tuple":
      return `tuple([${type.elements.map(typeString).join(",")}])`;
    case "object": {
      const parts: string[] = [];
      for (const name of type.attributeNames) {
        const attr = type.attributes.get(name) as Type;
        parts.push(`${IDENTIFIER.test(name) ? name : goQuote(name)}=${typeString(attr)}`);
      }
      return `object({${parts.join(",")}})`;
    }
  }
}
