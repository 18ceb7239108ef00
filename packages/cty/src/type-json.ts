// cty's JSON type encoding (`Type.MarshalJSON` / `cty/json.UnmarshalType`), both ways.

import { CtyError, MAX_DEPTH } from "./errors.js";
import { type Type, t } from "./type.js";

/** The cty JSON encoding of a type, as plain data. */
export type TypeJSON = string | readonly unknown[];

/** The cty JSON encoding of `type`: `"string"`, `["list","number"]`, `["object",{…},["opt"]]`. */
export function typeToJSON(type: Type): TypeJSON {
  return JSON.parse(type.key) as TypeJSON;
}

function fail(message: string): never {
  throw new CtyError("TOFUKIT_CTY_TYPE_JSON", message);
}

/** Decodes a cty JSON type from its text or already-parsed form. Throws CtyError when malformed. */
export function typeFromJSON(json: unknown): Type {
  let data = json;
  if (typeof json === "string") {
    const trimmed = json.trim();
    if (trimmed.startsWith("[") || trimmed.startsWith('"')) {
      try {
        data = JSON.parse(trimmed);
      } catch {
        fail("invalid JSON in type description");
      }
    }
  }
  return decode(data, 0);
}

function decode(data: unknown, depth: number): Type {
  if (depth > MAX_DEPTH) fail(`type nesting is deeper than ${MAX_DEPTH} levels`);
  if (typeof data === "string") {
    switch (data) {
      case "string":
        return t.string;
      case "number":
        return t.number;
      case "bool":
        return t.bool;
      case "dynamic":
        return t.dynamic;
      default:
        return fail(`invalid primitive type name ${JSON.stringify(data)}`);
    }
  }
  if (!Array.isArray(data)) return fail("invalid type description: must be a string or an array");
  const [kind, arg, opt, ...rest] = data as unknown[];
  switch (kind) {
    case "list":
    case "set":
    case "map": {
      if (data.length !== 2) fail("unexpected extra data in type description");
      const element = decode(arg, depth + 1);
      return kind === "list" ? t.list(element) : kind === "set" ? t.set(element) : t.map(element);
    }
    case "tuple":
      if (data.length !== 2) fail("unexpected extra data in type description");
      if (!Array.isArray(arg)) fail("tuple type description must list the element types");
      return t.tuple(arg.map((e: unknown) => decode(e, depth + 1)));
    case "object": {
      if (data.length < 2 || rest.length > 0) fail("unexpected extra data in type description");
      if (typeof arg !== "object" || arg === null || Array.isArray(arg)) {
        fail("object type description must map attribute names to types");
      }
      const attrs = new Map<string, Type>();
      for (const [name, at] of Object.entries(arg as Record<string, unknown>)) {
        attrs.set(name, decode(at, depth + 1));
      }
      let optional: string[] | undefined;
      if (data.length === 3) {
        if (!Array.isArray(opt) || !opt.every((n): n is string => typeof n === "string")) {
          fail("object optional attributes must be a list of names");
        }
        optional = opt as string[];
        for (const name of optional) {
          if (!attrs.has(name)) fail(`optional attribute ${JSON.stringify(name)} is not defined`);
        }
      }
      return t.object(attrs, optional);
    }
    default:
      return fail("invalid complex type kind name");
  }
}
