// The optional-attribute defaults of a type constraint, one line each, as a path into the value
// and the default `tofu console` would show there: `[*].website.index_document = "index.html"`.
import type { Defaults } from "@tofukit/convert";
import { compareStrings, consoleString } from "@tofukit/cty";

/** The lines of every default in the tree, parents before children, attributes by name. */
export function defaultsLines(defaults: Defaults): string[] {
  const lines: string[] = [];
  walk(defaults, "", lines);
  return lines;
}

function walk(node: Defaults, at: string, lines: string[]): void {
  for (const name of [...node.defaultValues.keys()].sort(compareStrings)) {
    lines.push(`${at}.${name} = ${consoleString(node.defaultValues.get(name)!)}`);
  }
  for (const key of [...node.children.keys()].sort(compareStrings)) {
    walk(node.children.get(key)!, at + step(node, key), lines);
  }
}

/** A child's key as a path step: `[*]` for the elements of a collection, `[0]` in a tuple, `.a` in an object. */
function step(node: Defaults, key: string): string {
  switch (node.type.kind) {
    case "object":
      return `.${key}`;
    case "tuple":
      return `[${key}]`;
    default:
      return "[*]";
  }
}
