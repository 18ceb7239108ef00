// Functions on lists, sets and tuples: alltrue, anytrue, chunklist, coalescelist, compact,
// concat, contains, distinct, element, flatten, index, length, one, range, reverse, slice,
// sort, sum, as cty's stdlib and OpenTofu's funcs define them.
import { ConversionError, convert, unify } from "@tofukit/convert";
import {
  boolVal,
  CtyError,
  type CtyFunction,
  CtyNumber,
  compareStrings,
  emptyTupleVal,
  FunctionError,
  friendlyName,
  knownLength,
  listVal,
  listValEmpty,
  nullVal,
  numberAdd,
  numberCompare,
  numberVal,
  stringVal,
  type TupleType,
  type Type,
  t,
  tupleVal,
  typeEquals,
  unknownVal,
  type Value,
  valueEquals,
} from "@tofukit/cty";
import {
  goInt,
  NOT_AN_INT,
  param,
  staticType,
  unmarkTop,
  valueFunction,
  withMarks,
} from "../function-spec.js";
import { graphemeCount } from "../string/graphemes.js";

const isSequence = (ty: Type) => ty.kind === "list" || ty.kind === "set" || ty.kind === "tuple";

function elementTypeOf(ty: Type): Type {
  return (ty as { element: Type }).element;
}

function tupleTypes(ty: Type): readonly Type[] {
  return (ty as TupleType).elements;
}

/** gocty's int conversion with a prefix on its message ("invalid index: …"). */
function intOr(v: Value, prefix: string, argIndex?: number): number {
  try {
    return goInt(v);
  } catch {
    throw new FunctionError(`${prefix}: ${NOT_AN_INT}`, argIndex);
  }
}

/**
 * element's index wrapped into `length` as Go's `index % length` on an int64 (truncated, then
 * moved up when negative): exact for indexes past 2^53, where a JS number would round.
 */
function wrappedIndex(index: Value, length: number): number {
  intOr(index, "invalid index");
  let i = Number(index.asNumber().toBigInt() % BigInt(length));
  if (i < 0) i += length;
  return i;
}

function flattener(list: Value, marks: Set<string>): { out: Value[]; known: boolean } {
  const { value, marks: own } = unmarkTop(list);
  for (const m of own) marks.add(m);
  if (!value.isKnown) return { out: [], known: false };
  const out: Value[] = [];
  let known = true;
  for (const v of value.elements()) {
    if (v.type.kind === "dynamic" && !v.isKnown) known = false;
    if (!v.isNull && isSequence(v.type)) {
      if (!v.isKnown) {
        known = false;
        for (const m of unmarkTop(v).marks) marks.add(m);
        continue;
      }
      const inner = flattener(v, marks);
      if (inner.known) for (const item of inner.out) out.push(item);
      else known = false;
    } else out.push(v);
  }
  return { out, known };
}

interface SliceIndexes {
  start: number;
  end: number;
  known: boolean;
}

function sliceIndexes(args: readonly Value[]): SliceIndexes {
  const list = unmarkTop(args[0]!).value;
  let length = 0;
  let lengthKnown = false;
  if (list.type.kind === "tuple") {
    length = tupleTypes(list.type).length;
    lengthKnown = true;
  } else if (list.isKnown) {
    length = list.length;
    lengthKnown = true;
  }
  let start = 0;
  let end = 0;
  if (args[1]!.isKnown) {
    start = intOr(args[1]!, "invalid start index", 1);
    if (start < 0) throw new FunctionError("start index must not be less than zero", 1);
    if (lengthKnown && start > length) {
      throw new FunctionError("start index must not be greater than the length of the list", 1);
    }
  }
  if (args[2]!.isKnown) {
    end = intOr(args[2]!, "invalid end index", 2);
    if (end < 0) throw new FunctionError("end index must not be less than zero", 2);
    if (lengthKnown && end > length) {
      throw new FunctionError("end index must not be greater than the length of the list", 2);
    }
  }
  const known = args[1]!.isKnown && args[2]!.isKnown;
  if (known && start > end) throw new FunctionError("start index must not be greater than end index", 1);
  return { start, end, known };
}

/** Whether `a` and `b` are equal (true), unequal (false) or not yet known (null), as cty's Equals. */
function equal(a: Value, b: Value): boolean | null {
  const eq = valueEquals(a, b);
  return eq.isKnown ? eq.asBool() : null;
}

/**
 * A bucket key for distinct: values cty's equality calls equal always share it (marks play no
 * part, -0 and 0 agree, numbers by their 10-digit form); unequal values may share it too, so
 * a bucket is still compared element by element. Deep values are keyed by their top levels.
 */
