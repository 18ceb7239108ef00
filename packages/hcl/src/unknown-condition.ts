// The result of a conditional whose condition is unknown: as much as both branches agree on.
import {
  knownLength,
  listVal,
  listValEmpty,
  mapValEmpty,
  numberCompare,
  setVal,
  setValEmpty,
  type Type,
  typeEquals,
  unknownVal,
  type Value,
} from "@tofukit/cty";

/**
 * hclsyntax refines the unknown result by the ranges of both (unmarked, unconverted)
 * branches, and cty's refinement turns a range that allows one value into that value: two
 * equal known numbers give that number; two known collections of one type and equal length
 * give a known empty list, set or map, a list of that many unknown elements, or a set of one
 * unknown element. Everything else stays wholly unknown (tofukit's unknowns carry no
 * refinements, so the narrower ranges cty keeps otherwise are not represented).
 */
export function unknownConditionResult(whenTrue: Value, whenFalse: Value, resultType: Type): Value {
  const kt = whenTrue.type.kind;
  if (!whenTrue.isKnown || !whenFalse.isKnown || whenTrue.isNull || whenFalse.isNull)
    return unknownVal(resultType);
  if (kt === "number" && whenFalse.type.kind === "number") {
    return numberCompare(whenTrue.asNumber(), whenFalse.asNumber()) === 0 ? whenTrue : unknownVal(resultType);
  }
  if ((kt !== "list" && kt !== "set" && kt !== "map") || !typeEquals(whenTrue.type, whenFalse.type)) {
    return unknownVal(resultType);
  }
  const n = knownLength(whenTrue);
  if (n === null || n !== knownLength(whenFalse)) return unknownVal(resultType);
  const element = (whenTrue.type as { element: Type }).element;
  if (n === 0)
    return kt === "list" ? listValEmpty(element) : kt === "set" ? setValEmpty(element) : mapValEmpty(element);
  if (kt === "list") return listVal(new Array<Value>(n).fill(unknownVal(element)), element);
  if (kt === "set" && n === 1) return setVal([unknownVal(element)], element);
  return unknownVal(resultType);
}
