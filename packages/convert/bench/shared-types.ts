// Bench inputs as tofukit's readers make them. hcl's readers and cty's JSON decoder give the
// objects of one shape one shared type object; objectVal alone, as the input builders call it,
// makes a new type object for every object, which no reader does.

import { listVal, mapValSorted, type ObjectType, objectValSorted, tupleVal, type Value } from "@tofukit/cty";

/** `value` rebuilt with one type object per distinct object type, as a reader builds it (sets aside). */
export function withSharedTypes(value: Value): Value {
  return rebuild(value, new Map());
}

function rebuild(v: Value, types: Map<string, ObjectType>): Value {
  if (!v.isKnown || v.isNull) return v;
  switch (v.type.kind) {
    case "object": {
      const values = v.entryValues().map((e) => rebuild(e, types));
      const built = objectValSorted(v.entryKeys(), values, types.get(v.type.key));
      types.set(v.type.key, built.type as ObjectType);
      return built;
    }
    case "tuple":
      return tupleVal(v.elements().map((e) => rebuild(e, types)));
    case "list":
      return listVal(v.elements().map((e) => rebuild(e, types)));
    case "map":
      return mapValSorted(
        v.entryKeys(),
        v.entryValues().map((e) => rebuild(e, types)),
      );
    default:
      return v;
  }
}
