// Functions on maps and objects: keys, lookup, matchkeys, merge, transpose, values, zipmap, as
// cty's stdlib and OpenTofu's funcs define them.
import { ConversionError, convert, unify } from "@tofukit/convert";
import {
  type CtyFunction,
  compareStrings,
  emptyTupleVal,
  FunctionError,
  friendlyName,
  listVal,
  listValEmpty,
  mapVal,
  mapValEmpty,
  objectVal,
  stringVal,
  type Type,
  t,
  tupleVal,
  typeEquals,
  unknownVal,
  type Value,
  valueEquals,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { param, staticType, unmarkTop, valueFunction, withMarks } from "../function-spec.js";
import { redactIfMarked } from "../redact.js";

function convertOrNull(v: Value, type: Type): Value | null {
  try {
    return convert(v, type);
  } catch (e) {
    if (e instanceof ConversionError) return null;
    throw e;
  }
}

function mergeType(args: readonly Value[]): Type {
  if (args.length === 0) return t.object({});
  const attrs = new Map<string, Type>();
  let first: Type | undefined;
  let matching = true;
  let attrsKnown = true;
  for (let i = 0; i < args.length; i++) {
    let ty = args[i]!.type;
    if (ty.kind === "dynamic") return t.dynamic;
    if (ty.kind !== "map" && ty.kind !== "object") {
      throw new FunctionError(`arguments must be maps or objects, got ${goQuote(friendlyName(ty))}`);
    }
    const arg = unmarkTop(args[i]!).value;
    if (ty.kind === "object") {
      if (arg.isNull) ty = t.object({});
      else
        for (let j = 0; j < ty.attributeNames.length; j++)
          attrs.set(ty.attributeNames[j]!, ty.attributeTypes[j]!);
    } else if (!arg.isNull) {
      if (arg.isKnown) for (const k of arg.entryKeys()) attrs.set(k, ty.element);
      else attrsKnown = false;
    }
    if (i === 0) first = ty;
    else if (matching && !typeEquals(ty, first!)) matching = false;
  }
  if (matching) return first!;
  if (!attrsKnown) return t.dynamic;
  return t.object([...attrs]);
}

/** The mapping functions by name. */
export function mappingFunctions(): Record<string, CtyFunction> {
  return {
    keys: valueFunction({
      params: [param("inputMap", t.dynamic, { allowUnknown: true, allowMarked: true })],
      type: ([m]) => {
        const ty = m!.type;
        if (ty.kind === "map") return t.list(t.string);
        if (ty.kind === "object") return t.tuple(ty.attributeNames.map(() => t.string));
        throw new FunctionError("must have map or object type", 0);
      },
      impl: ([arg], retType) => {
        const { value, marks } = unmarkTop(arg!);
        const ty = value.type;
        if (ty.kind === "object") {
          const names = [...ty.attributeNames].sort(compareStrings);
          return withMarks(names.length === 0 ? emptyTupleVal : tupleVal(names.map(stringVal)), marks);
        }
        if (!value.isKnown) return withMarks(unknownVal(retType), marks);
        const keys = value.entryKeys();
        return withMarks(keys.length === 0 ? listValEmpty(t.string) : listVal(keys.map(stringVal)), marks);
      },
    }),
    lookup: valueFunction({
      params: [
        param("inputMap", t.dynamic, { allowMarked: true }),
        param("key", t.string, { allowMarked: true }),
      ],
      varParam: param("default", t.dynamic, {
        allowUnknown: true,
        allowDynamicType: true,
        allowNull: true,
        allowMarked: true,
      }),
      type: (args) => {
        if (args.length < 1 || args.length > 3) {
          throw new FunctionError(`lookup() takes two or three arguments, got ${args.length}`);
        }
        const ty = args[0]!.type;
        if (ty.kind === "object") {
          if (!args[1]!.isKnown) return t.dynamic;
          const key = unmarkTop(args[1]!).value.asString();
          const i = ty.attributeNames.indexOf(key);
          if (i >= 0) return ty.attributeTypes[i]!;
          if (args.length === 3) return args[2]!.type;
          throw new FunctionError(`the given object has no attribute ${goQuote(key)}`, 0);
        }
        if (ty.kind === "map") {
          if (args.length === 3 && convertOrNull(unmarkTop(args[2]!).value, ty.element) === null) {
            throw new FunctionError("the default value must have the same type as the map elements", 2);
          }
          return ty.element;
        }
        throw new FunctionError("lookup() requires a map as the first argument", 0);
      },
      impl: (args, retType) => {
        const { value: map, marks: mapMarks } = unmarkTop(args[0]!);
        const { value: keyVal, marks: keyMarks } = unmarkTop(args[1]!);
        const key = keyVal.asString();
        if (!map.isKnown) return withMarks(unknownVal(retType), mapMarks, keyMarks);
        if (map.type.kind === "object") {
          if (map.type.attributeNames.includes(key)) return withMarks(map.get(key)!, mapMarks, keyMarks);
        } else {
          const found = map.get(key);
          if (found !== undefined) return withMarks(found, mapMarks, keyMarks);
        }
        if (args.length === 3) {
          // The default keeps its own marks through the conversion, as cty's conversion does.
          const { value: dflt, marks: dfltMarks } = unmarkTop(args[2]!);
          let d: Value;
          try {
            d = convert(dflt, retType);
          } catch (e) {
            if (e instanceof ConversionError) throw new FunctionError(e.message);
            throw e;
          }
          return withMarks(d, dfltMarks, mapMarks, keyMarks);
        }
        throw new FunctionError(`lookup failed to find key ${redactIfMarked(goQuote(key), keyMarks)}`);
      },
    }),
    matchkeys: valueFunction({
      params: [
        param("values", t.list(t.dynamic)),
        param("keys", t.list(t.dynamic)),
        param("searchset", t.list(t.dynamic)),
      ],
      type: ([values, keys, search]) => {
        if (unify([keys!.type, search!.type], { unsafe: true }) === null) {
          throw new FunctionError("keys and searchset must be of the same type");
        }
        return values!.type;
      },
      impl: ([values, keysArg, searchArg], retType) => {
        const ety = (retType as { element: Type }).element;
        if (values!.length !== keysArg!.length)
          throw new FunctionError("length of keys and values should be equal");
        const ty = unify([keysArg!.type, searchArg!.type], { unsafe: true })!;
        const keys = convert(keysArg!, ty);
        const search = convert(searchArg!, ty);
        if (search.length === 0) return listValEmpty(ety);
        if (!values!.isWhollyKnown() || !keys.isWhollyKnown()) return unknownVal(retType);
        const vals = values!.elements();
        const out: Value[] = [];
        const keyElems = keys.elements();
        for (let i = 0; i < keyElems.length; i++) {
          for (const s of search.elements()) {
            const eq = valueEquals(keyElems[i]!, s);
            if (!eq.isKnown) return listValEmpty(ety);
            if (eq.asBool()) {
              out.push(vals[i]!);
              break;
            }
          }
        }
        return out.length === 0 ? listValEmpty(ety) : listVal(out);
      },
    }),
    merge: valueFunction({
      params: [],
      varParam: param("maps", t.dynamic, { allowDynamicType: true, allowNull: true, allowMarked: true }),
      type: mergeType,
      impl: (args, retType) => {
        const out = new Map<string, Value>();
        const markSets: ReadonlySet<string>[] = [];
        for (const a of args) {
          if (a.isNull) continue;
          const { value, marks } = unmarkTop(a);
          markSets.push(marks);
          const keys = value.entryKeys();
          const vals = value.entryValues();
          for (let i = 0; i < keys.length; i++) out.set(keys[i]!, vals[i]!);
        }
        if (retType.kind === "map") {
          return withMarks(
            out.size === 0 ? mapValEmpty(retType.element) : mapVal(out, retType.element),
            ...markSets,
          );
        }
        return withMarks(objectVal(out), ...markSets);
      },
    }),
    transpose: valueFunction({
      params: [param("values", t.map(t.list(t.string)))],
      type: staticType(t.map(t.list(t.string))),
      impl: ([input], retType) => {
        if (!input!.isWhollyKnown()) return unknownVal(retType);
        const tmp = new Map<string, string[]>();
        const keys = input!.entryKeys();
        const lists = input!.entryValues();
        for (let i = 0; i < keys.length; i++) {
          const inKey = keys[i]!;
          const list = lists[i]!;
          if (list.isNull) throw new FunctionError(`cannot use null list for [${goQuote(inKey)}]`, 0);
          list.elements().forEach((v, j) => {
            if (v.isNull) throw new FunctionError(`cannot use null string for [${goQuote(inKey)}][${j}]`, 0);
            const outKey = v.asString();
            const got = tmp.get(outKey) ?? [];
            got.push(inKey);
            tmp.set(outKey, got);
          });
        }
        if (tmp.size === 0) return mapValEmpty(t.list(t.string));
        const entries = [...tmp].map(
          ([k, vs]) => [k, listVal(vs.sort(compareStrings).map(stringVal))] as const,
        );
        return mapVal(entries);
      },
    }),
    values: valueFunction({
      params: [param("mapping", t.dynamic, { allowMarked: true })],
      type: ([m]) => {
        const ty = m!.type;
        if (ty.kind === "map") return t.list(ty.element);
        if (ty.kind === "object") {
          const order = ty.attributeNames.map((n, i) => [n, ty.attributeTypes[i]!] as const);
          order.sort((a, b) => compareStrings(a[0], b[0]));
          return t.tuple(order.map(([, ty]) => ty));
        }
        throw new FunctionError("values() requires a map as the first argument");
      },
      impl: ([m], retType) => {
        const { value, marks } = unmarkTop(m!);
        const vals = [...value.entryValues()];
        if (retType.kind === "tuple") return withMarks(tupleVal(vals), marks);
        return withMarks(
          vals.length === 0 ? listValEmpty((retType as { element: Type }).element) : listVal(vals),
          marks,
        );
      },
    }),
    zipmap: valueFunction({
      params: [
        param("keys", t.list(t.string), { allowMarked: true }),
        param("values", t.dynamic, { allowMarked: true }),
      ],
      type: ([keysArg, values]) => {
        const vty = values!.type;
        if (vty.kind === "list") return t.map(vty.element);
        if (vty.kind === "tuple") {
          if (!keysArg!.isWhollyKnown()) return t.dynamic;
          const keys = unmarkTop(keysArg!).value.elements();
          if (keys.length !== vty.elements.length) {
            throw new FunctionError(
              `number of keys (${keys.length}) does not match number of values (${vty.elements.length})`,
            );
          }
          const attrs = new Map<string, Type>();
          keys.forEach((k, i) => {
            const kv = unmarkTop(k).value;
            if (kv.isNull) throw new FunctionError(`keys list has null value at index ${i}`);
            attrs.set(kv.asString(), vty.elements[i]!);
          });
          return t.object([...attrs]);
        }
        throw new FunctionError("values argument must be a list or tuple value");
      },
      impl: ([keysArg, valuesArg], retType) => {
        const { value: keys, marks: keyMarks } = unmarkTop(keysArg!);
        const { value: values, marks: valueMarks } = unmarkTop(valuesArg!);
        const markSets: ReadonlySet<string>[] = [keyMarks, valueMarks];
        if (!keys.isWhollyKnown()) return withMarks(unknownVal(retType), ...markSets);
        if (keys.length !== values.length) {
          throw new FunctionError(
            `number of keys (${keys.length}) does not match number of values (${values.length})`,
          );
        }
        const out = new Map<string, Value>();
        const vals = values.elements();
        keys.elements().forEach((k, i) => {
          const { value: kv, marks } = unmarkTop(k);
          markSets.push(marks);
          out.set(kv.asString(), vals[i]!);
        });
        if (retType.kind === "map") {
          return withMarks(
            out.size === 0 ? mapValEmpty(retType.element) : mapVal(out, retType.element),
            ...markSets,
          );
        }
        return withMarks(objectVal(out), ...markSets);
      },
    }),
  };
}
