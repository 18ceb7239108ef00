// cty JSON values (`cty/json.Marshal` / `Unmarshal`), both ways, numbers exact.

import { isLosslessNumber, parse as parseLossless } from "lossless-json";
import { CtyError, MAX_DEPTH } from "./errors.js";
import { friendlyName } from "./friendly-name.js";
import { CtyNumber } from "./number.js";
import type { ObjectType, Type } from "./type.js";
import { typeFromJSON } from "./type-json.js";
import {
  boolVal,
  listVal,
  mapVal,
  nullVal,
  numberVal,
  objectValSorted,
  setVal,
  stringVal,
  tupleVal,
  type Value,
} from "./value.js";

function fail(path: string, message: string): never {
  throw new CtyError("TOFUKIT_CTY_VALUE_JSON", path === "" ? message : `${path}: ${message}`);
}

/** Numbers in parsed JSON: lossless-json's LosslessNumber, a bigint, or a (lossy) JS number. */
function numberText(data: unknown): string | null {
  if (isLosslessNumber(data)) return data.value;
  if (typeof data === "bigint") return data.toString();
  if (typeof data === "number" && Number.isFinite(data)) return String(data);
  return null;
}

export interface ValueFromJSONOptions {
  /** Treat a string `json` as already-parsed data (a JSON string value), not as JSON text. */
  readonly parsed?: boolean;
}

/**
 * Decodes a cty JSON value of the given type. `json` is JSON text (parsed losslessly, so
 * numbers keep every digit) or already-parsed data whose numbers are lossless-json
 * LosslessNumbers or bigints. Throws CtyError (`TOFUKIT_CTY_VALUE_JSON`) on a mismatch.
 */
