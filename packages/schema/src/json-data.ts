// Plain JSON data of a cty value, for `default` annotations and doc comments.

import type { Value } from "@tofukit/cty";

/** JSON data as JSON.parse returns it (readonly). */
export type JsonData =
  | null
  | boolean
  | number
  | string
  | readonly JsonData[]
  | { readonly [key: string]: JsonData };

/**
 * The value as JSON data. A number that a double does not hold exactly is written as its
 * exact decimal string, which OpenTofu converts back to the same number; unknown values
 * (never in a default) become null.
 */
export function jsonDataOf(value: Value): JsonData {
  if (value.isNull || !value.isKnown) return null;
  const type = value.type;
  switch (type.kind) {
    case "string":
      return value.asString();
    case "bool":
      return value.asBool();
    case "number": {
      const text = value.asNumber().toString();
      const n = Number(text);
      return Number.isFinite(n) && String(n) === text ? n : text;
    }
    case "list":
    case "set":
    case "tuple":
      return value.elements().map(jsonDataOf);
    case "map":
    case "object": {
      const out: Record<string, JsonData> = {};
      for (const [k, v] of value.attributes()) setProperty(out, k, jsonDataOf(v));
      return out;
    }
    case "dynamic":
      return null;
  }
}

/** `out[key] = value`, also for keys such as `__proto__` that plain assignment would not add. */
export function setProperty<T>(out: Record<string, T>, key: string, value: T): void {
  Object.defineProperty(out, key, { value, enumerable: true, writable: true, configurable: true });
}
