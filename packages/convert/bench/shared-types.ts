// Bench inputs as tofukit's readers make them. hcl's readers and cty's JSON decoder give the
// objects of one shape one shared type object, and build each element's values one after the
// other; objectVal alone, as the input builders call it by default, makes a new type object for
// every object, which no reader does.

import { type ObjectType, objectVal, type Value } from "@tofukit/cty";

/** Builds an object value from its attributes. */
export type ObjectBuilder = (attributes: Record<string, Value>) => Value;

/** objectVal giving objects of one shape one type object, as a reader does. */
export function sharingObjectTypes(): ObjectBuilder {
  const types = new Map<string, ObjectType>();
  return (attributes) => {
    const names = Object.keys(attributes).sort();
    const key = JSON.stringify(names.map((n) => [n, attributes[n]!.type.key]));
    const value = objectVal(attributes, types.get(key));
    types.set(key, value.type as ObjectType);
    return value;
  };
}
