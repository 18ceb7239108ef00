// cty values as JSON text, as jsonencode writes them (cty/json Marshal): exact numbers, keys in
// cty's order, and strings escaped as Go's encoding/json does (`<`, `>`, `&`, U+2028 and U+2029
// as \u escapes, \b \f \n \r \t short, other controls as \u00XX).
import { FunctionError, MAX_DEPTH, type Type, type Value } from "@tofukit/cty";

const HEX = "0123456789abcdef";

function needsEscape(c: number): boolean {
  return (
    c < 0x20 ||
    c === 0x22 ||
    c === 0x5c ||
    c === 0x3c ||
    c === 0x3e ||
    c === 0x26 ||
    c === 0x2028 ||
    c === 0x2029
  );
}

/** A string as Go's json.Marshal writes it. */
export function goJsonString(s: string): string {
  let start = 0;
  let out = '"';
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    if (!needsEscape(c)) continue;
    out += s.slice(start, i);
    start = i + 1;
    switch (c) {
      case 0x22:
        out += '\\"';
        break;
      case 0x5c:
        out += "\\\\";
        break;
      case 0x08:
        out += "\\b";
        break;
      case 0x0c:
        out += "\\f";
        break;
      case 0x0a:
        out += "\\n";
        break;
      case 0x0d:
        out += "\\r";
        break;
      case 0x09:
        out += "\\t";
        break;
      default:
        out += `\\u${HEX[c >> 12]}${HEX[(c >> 8) & 15]}${HEX[(c >> 4) & 15]}${HEX[c & 15]}`;
    }
  }
  return `${out}${s.slice(start)}"`;
}

function typeJSON(type: Type): string {
  return type.key;
}

function write(v: Value, type: Type, out: string[], depth: number): void {
  if (depth > MAX_DEPTH) throw new FunctionError(`value nesting is deeper than ${MAX_DEPTH} levels`);
  if (type.kind === "dynamic" && v.type.kind !== "dynamic") {
    out.push('{"value":');
    write(v, v.type, out, depth + 1);
    out.push(`,"type":${typeJSON(v.type)}}`);
    return;
  }
  if (v.isNull) {
    out.push("null");
    return;
  }
  switch (v.type.kind) {
    case "string":
      out.push(goJsonString(v.asString()));
      return;
    case "number": {
      const n = v.asNumber();
      if (n.infinite) throw new FunctionError("cannot serialize infinity as JSON");
      out.push(n.toString());
      return;
    }
    case "bool":
      out.push(v.asBool() ? "true" : "false");
      return;
    case "list":
    case "set":
    case "tuple": {
      out.push("[");
      const elems = v.elements();
      for (let i = 0; i < elems.length; i++) {
        if (i > 0) out.push(",");
        const e = elems[i]!;
        write(
          e,
          type.kind === "tuple"
            ? type.elements[i]!
            : type.kind === "dynamic"
              ? e.type
              : (type as { element: Type }).element,
          out,
          depth + 1,
        );
      }
      out.push("]");
      return;
    }
    case "map":
    case "object": {
      out.push("{");
      const keys = v.entryKeys();
      const values = v.entryValues();
      for (let i = 0; i < keys.length; i++) {
        if (i > 0) out.push(",");
        out.push(goJsonString(keys[i]!), ":");
        const e = values[i]!;
        const et =
          type.kind === "object"
            ? (type.attributes.get(keys[i]!) ?? e.type)
            : type.kind === "map"
              ? type.element
              : e.type;
        write(e, et, out, depth + 1);
      }
      out.push("}");
      return;
    }
    default:
      throw new FunctionError("value of type dynamic cannot be encoded");
  }
}

/** jsonencode's text for a wholly known value. */
export function jsonEncode(v: Value): string {
  if (v.isNull) return "null";
  const out: string[] = [];
  write(v, v.type, out, 0);
  return out.join("");
}