function distinctKey(v: Value, depth: number): string {
  if (!v.isKnown) return "?";
  if (v.isNull) return "~";
  if (depth > 32) return "";
  switch (v.type.kind) {
    case "string":
      return depth === 0 ? v.asString() : JSON.stringify(v.asString());
    case "number": {
      const n = v.asNumber();
      return n.isZero() ? "0" : n.toGoString();
    }
    case "bool":
      return v.asBool() ? "T" : "F";
    case "map":
    case "object": {
      let s = "{";
      const keys = v.entryKeys();
      const values = v.entryValues();
      for (let i = 0; i < keys.length; i++)
        s += `${JSON.stringify(keys[i])}:${distinctKey(values[i]!, depth + 1)},`;
      return `${s}}`;
    }
    case "list":
    case "set":
    case "tuple": {
      let s = "[";
      for (const e of v.elements()) s += `${distinctKey(e, depth + 1)},`;
      return `${s}]`;
    }
    default:
      return "";
  }
}

/** The sequence functions by name. */
export function sequenceFunctions(): Record<string, CtyFunction> {
  return {
    alltrue: valueFunction({
      params: [param("list", t.list(t.bool))],
      type: staticType(t.bool),
      impl: ([list]) => {
        for (const v of list!.elements()) {
          if (!v.isKnown) return unknownVal(t.bool);
          if (v.isNull || !v.asBool()) return boolVal(false);
        }
        return boolVal(true);
      },
    }),
    anytrue: valueFunction({
      params: [param("list", t.list(t.bool))],
      type: staticType(t.bool),
      impl: ([list]) => {
        let unknown = false;
        for (const v of list!.elements()) {
          if (!v.isKnown) unknown = true;
          else if (!v.isNull && v.asBool()) return boolVal(true);
        }
        return unknown ? unknownVal(t.bool) : boolVal(false);
      },
    }),
    chunklist: valueFunction({
      params: [
        param("list", t.list(t.dynamic), { allowMarked: true }),
        param("size", t.number, { allowMarked: true }),
      ],
      type: ([list]) => t.list(list!.type),
      impl: ([l, s]) => {
        const { value: list, marks: listMarks } = unmarkTop(l!);
        const { value: sizeVal, marks: sizeMarks } = unmarkTop(s!);
        const size = intOr(sizeVal, "invalid size");
        if (size < 0) throw new FunctionError("the size argument must be positive");
        const elems = list.elements();
        if (elems.length === 0) return withMarks(listValEmpty(list.type), listMarks, sizeMarks);
        if (size === 0) return withMarks(listVal([list]), listMarks, sizeMarks);
        const out: Value[] = [];
        for (let i = 0; i < elems.length; i += size) out.push(listVal(elems.slice(i, i + size)));
        return withMarks(listVal(out), listMarks, sizeMarks);
      },
    }),
    coalescelist: valueFunction({
      params: [],
      varParam: param("vals", t.dynamic, { allowUnknown: true, allowDynamicType: true, allowNull: true }),
      type: (args) => {
        if (args.length === 0) throw new FunctionError("at least one argument is required");
        for (const a of args) {
          if (!a.isKnown) return t.dynamic;
          if (a.type.kind !== "list" && a.type.kind !== "tuple") {
            throw new FunctionError("coalescelist arguments must be lists or tuples");
          }
        }
        const first = args[0]!.type;
        return args.every((a) => typeEquals(a.type, first)) ? first : t.dynamic;
      },
      impl: (args, retType) => {
        for (const a of args) {
          if (!a.isKnown) return unknownVal(retType);
          if (!a.isNull && a.length > 0) return a;
        }
        throw new FunctionError("no non-null arguments");
      },
    }),
    compact: valueFunction({
      params: [param("list", t.list(t.string))],
      type: staticType(t.list(t.string)),
      impl: ([list], retType) => {
        if (!list!.isWhollyKnown()) return unknownVal(retType);
        const out = list!.elements().filter((v) => !v.isNull && v.asString() !== "");
        return out.length === 0 ? listValEmpty(t.string) : listVal(out);
      },
    }),
    concat: valueFunction({
      params: [],
      varParam: param("seqs", t.dynamic, { allowMarked: true }),
      type: (args) => {
        if (args.length === 0) throw new FunctionError("at least one argument is required");
        if (args.every((a) => a.type.kind === "list")) {
          const common = unify(
            args.map((a) => a.type),
            { unsafe: true },
          );
          if (common !== null) return common;
        }
        const etys: Type[] = [];
        for (let i = 0; i < args.length; i++) {
          const v = unmarkTop(args[i]!).value;
          const ty = v.type;
          if (ty.kind === "tuple") for (const item of tupleTypes(ty)) etys.push(item);
          else if (ty.kind === "list") {
            if (!v.isKnown) return t.dynamic;
            for (let j = 0; j < v.length; j++) etys.push(ty.element);
          } else {
            throw new FunctionError(`all arguments must be lists or tuples; got ${friendlyName(ty)}`, i);
          }
        }
        return t.tuple(etys);
      },
      impl: (args, retType) => {
        const vals: Value[] = [];
        const markSets: ReadonlySet<string>[] = [];
        for (let i = 0; i < args.length; i++) {
          let seq = args[i]!;
          if (retType.kind === "list") {
            try {
              seq = convert(seq, retType);
            } catch (e) {
              if (e instanceof ConversionError) throw new FunctionError(e.message, i);
              throw e;
            }
          }
          const { value, marks } = unmarkTop(seq);
          markSets.push(marks);
          for (const item of value.elements()) vals.push(item);
        }
        if (retType.kind === "list") {
          return withMarks(vals.length === 0 ? listValEmpty(retType.element) : listVal(vals), ...markSets);
        }
        return withMarks(tupleVal(vals), ...markSets);
      },
    }),
    contains: valueFunction({
      params: [param("list", t.dynamic), param("value", t.dynamic, { allowNull: true })],
      type: staticType(t.bool),
      impl: ([list, value]) => {
        if (!isSequence(list!.type)) throw new FunctionError("argument must be list, tuple, or set");
        if (list!.length === 0) return boolVal(false);
        if (!value!.isKnown) return unknownVal(t.bool);
        let unknown = false;
        for (const v of list!.elements()) {
          const eq = equal(value!, v);
          if (eq === null) unknown = true;
          else if (eq) return boolVal(true);
        }
        return unknown ? unknownVal(t.bool) : boolVal(false);
      },
    }),
    distinct: valueFunction({
      params: [param("list", t.list(t.dynamic))],
      type: ([list]) => list!.type,
      impl: ([list], retType) => {
        if (!list!.isWhollyKnown()) return unknownVal(retType);
        // cty compares each element with every one kept so far (appendIfMissing); comparing only
        // within a bucket of equal keys keeps its results and order in linear time.
        const out: Value[] = [];
        const buckets = new Map<string, Value[]>();
        for (const v of list!.elements()) {
          const key = distinctKey(v, 0);
          const bucket = buckets.get(key);
          if (bucket === undefined) buckets.set(key, [v]);
          else if (bucket.some((o) => equal(o, v) === true)) continue;
          else bucket.push(v);
          out.push(v);
        }
        return out.length === 0 ? listValEmpty(elementTypeOf(retType)) : listVal(out);
      },
    }),
    element: valueFunction({
      params: [param("list", t.dynamic, { allowMarked: true }), param("index", t.number)],
      type: ([list, index]) => {
        const ty = list!.type;
        if (ty.kind === "list") return ty.element;
        if (ty.kind === "tuple") {
          if (!index!.isKnown) return t.dynamic;
          intOr(index!, "invalid index");
          const etys = tupleTypes(ty);
          if (etys.length === 0) throw new FunctionError("cannot use element function with an empty list");
          return etys[wrappedIndex(index!, etys.length)]!;
        }
        throw new FunctionError(`cannot read elements from ${friendlyName(ty)}`);
      },
      impl: ([list, index], retType) => {
        intOr(index!, "invalid index");
        const { value, marks } = unmarkTop(list!);
        if (!value.isKnown) return unknownVal(retType);
        const l = value.length;
        if (l === 0) throw new FunctionError("cannot use element function with an empty list");
        return withMarks(value.elements()[wrappedIndex(index!, l)]!, marks);
      },
    }),
    flatten: valueFunction({
      params: [param("list", t.dynamic, { allowMarked: true })],
      type: ([list]) => {
        if (!list!.isWhollyKnown()) return t.dynamic;
        if (!isSequence(list!.type)) throw new FunctionError("can only flatten lists, sets and tuples");
        const { out, known } = flattener(list!, new Set());
        return known ? t.tuple(out.map((v) => v.type)) : t.dynamic;
      },
      impl: ([list], retType) => {
        const { value, marks } = unmarkTop(list!);
        if (value.length === 0) return withMarks(emptyTupleVal, marks);
        const all = new Set<string>();
        const { out, known } = flattener(list!, all);
        return withMarks(known ? tupleVal(out) : unknownVal(retType), all);
      },
    }),
    index: valueFunction({
      params: [param("list", t.dynamic), param("value", t.dynamic)],
      type: staticType(t.number),
      impl: ([list, value]) => {
        if (list!.type.kind !== "list" && list!.type.kind !== "tuple") {
          throw new FunctionError("argument must be a list or tuple");
        }
        const elems = list!.elements();
        if (elems.length === 0) throw new FunctionError("cannot search an empty list");
        for (let i = 0; i < elems.length; i++) {
          const eq = equal(elems[i]!, value!);
          if (eq === null) return unknownVal(t.number);
          if (eq) return numberVal(i);
        }
        throw new FunctionError("item not found");
      },
    }),
    length: valueFunction({
      params: [param("value", t.dynamic, { allowDynamicType: true, allowUnknown: true, allowMarked: true })],
      type: ([v]) => {
        const k = v!.type.kind;
        if (
          k === "string" ||
          k === "tuple" ||
          k === "object" ||
          k === "list" ||
          k === "map" ||
          k === "set" ||
          k === "dynamic"
        ) {
          return t.number;
        }
        throw new FunctionError("argument must be a string, a collection type, or a structural type");
      },
      impl: ([arg]) => {
        const { value, marks } = unmarkTop(arg!);
        const ty = value.type;
        let n: Value;
        if (ty.kind === "tuple") n = numberVal(tupleTypes(ty).length);
        else if (ty.kind === "object") n = numberVal(ty.attributeNames.length);
        else if (!value.isKnown) n = unknownVal(t.number);
        else if (ty.kind === "string") n = numberVal(graphemeCount(value.asString()));
        else {
          const l = knownLength(value);
          n = l === null ? unknownVal(t.number) : numberVal(l);
        }
        return withMarks(n, marks);
      },
    }),
    one: valueFunction({
      params: [param("list", t.dynamic)],
      type: ([list]) => {
        const ty = list!.type;
        if (ty.kind === "list" || ty.kind === "set") return ty.element;
        if (ty.kind === "tuple") {
          if (ty.elements.length === 0) return t.dynamic;
          if (ty.elements.length === 1) return ty.elements[0]!;
        }
        throw new FunctionError("must be a list, set, or tuple value with either zero or one elements", 0);
      },
      impl: ([list], retType) => {
        if (knownLength(list!) === null) return unknownVal(retType);
        const elems = list!.elements();
        if (elems.length === 0) return nullVal(retType);
        if (elems.length === 1) return elems[0]!;
        throw new FunctionError("must be a list, set, or tuple value with either zero or one elements", 0);
      },
    }),
    range: valueFunction({
      params: [],
      varParam: param("params", t.number),
      type: staticType(t.list(t.number)),
      impl: (args) => rangeOf(args.map((a) => a.asNumber())),
    }),
    reverse: valueFunction({
      params: [param("list", t.dynamic, { allowMarked: true })],
      type: ([list]) => {
        const ty = list!.type;
        if (ty.kind === "tuple") return t.tuple([...ty.elements].reverse());
        if (ty.kind === "list" || ty.kind === "set") return t.list(ty.element);
        throw new FunctionError(`can only reverse list or tuple values, not ${friendlyName(ty)}`, 0);
      },
      impl: ([list], retType) => {
        const { value, marks } = unmarkTop(list!);
        const out = [...value.elements()].reverse();
        if (retType.kind === "tuple") return withMarks(tupleVal(out), marks);
        return withMarks(out.length === 0 ? listValEmpty(elementTypeOf(retType)) : listVal(out), marks);
      },
    }),
    slice: valueFunction({
      params: [
        param("list", t.dynamic, { allowMarked: true }),
        param("start_index", t.number),
        param("end_index", t.number),
      ],
      type: (args) => {
        const ty = args[0]!.type;
        if (ty.kind === "set") {
          throw new FunctionError(
            "cannot slice a set, because its elements do not have indices; explicitly convert to a list if the ordering of the result is not important",
            0,
          );
        }
        if (ty.kind !== "list" && ty.kind !== "tuple")
          throw new FunctionError("must be a list or tuple value", 0);
        const { start, end, known } = sliceIndexes(args);
        if (ty.kind === "list") return ty;
        if (!known) return t.dynamic;
        return t.tuple(ty.elements.slice(start, end));
      },
      impl: (args, retType) => {
        const { value, marks } = unmarkTop(args[0]!);
        if (retType.kind === "dynamic") return withMarks(unknownVal(t.dynamic), marks);
        const { start, end } = sliceIndexes(args);
        const out = value.elements().slice(start, end);
        if (retType.kind === "tuple") return withMarks(tupleVal(out), marks);
        return withMarks(out.length === 0 ? listValEmpty(elementTypeOf(retType)) : listVal(out), marks);
      },
    }),
    sort: valueFunction({
      params: [param("list", t.list(t.string), { allowUnknown: true })],
      type: staticType(t.list(t.string)),
      impl: ([list], retType) => {
        if (!list!.isKnown) return unknownVal(retType);
        const elems = list!.elements();
        // As cty: some elements unknown means an unknown order, but sorting keeps the length.
        if (!list!.isWhollyKnown()) return listVal(elems.map(() => unknownVal(t.string)));
        if (elems.length === 0) return list!;
        const strs = elems.map((v, i) => {
          if (v.isNull)
            throw new FunctionError(`given list element ${i} is null; a null string cannot be sorted`);
          return v.asString();
        });
        strs.sort(compareStrings);
        return listVal(strs.map(stringVal));
      },
    }),
    sum: valueFunction({
      params: [param("list", t.dynamic)],
      type: staticType(t.number),
      impl: ([list]) => sumOf(list!),
    }),
  };
}

