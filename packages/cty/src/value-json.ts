// cty JSON values (`cty/json.Marshal` / `Unmarshal`), both ways, numbers exact.

import { goJsonString, goJsonSyntaxError } from "@tofukit/gostd";
import { isLosslessNumber, parse as parseLossless } from "lossless-json";
import { CtyError, MAX_DEPTH } from "./errors.js";
import { friendlyName } from "./friendly-name.js";
import { conformForJSON } from "./json-conformance.js";
import { CtyNumber } from "./number.js";
import { TextBuilder } from "./text-builder.js";
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
import { ValuePath } from "./value-path.js";

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
      // Go's encoding/json words for what is wrong with the text.
      fail("", `invalid JSON: ${goJsonSyntaxError(json) ?? (e instanceof Error ? e.message : String(e))}`);
    }
  }
  return decode(data, type, new ValuePath(), 0, new Map());
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

function decode(data: unknown, type: Type, path: ValuePath, depth: number, hints: Hints): Value {
  if (depth > MAX_DEPTH) fail(path.text(), `value nesting is deeper than ${MAX_DEPTH} levels`);
  if (data === null) return nullVal(type);
  switch (type.kind) {
    case "dynamic": {
      if (!isRecord(data) || !("value" in data) || !("type" in data)) {
        fail(path.text(), 'dynamic value must be an object with "value" and "type"');
      }
      const inner = typeFromJSON(data.type);
      return decode(data.value, inner, path, depth + 1, hints);
    }
    case "bool":
      if (typeof data === "boolean") return boolVal(data);
      if (data === "true" || data === "1") return boolVal(true);
      if (data === "false" || data === "0") return boolVal(false);
      return fail(path.text(), "bool is required");
    case "number": {
      const text = typeof data === "string" ? data : numberText(data);
      if (text === null) fail(path.text(), "number is required");
      const n = CtyNumber.parse(text);
      if (n === null) fail(path.text(), `invalid number ${JSON.stringify(text)}`);
      return numberVal(n);
    }
    case "string": {
      if (typeof data === "string") return stringVal(data);
      if (typeof data === "boolean") return stringVal(data ? "true" : "false");
      const text = numberText(data);
      if (text !== null) return stringVal(text);
      return fail(path.text(), "string is required");
    }
    case "list":
    case "set": {
      if (!Array.isArray(data)) fail(path.text(), `${friendlyName(type)} is required`);
      const elems: Value[] = new Array(data.length);
      for (let i = 0; i < data.length; i++) {
        path.push(i);
        elems[i] = decode(data[i], type.element, path, depth + 1, hints);
        path.pop();
      }
      return buildSequence(type.kind, elems, type.element, path);
    }
    case "tuple": {
      if (!Array.isArray(data)) fail(path.text(), "tuple is required");
      if (data.length !== type.elements.length) {
        fail(
          path.text(),
          data.length < type.elements.length ? "not enough tuple elements" : "too many tuple elements",
        );
      }
      const elems: Value[] = new Array(data.length);
      for (let i = 0; i < data.length; i++) {
        path.push(i);
        elems[i] = decode(data[i], type.elements[i]!, path, depth + 1, hints);
        path.pop();
      }
      return tupleVal(elems);
    }
    case "map": {
      if (!isRecord(data)) fail(path.text(), `${friendlyName(type)} is required`);
      const entries: [string, Value][] = Object.entries(data).map(([k, e]) => {
        path.push(k);
        const v = decode(e, type.element, path, depth + 1, hints);
        path.pop();
        return [k, v];
      });
      if (entries.length === 0 || type.element.kind !== "dynamic") return mapVal(entries, type.element);
      return guard(path, () => mapVal(entries));
    }
    case "object": {
      if (!isRecord(data)) fail(path.text(), "object is required");
      const names = type.attributeNames;
      const values: Value[] = new Array(names.length);
      let present = 0;
      for (let i = 0; i < names.length; i++) {
        const name = names[i]!;
        const at = type.attributes.get(name)!;
        if (Object.hasOwn(data, name)) {
          present++;
          path.pushAttribute(name);
          values[i] = decode(data[name], at, path, depth + 1, hints);
          path.pop();
        } else {
          values[i] = nullVal(at);
        }
      }
      if (present !== Object.keys(data).length) {
        const extra = Object.keys(data).find((k) => !type.attributes.has(k))!;
        fail(path.text(), `unsupported attribute ${JSON.stringify(extra)}`);
      }
      // Objects decoded for one schema type usually share their value type: reuse it. The
      // schema type itself serves when it is indistinguishable from the type objectValSorted
      // would build (see plainLeafObject).
      const hint = hints.get(type) ?? (plainLeafObject(type) ? type : undefined);
      const out = objectValSorted(names, values, hint);
      if (out.type !== hint) hints.set(type, out.type as ObjectType);
      return out;
    }
  }
}

