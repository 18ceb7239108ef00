// The set functions: setintersection, setproduct, setsubtract, setunion, as cty's stdlib
// defines them. Results keep cty's canonical set order (setVal orders them).
import { ConversionError, convert, unify } from "@tofukit/convert";
import {
  type CtyFunction,
  FunctionError,
  knownLength,
  listVal,
  listValEmpty,
  setHashString,
  setVal,
  setValEmpty,
  type Type,
  t,
  tupleVal,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { param, unmarkTop, valueFunction, withMarks } from "../function-spec.js";

function setOperationType(args: readonly Value[]): Type {
  const etys: Type[] = [];
  for (const a of args) {
    const ety = (a.type as { element: Type }).element;
    if (a.isKnown && a.length === 0 && ety.kind === "dynamic") continue;
    etys.push(ety);
  }
  if (etys.length === 0) return t.set(t.dynamic);
  const ety = unify(etys, { unsafe: true });
  if (ety === null) throw new FunctionError("given sets must all have compatible element types");
  return t.set(ety);
}

function keyOf(v: Value): string | null {
  return v.isWhollyKnown() ? setHashString(v) : null;
}

type SetOperation = (a: readonly Value[], b: readonly Value[]) => Value[];

function setOperation(op: SetOperation, allowUnknowns: boolean) {
  return (args: readonly Value[], retType: Type): Value => {
    const ety = (retType as { element: Type }).element;
    let acc: Value[] | undefined;
    for (let i = 0; i < args.length; i++) {
      let s: Value;
      try {
        s = convert(args[i]!, retType);
      } catch (e) {
        if (e instanceof ConversionError) throw new FunctionError(e.message, i);
        throw e;
      }
      if (!allowUnknowns && !s.isWhollyKnown()) return unknownVal(retType);
      acc = acc === undefined ? [...s.elements()] : op(acc, s.elements());
    }
    return acc!.length === 0 ? setValEmpty(ety) : setVal(acc!, ety);
  };
}

const union: SetOperation = (a, b) => [...a, ...b];
const intersection: SetOperation = (a, b) => {
  const keys = new Set(b.map(keyOf));
  return a.filter((v) => keys.has(keyOf(v)));
};
const subtract: SetOperation = (a, b) => {
  const keys = new Set(b.map(keyOf));
  return a.filter((v) => !keys.has(keyOf(v)));
};

function productType(args: readonly Value[]): Type {
  if (args.length < 2) throw new FunctionError("at least two arguments are required");
  let listCount = 0;
  const etys = args.map((a, i) => {
    const ty = a.type;
    if (ty.kind === "set") return ty.element;
    if (ty.kind === "list") {
      listCount++;
      return ty.element;
    }
    if (ty.kind === "tuple") {
      listCount++;
      if (ty.elements.length === 0) return t.dynamic;
      const ety = unify(ty.elements, { unsafe: true });
      if (ety === null) throw new FunctionError("all elements must be of the same type", i);
      return ety;
    }
    throw new FunctionError("a set or a list is required", i);
  });
  return listCount === args.length ? t.list(t.tuple(etys)) : t.set(t.tuple(etys));
}

/**
 * The most rows a product can have when some argument's length is unknown, or null past the
 * bounds cty stops tracking at (an argument longer than 1,024, a product above 2,048): a tuple
 * has its type's length even when unknown. Zero is what matters here, as in cty, where that
 * refinement turns the unknown result into a known empty collection.
 */
function productLengthBound(args: readonly Value[]): number | null {
  let bound = 1;
  for (const a of args) {
    const { value } = unmarkTop(a);
    const argBound = knownLength(value);
    if (argBound === null || argBound > 1024) return null;
    bound *= argBound;
    if (bound > 2048) return null;
  }
  return bound;
}

function product(args: readonly Value[], retType: Type): Value {
  const ety = (retType as { element: Type }).element as Type & { elements: readonly Type[] };
  const markSets: ReadonlySet<string>[] = [];
  const lists: (readonly Value[])[] = [];
  let unknownLength = false;
  let total = 1;
  for (const a of args) {
    const { value, marks } = unmarkTop(a);
    markSets.push(marks);
    if (!value.isKnown || knownLength(value) === null) {
      unknownLength = true;
      continue;
    }
    lists.push(value.elements());
    total *= value.length;
  }
  if (unknownLength) {
    if (productLengthBound(args) !== 0) return withMarks(unknownVal(retType), ...markSets);
    total = 0;
  }
  if (total === 0) {
    return withMarks(retType.kind === "list" ? listValEmpty(ety) : setValEmpty(ety), ...markSets);
  }
  const out: Value[] = [];
  const idx = new Array<number>(lists.length).fill(0);
  for (let n = 0; n < total; n++) {
    const row = lists.map((l, j) => {
      const v = l[idx[j]!]!;
      return convert(v, ety.elements[j]!);
    });
    out.push(tupleVal(row));
    for (let j = lists.length - 1; j >= 0; j--) {
      idx[j]!++;
      if (idx[j]! < lists[j]!.length) break;
      idx[j] = 0;
    }
  }
  return withMarks(retType.kind === "list" ? listVal(out) : setVal(out), ...markSets);
}

/** The set functions by name. */
export function setFunctions(): Record<string, CtyFunction> {
  const set = (name: string) => param(name, t.set(t.dynamic), { allowDynamicType: true });
  return {
    setintersection: valueFunction({
      params: [set("first_set")],
      varParam: set("other_sets"),
      type: setOperationType,
      impl: setOperation(intersection, false),
    }),
    setproduct: valueFunction({
      params: [],
      varParam: param("sets", t.dynamic, { allowMarked: true, allowUnknown: true }),
      type: productType,
      impl: product,
    }),
    setsubtract: valueFunction({
      params: [set("a"), set("b")],
      type: setOperationType,
      impl: setOperation(subtract, false),
    }),
    setunion: valueFunction({
      params: [set("first_set")],
      varParam: set("other_sets"),
      type: setOperationType,
      impl: setOperation(union, true),
    }),
  };
}
