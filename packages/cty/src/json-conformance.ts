// The conversion ctyjson.Marshal makes before it encodes: a value whose type does not conform
// to the requested type is converted to it first.
//
// cty cannot depend on @tofukit/convert, so the conversions done here are the ones Marshal
// needs in practice: between primitives (number and bool to string, string to number and to
// bool, with cty's messages), between sequence kinds (tuple, list, set), from objects to maps,
// and between object types (missing optional attributes become null, extra ones are dropped).
// Anything else is refused with a CtyError (TOFUKIT_CTY_VALUE_JSON) rather than encoded with
// the value's own type; convert the value with @tofukit/convert first for those.
import { CtyError } from "./errors.js";
import { friendlyName } from "./friendly-name.js";
import { typeConforms } from "./function.js";
import { CtyNumber } from "./number.js";
import type { Type } from "./type.js";
import {
  boolVal,
  listVal,
  mapVal,
  marksOf,
  nullVal,
  numberVal,
  objectVal,
  setVal,
  stringVal,
  tupleVal,
  type Value,
} from "./value.js";
import type { ValuePath } from "./value-path.js";

function fail(path: ValuePath, message: string): never {
  const where = path.text();
  throw new CtyError("TOFUKIT_CTY_VALUE_JSON", where === "" ? message : `${where}: ${message}`);
}

/** `v` as a value of a type conforming to `want`, or a CtyError saying why not. */
export function conformForJSON(v: Value, want: Type, path: ValuePath): Value {
  if (want === v.type || want.kind === "dynamic" || typeConforms(v.type, want)) return v;
  if (marksOf(v).size > 0) fail(path, "value has marks, so it cannot be serialized as JSON");
  if (v.isNull) return nullVal(want);
  if (!v.isKnown) fail(path, "value is not known");
  const got = v.type;
  switch (want.kind) {
    case "string":
      if (got.kind === "number") return stringVal(v.asNumber().toString());
      if (got.kind === "bool") return stringVal(v.asBool() ? "true" : "false");
      break;
    case "number":
      if (got.kind === "string") {
        const n = CtyNumber.parse(v.asString());
        if (n === null) fail(path, "a number is required");
        return numberVal(n);
      }
      break;
    case "bool":
      if (got.kind === "string") {
        const s = v.asString();
        if (s === "true" || s === "1") return boolVal(true);
        if (s === "false" || s === "0") return boolVal(false);
        const lower = s.toLowerCase();
        fail(
          path,
          lower === "true" || lower === "false"
            ? `a bool is required; to convert from string, use lowercase "${lower}"`
            : "a bool is required",
        );
      }
      break;
    case "list":
    case "set":
    case "tuple": {
      if (got.kind !== "list" && got.kind !== "set" && got.kind !== "tuple") break;
      const elems = v.elements();
      if (want.kind === "tuple" && elems.length !== want.elements.length) {
        fail(path, `tuple required with ${want.elements.length} elements, but have ${elems.length}`);
      }
      const out = elems.map((e, i) => {
        path.push(i);
        const c = conformForJSON(e, want.kind === "tuple" ? want.elements[i]! : want.element, path);
        path.pop();
        return c;
      });
      if (want.kind === "tuple") return tupleVal(out);
      return guard(path, () =>
        want.kind === "list" ? listVal(out, want.element) : setVal(out, want.element),
      );
    }
    case "map": {
      if (got.kind !== "map" && got.kind !== "object") break;
      const keys = v.entryKeys();
      const values = v.entryValues();
      const entries = keys.map((k, i): [string, Value] => {
        path.push(k);
        const c = conformForJSON(values[i]!, want.element, path);
        path.pop();
        return [k, c];
      });
      return guard(path, () => mapVal(entries, want.element));
    }
    case "object": {
      if (got.kind !== "map" && got.kind !== "object") break;
      const entries: [string, Value][] = [];
      for (const name of want.attributeNames) {
        const at = want.attributes.get(name)!;
        const e = v.get(name);
        if (e === undefined) {
          if (!want.optional.has(name)) fail(path, `attribute ${JSON.stringify(name)} is required`);
          entries.push([name, nullVal(at)]);
          continue;
        }
        path.pushAttribute(name);
        entries.push([name, conformForJSON(e, at, path)]);
        path.pop();
      }
      return objectVal(entries);
    }
  }
  return fail(
    path,
    `${friendlyName(want)} required, but have ${friendlyName(got)} (valueToJSON converts only primitives, sequences, objects and maps; convert the value first)`,
  );
}

function guard(path: ValuePath, build: () => Value): Value {
  try {
    return build();
  } catch (e) {
    if (e instanceof CtyError && e.code === "TOFUKIT_CTY_INVALID_VALUE") fail(path, e.message);
    throw e;
  }
}
