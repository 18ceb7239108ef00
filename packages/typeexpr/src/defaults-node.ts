// The defaults tree built while reading a type constraint (typeexpr.Defaults' shape): nodes exist
// only where something at or below them has a default.

import type { Defaults } from "@tofukit/convert";
import type { Type, Value } from "@tofukit/cty";

/** @tofukit/convert's Defaults: the same shape hcl's typeexpr.Defaults has. */
export type DefaultsNode = Defaults;

/** Converts a default value to an attribute type: the converted value, or the conversion error's text. */
export type ConvertDefault = (
  value: Value,
  type: Type,
) => { ok: true; value: Value } | { ok: false; message: string };

const NONE = new Map<never, never>();

/** A list, set or map node: its element's defaults under the key "". */
export function collectionDefaults(type: Type, element: DefaultsNode | null): DefaultsNode | null {
  if (element === null) return null;
  // Set rather than built from an entries array: the Map constructor's iterable path is slower.
  const children = new Map<string, DefaultsNode>();
  children.set("", element);
  return Object.freeze({ type, defaultValues: NONE, children });
}

/** An object or tuple node (null standing for no entries), or null when nothing in it has a default. */
export function structuredDefaults(
  type: Type,
  defaultValues: ReadonlyMap<string, Value> | null,
  children: ReadonlyMap<string, DefaultsNode> | null,
): DefaultsNode | null {
  if (defaultValues === null && children === null) return null;
  return Object.freeze({ type, defaultValues: defaultValues ?? NONE, children: children ?? NONE });
}