const NOT_NUMBERS = "argument must be list, set, or tuple of number values";

function sumOf(list: Value): Value {
  const ty = list.type;
  const k = ty.kind;
  if (!(isSequence(ty) || k === "map" || k === "object"))
    throw new FunctionError("cannot sum noniterable", 0);
  if (list.length === 0) throw new FunctionError("cannot sum an empty list", 0);
  if (!isSequence(ty)) {
    throw new FunctionError(`argument must be list, set, or tuple. Received ${friendlyName(ty)}`, 0);
  }
  if (!list.isWhollyKnown()) return unknownVal(t.number);
  let total: CtyNumber | undefined;
  for (const v of list.elements()) {
    if (v.isNull) throw new FunctionError(NOT_NUMBERS, 0);
    let n: CtyNumber;
    try {
      n = convert(v, t.number).asNumber();
    } catch (e) {
      if (e instanceof ConversionError) throw new FunctionError(NOT_NUMBERS, 0);
      throw e;
    }
    try {
      total = total === undefined ? n : numberAdd(total, n);
    } catch (e) {
      if (e instanceof CtyError) throw new FunctionError("can't compute sum of opposing infinities");
      throw e;
    }
  }
  return numberVal(total!);
}

const ZERO = CtyNumber.fromInteger(0);
const ONE = CtyNumber.fromInteger(1);
const MINUS_ONE = CtyNumber.fromInteger(-1);

