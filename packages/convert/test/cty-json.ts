// Test-only builders: types and values from their cty JSON encodings, and defaults nodes.

import { type Type, typeFromJSON, typeToJSON, type Value, valueFromJSON, valueToJSON } from "@tofukit/cty";
import type { Defaults } from "../src/defaults.js";

/** A type from its cty JSON encoding. */
export const ty = (json: unknown): Type => typeFromJSON(json);

/** A value from its cty JSON encoding and the cty JSON encoding of its type. */
export const val = (type: unknown, json: unknown): Value =>
  valueFromJSON(JSON.stringify(json), typeFromJSON(type));

/** A defaults node. */
export function defaults(
  type: Type,
  values: Record<string, Value> = {},
  children: Record<string, Defaults> = {},
): Defaults {
  return {
    type,
    defaultValues: new Map(Object.entries(values)),
    children: new Map(Object.entries(children)),
  };
}

/** A value as `[type JSON, value JSON]` for assertions. */
export function show(v: Value): [unknown, unknown] {
  return [typeToJSON(v.type), JSON.parse(valueToJSON(v))];
}
