// The `tofu console` rendering of a value (OpenTofu's internal/repl FormatValue).

import { CtyError, MAX_DEPTH } from "./errors.js";
import { friendlyName } from "./friendly-name.js";
import { goQuote } from "./go-quote.js";
import type { Value } from "./value.js";

/** `value` as `tofu console` prints it: typed nulls, heredocs, `tolist(…)`, sorted keys. */
export function consoleString(value: Value): string {
  return format(value, 0);
}

function nullString(v: Value): string {
  const type = v.type;
  switch (type.kind) {
    case "dynamic":
      return "null";
    case "string":
      return "tostring(null)";
    case "number":
      return "tonumber(null)";
    case "bool":
      return "tobool(null)";
    case "list":
      return `tolist(null) /* of ${friendlyName(type.element)} */`;
    case "set":
      return `toset(null) /* of ${friendlyName(type.element)} */`;
    case "map":
      return `tomap(null) /* of ${friendlyName(type.element)} */`;
    default:
      return `null /* ${friendlyName(type)} */`;
  }
}

// Go's unicode.IsSpace set, which strings.TrimSpace trims (JS trim() differs on U+0085, U+FEFF).
const GO_SPACE = "[\\t\\n\\v\\f\\r \\u0085\\u00a0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
const GO_TRIM = new RegExp(`^${GO_SPACE}+|${GO_SPACE}+$`, "g");

function goTrimSpace(s: string): string {
  return s.replace(GO_TRIM, "");
}

/** Strings with a newline become heredocs; the delimiter grows `_` while a line equals it. */
function heredoc(s: string, indent: number): string | null {
  const lines = s.split("\n");
  if (lines.length < 2) return null;
  let delimiter = "EOT";
  while (lines.some((l) => goTrimSpace(l) === delimiter)) delimiter += "_";
  const pad = " ".repeat(indent);
  let out = (indent > 0 ? "<<-" : "<<") + delimiter;
  for (const line of lines) out += `\n${pad}${line}`;
  return `${out}\n${pad}${delimiter}`;
}

function stringLiteral(s: string, indent: number): string {
  return heredoc(s, indent) ?? goQuote(s);
}

function format(v: Value, indent: number): string {
  if (indent / 2 > MAX_DEPTH)
    throw new CtyError("TOFUKIT_CTY_TOO_DEEP", `value nesting is deeper than ${MAX_DEPTH} levels`);
  if (!v.isKnown) return "(known after apply)";
  if (v.isNull) return nullString(v);
  switch (v.type.kind) {
    case "string":
      return stringLiteral(v.asString(), indent);
    case "number":
      return v.asNumber().toString();
    case "bool":
      return v.asBool() ? "true" : "false";
    case "object":
      return mapping(v, indent);
    case "map":
      return `tomap(${mapping(v, indent)})`;
    case "tuple":
      return sequence(v, indent);
    case "list":
      return `tolist(${sequence(v, indent)})`;
    case "set":
      return `toset(${sequence(v, indent)})`;
    default:
      return "null";
  }
}

function mapping(v: Value, indent: number): string {
  const attrs = v.attributes();
  if (attrs.size === 0) return "{}";
  const inner = indent + 2;
  const pad = " ".repeat(inner);
  let out = "{";
  for (const [k, e] of attrs) out += `\n${pad}${stringLiteral(k, inner)} = ${format(e, inner)}`;
  return `${out}\n${" ".repeat(indent)}}`;
}

function sequence(v: Value, indent: number): string {
  const elems = v.elements();
  if (elems.length === 0) return "[]";
  const inner = indent + 2;
  const pad = " ".repeat(inner);
  let out = "[";
  for (const e of elems) out += `\n${pad}${format(e, inner)},`;
  return `${out}\n${" ".repeat(indent)}]`;
}
