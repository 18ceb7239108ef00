// Conversions into object types: object → object, and (unsafe) map → object.

import {
  type MapType,
  nullVal,
  type ObjectType,
  objectVal,
  objectValSorted,
  type Type,
  typeEquals,
  type Value,
  withoutOptionalAttributesDeep,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import {
  type Conversion,
  type ConversionContext,
  convertPart,
  getConversion,
  unlessIdentity,
} from "./conversion.js";
import { ConversionError } from "./errors.js";
import { mismatchMessage } from "./mismatch-message.js";
import { type PathStep, pathSteps } from "./path.js";

/**
 * Every target attribute must exist in the input unless optional (then it becomes a typed
 * null); input attributes the target lacks are dropped silently.
 */
export function conversionObjectToObject(
  ctx: ConversionContext,
  inType: ObjectType,
  outType: ObjectType,
  unsafe: boolean,
): Conversion | null {
  // The result has exactly the target's attributes: each taken from the input attribute of
  // the same name (converted if the types differ) or, for a missing optional one, null.
  const names = outType.attributeNames;
  const steps: PathStep[] = names.map((name) => ({ kind: "attribute", name }));
  const sources: number[] = [];
  const convs: (Conversion | null)[] = [];
  const nulls: (Value | null)[] = [];
  for (const name of names) {
    const outAt = outType.attributes.get(name)!;
    const inAt = inType.attributes.get(name);
    if (inAt === undefined) {
      if (!outType.optional.has(name)) return null;
      sources.push(-1);
      convs.push(null);
      nulls.push(nullVal(withoutOptionalAttributesDeep(outAt)));
      continue;
    }
    sources.push(inType.attributeNames.indexOf(name));
    nulls.push(null);
    if (typeEquals(inAt, outAt)) {
      convs.push(null);
      continue;
    }
    const conv = getConversion(ctx, inAt, outAt, unsafe);
    if (conv === null) return null;
    convs.push(unlessIdentity(conv));
  }
  // When no attribute of the target involves `any`, the result type is known in advance;
  // otherwise the previous result's type is a good guess for the next value.
  let hint = outType.hasDynamic ? undefined : (withoutOptionalAttributesDeep(outType) as ObjectType);
  const fixed = hint !== undefined;
  // The same names, as the array the expected type holds (a cheaper match).
  const keys = hint?.attributeNames ?? names;
  return (v, path) => {
    const inValues = v.entryValues();
    const values: Value[] = new Array(names.length);
    for (let i = 0; i < names.length; i++) {
      const src = sources[i]!;
      if (src < 0) {
        values[i] = nulls[i]!;
        continue;
      }
      const conv = convs[i];
      let out = conv ? convertPart(conv, inValues[src]!, path, steps[i]!) : inValues[src]!;
      if (out.isNull && out.type.hasOptional) out = nullVal(withoutOptionalAttributesDeep(out.type));
      values[i] = out;
    }
    const out = objectValSorted(keys, values, hint);
    if (!fixed) hint = out.type as ObjectType;
    return out;
  };
}

/**
 * Unsafe map → object: keys the object lacks are dropped; a missing required key is an error
 * at run time, as is an element that cannot become an optional attribute's type.
 */
export function conversionMapToObject(
  ctx: ConversionContext,
  inType: MapType,
  outType: ObjectType,
  unsafe: boolean,
): Conversion | null {
  const ety = inType.element;
  const convs = new Map<string, Conversion | null>();
  for (const [name, outAt] of outType.attributes) {
    if (typeEquals(outAt, ety)) continue;
    const conv = getConversion(ctx, ety, outAt, unsafe);
    if (conv === null && !(outType.optional.has(name) && unsafe)) return null;
    convs.set(name, conv);
  }
  return (v, path) => {
    const attrs = new Map<string, Value>();
    const keys = v.entryKeys();
    const elems = v.entryValues();
    for (let i = 0; i < keys.length; i++) {
      const name = keys[i]!;
      const e = elems[i]!;
      const outAt = outType.attributes.get(name);
      if (outAt === undefined) continue;
      let out = e;
      if (convs.has(name)) {
        const conv = convs.get(name)!;
        if (conv === null) {
          throw new ConversionError(
            "TOFUKIT_CONVERT_INCOMPATIBLE_ATTRIBUTE",
            `map element type is incompatible with attribute ${goQuote(name)}: ${mismatchMessage(ctx, e.type, outAt)}`,
            pathSteps(path),
          );
        }
        out = convertPart(conv, e, path, name);
      }
      if (out.isNull && out.type.hasOptional) out = nullVal(withoutOptionalAttributesDeep(out.type));
      attrs.set(name, out);
    }
    for (const name of outType.declaredNames) {
      const at = outType.attributes.get(name)!;
      if (attrs.has(name)) continue;
      if (!outType.optional.has(name)) {
        throw new ConversionError(
          "TOFUKIT_CONVERT_MISSING_ATTRIBUTE",
          `map has no element for required attribute ${goQuote(name)}`,
          pathSteps(path),
        );
      }
      // cty uses the attribute type as declared here, optional markers and all
      // (conversionMapToObject), unlike its object-to-object conversion; the markers are dropped
      // here as there, so that a value's type never carries them and converting the result again
      // gives the same value. A deliberate difference, documented in the README.
      attrs.set(name, nullVal(withoutOptionalAttributesDeep(at as Type)));
    }
    return objectVal(attrs);
  };
}