export function valueFromJSON(json: unknown, type: Type, options?: ValueFromJSONOptions): Value {
  let data = json;
  if (typeof json === "string" && options?.parsed !== true) {
    // The JSON parser recurses: refuse overly deep text before it can exhaust the stack.
    if (jsonDepth(json) > MAX_DEPTH) fail("", `value nesting is deeper than ${MAX_DEPTH} levels`);
    try {
      data = parseLossless(json);
    } catch (e) {
      fail("", `invalid JSON: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
  return decode(data, type, "", 0, new Map());
}

/** The deepest bracket nesting of JSON text, strings skipped. */
function jsonDepth(text: string): number {
  let depth = 0;
  let max = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      depth++;
      if (depth > max) max = depth;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return max;
}

function isRecord(data: unknown): data is Record<string, unknown> {
  return typeof data === "object" && data !== null && !Array.isArray(data) && !isLosslessNumber(data);
}

/** Per call: the value type last decoded for each schema object type. */
type Hints = Map<Type, ObjectType>;

function decode(data: unknown, type: Type, path: string, depth: number, hints: Hints): Value {
  if (depth > MAX_DEPTH) fail(path, `value nesting is deeper than ${MAX_DEPTH} levels`);
  if (data === null) return nullVal(type);
  switch (type.kind) {
    case "dynamic": {
      if (!isRecord(data) || !("value" in data) || !("type" in data)) {
        fail(path, 'dynamic value must be an object with "value" and "type"');
      }
      const inner = typeFromJSON(data.type);
      return decode(data.value, inner, path, depth + 1, hints);
    }
    case "bool":
      if (typeof data === "boolean") return boolVal(data);
      if (data === "true" || data === "1") return boolVal(true);
      if (data === "false" || data === "0") return boolVal(false);
      return fail(path, "bool is required");
    case "number": {
      const text = typeof data === "string" ? data : numberText(data);
      if (text === null) fail(path, "number is required");
      const n = CtyNumber.parse(text);
      if (n === null) fail(path, `invalid number ${JSON.stringify(text)}`);
      return numberVal(n);
    }
    case "string": {
      if (typeof data === "string") return stringVal(data);
      if (typeof data === "boolean") return stringVal(data ? "true" : "false");
      const text = numberText(data);
      if (text !== null) return stringVal(text);
      return fail(path, "string is required");
    }
    case "list":
    case "set": {
      if (!Array.isArray(data)) fail(path, `${friendlyName(type)} is required`);
      const elems = data.map((e, i) => decode(e, type.element, `${path}[${i}]`, depth + 1, hints));
      return buildSequence(type.kind, elems, type.element, path);
    }
    case "tuple": {
      if (!Array.isArray(data)) fail(path, "tuple is required");
      if (data.length !== type.elements.length) {
        fail(
          path,
          data.length < type.elements.length ? "not enough tuple elements" : "too many tuple elements",
        );
      }
      return tupleVal(type.elements.map((et, i) => decode(data[i], et, `${path}[${i}]`, depth + 1, hints)));
    }
    case "map": {
      if (!isRecord(data)) fail(path, `${friendlyName(type)} is required`);
      const entries: [string, Value][] = Object.entries(data).map(([k, e]) => [
        k,
        decode(e, type.element, `${path}[${JSON.stringify(k)}]`, depth + 1, hints),
      ]);
      if (entries.length === 0 || type.element.kind !== "dynamic") return mapVal(entries, type.element);
      return guard(path, () => mapVal(entries));
    }
    case "object": {
      if (!isRecord(data)) fail(path, "object is required");
      const names = type.attributeNames;
      const values: Value[] = new Array(names.length);
      let present = 0;
      for (let i = 0; i < names.length; i++) {
        const name = names[i]!;
        const at = type.attributes.get(name)!;
        if (Object.hasOwn(data, name)) {
          present++;
          values[i] = decode(data[name], at, `${path}.${name}`, depth + 1, hints);
        } else {
          values[i] = nullVal(at);
        }
      }
      if (present !== Object.keys(data).length) {
        const extra = Object.keys(data).find((k) => !type.attributes.has(k))!;
        fail(path, `unsupported attribute ${JSON.stringify(extra)}`);
      }
      // Objects decoded for one schema type usually share their value type: reuse it.
      const hint = hints.get(type);
      const out = objectValSorted(names, values, hint);
      if (hint === undefined) hints.set(type, out.type as ObjectType);
      return out;
    }
  }
}

function guard(path: string, build: () => Value): Value {
  try {
    return build();
  } catch (e) {
    if (e instanceof CtyError) fail(path, e.message);
    throw e;
  }
}

function buildSequence(kind: "list" | "set", elems: Value[], ety: Type, path: string): Value {
  // Elements decoded as `dynamic` carry their own types, which must then agree.
  const elementType = elems.length > 0 && ety.kind === "dynamic" ? undefined : ety;
  return guard(path, () => (kind === "list" ? listVal(elems, elementType) : setVal(elems, elementType)));
}

/** Encodes a value as cty JSON text, numbers exact. Unknown values and infinities are refused. */
export function valueToJSON(value: Value, type: Type = value.type): string {
  const out: string[] = [];
  encode(value, type, out, "", 0);
  return out.join("");
}

function encode(v: Value, type: Type, out: string[], path: string, depth: number): void {
  if (depth > MAX_DEPTH) fail(path, `value nesting is deeper than ${MAX_DEPTH} levels`);
  if (type.kind === "dynamic" && v.type.kind !== "dynamic") {
    out.push('{"value":');
    encode(v, v.type, out, path, depth + 1);
    out.push(`,"type":${v.type.key}}`);
    return;
  }
  if (v.isNull) {
    out.push("null");
    return;
  }
  if (!v.isKnown) fail(path, "value is not known");
  switch (v.type.kind) {
    case "string":
      out.push(JSON.stringify(v.asString()));
      return;
    case "number": {
      const n = v.asNumber();
      if (n.infinite) fail(path, "infinite numbers have no JSON encoding");
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
        const et =
          type.kind === "tuple"
            ? type.elements[i]
            : type.kind === "list" || type.kind === "set"
              ? type.element
              : undefined;
        encode(elems[i]!, et ?? elems[i]!.type, out, `${path}[${i}]`, depth + 1);
      }
      out.push("]");
      return;
    }
    case "map":
    case "object": {
      out.push("{");
      let first = true;
      for (const [k, e] of v.attributes()) {
        if (!first) out.push(",");
        first = false;
        const at =
          type.kind === "object" ? type.attributes.get(k) : type.kind === "map" ? type.element : undefined;
        out.push(`${JSON.stringify(k)}:`);
        encode(e, at ?? e.type, out, `${path}[${JSON.stringify(k)}]`, depth + 1);
      }
      out.push("}");
      return;
    }
    default:
      fail(path, "value of type dynamic cannot be encoded");
  }
}