/**
 * Whether an object type has no optional attributes, names declared in UTF-8 order and only
 * primitive attribute types: then it equals the type built from its values in every respect,
 * declaration order included.
 */
function plainLeafObject(type: ObjectType): boolean {
  if (type.optional.size > 0 || type.declaredNames !== type.attributeNames) return false;
  for (const at of type.attributeTypes) {
    if (at.kind !== "string" && at.kind !== "number" && at.kind !== "bool") return false;
  }
  return true;
}

function guard(path: ValuePath, build: () => Value): Value {
  try {
    return build();
  } catch (e) {
    if (e instanceof CtyError) fail(path.text(), e.message);
    throw e;
  }
}

function buildSequence(kind: "list" | "set", elems: Value[], ety: Type, path: ValuePath): Value {
  // Elements decoded as `dynamic` carry their own types, which must then agree.
  const elementType = elems.length > 0 && ety.kind === "dynamic" ? undefined : ety;
  return guard(path, () => (kind === "list" ? listVal(elems, elementType) : setVal(elems, elementType)));
}

/**
 * Encodes a value as cty JSON text, numbers exact, as ctyjson.Marshal (strings escaped as Go's
 * encoding/json writes them: HTML-safe, an unpaired surrogate as U+FFFD): a value whose type does
 * not conform to `type` is converted to it first (`"15"` as number is `15`, `true` as string is
 * `"true"`; see json-conformance.ts for the conversions made), or refused with a CtyError.
 * Unknown values and infinities are refused.
 */
export function valueToJSON(value: Value, type: Type = value.type): string {
  const out = new TextBuilder();
  const path = new ValuePath();
  encode(conformForJSON(value, type, path), type, out, path, 0);
  return out.text;
}

/**
 * Per object type: each attribute's name as a JSON string with its colon and the `{` or `,`
 * before it (`{"a":`, `,"b":`), and each attribute's type, aligned with attributeNames.
 * Objects of one type share them.
 */
interface ObjectEncoding {
  readonly leads: readonly string[];
  readonly types: readonly Type[];
}

const objectEncodings = new WeakMap<ObjectType, ObjectEncoding>();

function objectEncoding(type: ObjectType): ObjectEncoding {
  let enc = objectEncodings.get(type);
  if (enc === undefined) {
    enc = {
      leads: type.attributeNames.map((k, i) => `${i === 0 ? "{" : ","}${goJsonString(k)}:`),
      types: type.attributeNames.map((k) => type.attributes.get(k)!),
    };
    objectEncodings.set(type, enc);
  }
  return enc;
}

function sameNames(a: readonly string[], b: readonly string[]): boolean {
  if (a === b) return true;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function encode(v: Value, type: Type, out: TextBuilder, path: ValuePath, depth: number): void {
  if (depth > MAX_DEPTH) fail(path.text(), `value nesting is deeper than ${MAX_DEPTH} levels`);
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
  if (!v.isKnown) fail(path.text(), "value is not known");
  const vt = v.type;
  switch (vt.kind) {
    case "string":
      out.push(goJsonString(v.asString()));
      return;
    case "number": {
      const n = v.asNumber();
      if (n.infinite) fail(path.text(), "cannot serialize infinity as JSON");
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
      const ety = type.kind === "list" || type.kind === "set" ? type.element : undefined;
      for (let i = 0; i < elems.length; i++) {
        if (i > 0) out.push(",");
        const e = elems[i]!;
        const et = type.kind === "tuple" ? type.elements[i] : ety;
        path.push(i);
        encode(e, et ?? e.type, out, path, depth + 1);
        path.pop();
      }
      out.push("]");
      return;
    }
    case "object":
    case "map": {
      const keys = v.entryKeys();
      const values = v.entryValues();
      if (keys.length === 0) {
        out.push("{}");
        return;
      }
      // The common case, an object value encoded with an object type of the same attribute
      // names (its own type, or an equal one), uses the per-type strings.
      const enc =
        type.kind === "object" && sameNames(keys, type.attributeNames) ? objectEncoding(type) : undefined;
      for (let i = 0; i < keys.length; i++) {
        const k = keys[i]!;
        const e = values[i]!;
        let at: Type | undefined;
        if (enc !== undefined) {
          out.push(enc.leads[i]!);
          at = enc.types[i];
        } else {
          out.push(`${i === 0 ? "{" : ","}${goJsonString(k)}:`);
          at =
            type.kind === "object" ? type.attributes.get(k) : type.kind === "map" ? type.element : undefined;
        }
        path.push(k);
        encode(e, at ?? e.type, out, path, depth + 1);
        path.pop();
      }
      out.push("}");
      return;
    }
    default:
      fail(path.text(), "value of type dynamic cannot be encoded");
  }
}
