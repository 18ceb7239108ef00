// The sensitivity functions: sensitive, nonsensitive, issensitive, and ephemeralasnull, as
// OpenTofu's funcs define them. Only a value's own marks count (cty's HasMark), not those of
// values nested in it.
import {
  boolVal,
  type CtyFunction,
  EPHEMERAL,
  listVal,
  mapVal,
  markedVal,
  marksOf,
  nullVal,
  objectVal,
  SENSITIVE,
  setVal,
  t,
  tupleVal,
  unknownVal,
  unmarkedVal,
  type Value,
} from "@tofukit/cty";
import { param, valueFunction } from "../function-spec.js";
import type { FunctionOptions } from "../options.js";

const anyValue = () =>
  param("value", t.dynamic, {
    allowUnknown: true,
    allowNull: true,
    allowMarked: true,
    allowDynamicType: true,
  });

function withoutMark(v: Value, mark: string): Value {
  const marks = marksOf(v);
  if (!marks.has(mark)) return v;
  return markedVal(
    unmarkedVal(v),
    [...marks].filter((m) => m !== mark),
  );
}

/** ephemeralasnull's transform: every ephemeral value, at any depth, becomes a null of its type. */
function ephemeralAsNull(v: Value): Value {
  const marks = marksOf(v);
  const rest = [...marks].filter((m) => m !== EPHEMERAL);
  if (marks.has(EPHEMERAL)) return markedVal(nullVal(v.type), rest);
  if (v.isNull || !v.isKnown) return v;
  const ty = v.type;
  let rebuilt: Value;
  switch (ty.kind) {
    case "list":
      rebuilt = v.length === 0 ? v : listVal(v.elements().map(ephemeralAsNull), ty.element);
      break;
    case "set":
      rebuilt = v.length === 0 ? v : setVal(v.elements().map(ephemeralAsNull), ty.element);
      break;
    case "tuple":
      rebuilt = tupleVal(v.elements().map(ephemeralAsNull));
      break;
    case "map": {
      const keys = v.entryKeys();
      rebuilt = mapVal(
        v.entryValues().map((e, i) => [keys[i]!, ephemeralAsNull(e)] as const),
        ty.element,
      );
      break;
    }
    case "object": {
      const keys = v.entryKeys();
      rebuilt = objectVal(v.entryValues().map((e, i) => [keys[i]!, ephemeralAsNull(e)] as const));
      break;
    }
    default:
      return v;
  }
  return markedVal(unmarkedVal(rebuilt), marks);
}

/** The sensitivity functions by name. */
export function sensitivityFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {
    ephemeralasnull: valueFunction({
      params: [anyValue()],
      type: ([v]) => v!.type,
      impl: ([v]) => ephemeralAsNull(v!),
    }),
    issensitive: valueFunction({
      params: [anyValue()],
      type: () => t.bool,
      impl: ([v]) => (v!.isKnown ? boolVal(marksOf(v!).has(SENSITIVE)) : unknownVal(t.bool)),
    }),
    nonsensitive: valueFunction({
      params: [anyValue()],
      type: ([v]) => v!.type,
      impl: ([v]) => withoutMark(v!, SENSITIVE),
    }),
    sensitive: valueFunction({
      params: [anyValue()],
      type: ([v]) => v!.type,
      impl: ([v]) => markedVal(v!, [SENSITIVE]),
    }),
  };
}
