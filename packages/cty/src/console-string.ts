// The `tofu console` rendering of a value (OpenTofu's internal/repl FormatValue).
//
// Large values (tens of thousands of objects) are rendered into one growing text; per-type work (quoted attribute names with their indentation) is cached, so an object
// costs little more than its own attribute values.

import { goQuote } from "@tofukit/gostd";
import { CtyError, MAX_DEPTH } from "./errors.js";
import { friendlyName } from "./friendly-name.js";
import { EPHEMERAL, SENSITIVE } from "./marks.js";
import { TextBuilder } from "./text-builder.js";
import type { ObjectType } from "./type.js";
import { marksInUse, marksOf, type Value } from "./value.js";

/** `value` as `tofu console` prints it: typed nulls, heredocs, `tolist(…)`, sorted keys. */
export function consoleString(value: Value): string {
  const out = new TextBuilder();
  format(value, 0, out);
  return out.text;
}

/**
 * consoleString's text handed to `write` in pieces of a few kilobytes as it is rendered, for
 * writing a large value out without holding its whole rendering in memory. The pieces joined
 * are exactly consoleString(value).
 */
export function writeConsoleString(value: Value, write: (chunk: string) => void): void {
  const out = new TextBuilder(write);
  format(value, 0, out);
  out.end();
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
function heredoc(s: string, indent: number): string {
  const lines = s.split("\n");
  let delimiter = "EOT";
  while (lines.some((l) => goTrimSpace(l) === delimiter)) delimiter += "_";
  const pad = " ".repeat(indent);
  let out = (indent > 0 ? "<<-" : "<<") + delimiter;
  for (const line of lines) out += `\n${pad}${line}`;
  return `${out}\n${pad}${delimiter}`;
}

function stringLiteral(s: string, indent: number): string {
  return s.indexOf("\n") < 0 ? goQuote(s) : heredoc(s, indent);
}

/** Per indent: the strings around an indented block, each built once. */
interface Pads {
  /** A newline and the indent: the start of a line. */
  readonly line: string;
  /** `[` or `{` ending a line whose contents are indented this much. */
  readonly openSequence: string;
  /** `,` ending an element line and the next element's line start. */
  readonly nextElement: string;
  /** `,` ending the last element line, then the closing `]` one level out. */
  readonly closeSequence: string;
  /** The closing `}` one level out. */
  readonly closeMapping: string;
}

/** Pads per inner indent (the indent of the contents of a block). */
const padsByIndent: Pads[] = [];

function padsFor(inner: number): Pads {
  let p = padsByIndent[inner];
  if (p === undefined) {
    const line = `\n${" ".repeat(inner)}`;
    const outer = `\n${" ".repeat(inner - 2)}`;
    p = {
      line,
      openSequence: `[${line}`,
      nextElement: `,${line}`,
      closeSequence: `,${outer}]`,
      closeMapping: `${outer}}`,
    };
    padsByIndent[inner] = p;
  }
  return p;
}

/**
 * Per object type and indent: each attribute's line start (`\n  "name" = `), the first one
 * with the opening `{`. Object values of one type share these strings instead of quoting
 * their names again. A type is only remembered here (as null) the first time it is seen and
 * gets its strings the second time: object literals straight from HCL each have a type of
 * their own, for which building them would be wasted work.
 */
const attributeLeads = new WeakMap<ObjectType, (readonly string[] | null | undefined)[]>();

function leadsFor(type: ObjectType, inner: number): readonly string[] | null {
  let byIndent = attributeLeads.get(type);
  if (byIndent === undefined) {
    byIndent = [];
    attributeLeads.set(type, byIndent);
  }
  const leads = byIndent[inner];
  if (leads === undefined) {
    byIndent[inner] = null;
    return null;
  }
  if (leads !== null) return leads;
  const line = padsFor(inner).line;
  const built = type.attributeNames.map(
    (k, i) => `${i === 0 ? "{" : ""}${line}${stringLiteral(k, inner)} = `,
  );
  byIndent[inner] = built;
  return built;
}

function format(v: Value, indent: number, out: TextBuilder): void {
  if (indent / 2 > MAX_DEPTH)
    throw new CtyError("TOFUKIT_CTY_TOO_DEEP", `value nesting is deeper than ${MAX_DEPTH} levels`);
  if (!v.isKnown) {
    out.push("(known after apply)");
    return;
  }
  // `tofu console` hides sensitive and ephemeral values, at any depth.
  if (marksInUse()) {
    const marks = marksOf(v);
    if (marks.has(SENSITIVE)) {
      out.push("(sensitive value)");
      return;
    }
    if (marks.has(EPHEMERAL)) {
      out.push("(ephemeral value)");
      return;
    }
  }
  if (v.isNull) {
    out.push(nullString(v));
    return;
  }
  const type = v.type;
  switch (type.kind) {
    case "string":
      out.push(stringLiteral(v.asString(), indent));
      return;
    case "number":
      out.push(v.asNumber().toString());
      return;
    case "bool":
      out.push(v.asBool() ? "true" : "false");
      return;
    case "object":
      objectMapping(v, type, indent, out);
      return;
    case "map":
      out.push("tomap(");
      mapMapping(v, indent, out);
      out.push(")");
      return;
    case "tuple":
      sequence(v, indent, out);
      return;
    case "list":
      out.push("tolist(");
      sequence(v, indent, out);
      out.push(")");
      return;
    case "set":
      out.push("toset(");
      sequence(v, indent, out);
      out.push(")");
      return;
    default:
      out.push("null");
  }
}

function objectMapping(v: Value, type: ObjectType, indent: number, out: TextBuilder): void {
  const values = v.entryValues();
  if (values.length === 0) {
    out.push("{}");
    return;
  }
  const inner = indent + 2;
  // An object value has exactly its type's attributes, in the same (UTF-8) order.
  const leads = leadsFor(type, inner);
  if (leads === null) {
    mapping(type.attributeNames, values, inner, out);
    return;
  }
  for (let i = 0; i < values.length; i++) {
    out.push(leads[i]!);
    format(values[i]!, inner, out);
  }
  out.push(padsFor(inner).closeMapping);
}

function mapMapping(v: Value, indent: number, out: TextBuilder): void {
  const keys = v.entryKeys();
  if (keys.length === 0) {
    out.push("{}");
    return;
  }
  mapping(keys, v.entryValues(), indent + 2, out);
}

/**
 * Per indent: recently used keys' line starts (`\n  "key" = `). The same few attribute names
 * recur in every object literal of a list; one string per line start instead of three keeps
 * the text's rope small. Bounded, since map keys may all differ.
 */
const keyLeads: Map<string, string>[] = [];
const KEY_LEADS = 1024;

function keyLead(key: string, inner: number): string {
  let leads = keyLeads[inner];
  if (leads === undefined) {
    leads = new Map();
    keyLeads[inner] = leads;
  }
  let lead = leads.get(key);
  if (lead === undefined) {
    lead = `${padsFor(inner).line}${stringLiteral(key, inner)} = `;
    if (leads.size >= KEY_LEADS) leads.clear();
    leads.set(key, lead);
  }
  return lead;
}

/** `{ "key" = value … }`, its contents indented by `inner`. */
function mapping(keys: readonly string[], values: readonly Value[], inner: number, out: TextBuilder): void {
  out.push("{");
  for (let i = 0; i < keys.length; i++) {
    out.push(keyLead(keys[i]!, inner));
    format(values[i]!, inner, out);
  }
  out.push(padsFor(inner).closeMapping);
}

function sequence(v: Value, indent: number, out: TextBuilder): void {
  const elems = v.elements();
  if (elems.length === 0) {
    out.push("[]");
    return;
  }
  const inner = indent + 2;
  const pads = padsFor(inner);
  for (let i = 0; i < elems.length; i++) {
    out.push(i === 0 ? pads.openSequence : pads.nextElement);
    format(elems[i]!, inner, out);
  }
  out.push(pads.closeSequence);
}