/** cty's range: up to 1024 values from start towards end by step. */
function rangeOf(args: readonly CtyNumber[]): Value {
  let start: CtyNumber;
  let end: CtyNumber;
  let step: CtyNumber;
  if (args.length === 1) {
    [start, end, step] = [ZERO, args[0]!, numberCompare(args[0]!, ZERO) < 0 ? MINUS_ONE : ONE];
  } else if (args.length === 2) {
    [start, end, step] = [args[0]!, args[1]!, numberCompare(args[1]!, args[0]!) < 0 ? MINUS_ONE : ONE];
  } else if (args.length === 3) {
    [start, end, step] = [args[0]!, args[1]!, args[2]!];
  } else throw new FunctionError("must have one, two, or three arguments");
  // cty's "step must not be zero" check compares with its cty.Zero value by identity, which a
  // step read from configuration never is: a zero step runs into the 1024-value limit instead.
  const down = numberCompare(step, ZERO) < 0;
  if (down && numberCompare(end, start) > 0) {
    throw new FunctionError("end must be less than start when step is negative", 1);
  }
  if (!down && numberCompare(end, start) < 0) {
    throw new FunctionError("end must be greater than start when step is positive", 1);
  }
  const vals: Value[] = [];
  let num = start;
  for (;;) {
    const c = numberCompare(num, end);
    if (down ? c <= 0 : c >= 0) break;
    if (vals.length >= 1024) {
      throw new FunctionError(
        "more than 1024 values were generated; either decrease the difference between start and end or use a smaller step",
      );
    }
    vals.push(numberVal(num));
    num = numberAdd(num, step);
  }
  return vals.length === 0 ? listValEmpty(t.number) : listVal(vals);
}
