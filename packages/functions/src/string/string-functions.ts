// The string functions: chomp, endswith, format, formatlist, indent, join, lower, split,
// startswith, strcontains, strrev, substr, title, trim, trimprefix, trimsuffix, trimspace, upper,
// as cty's stdlib and OpenTofu's funcs define them. regex, regexall and replace are in
// regex-functions.ts.
import {
  boolVal,
  type CtyFunction,
  FunctionError,
  knownLength,
  listVal,
  listValEmpty,
  stringVal,
  type Type,
  t,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { goInt, param, repeatText, staticType, valueFunction } from "../function-spec.js";
import type { FunctionOptions } from "../options.js";
import { formatValues } from "./format.js";
import { goTitle, goToLower, goToUpper, goTrimSpace } from "./go-case.js";
import { graphemes } from "./graphemes.js";

const str = (name: string) => param(name, t.string);
const strDyn = (name: string) => param(name, t.string, { allowDynamicType: true });

/** strings.Trim(s, cutset): strips leading and trailing code points found in cutset. */
function goTrim(s: string, cutset: string): string {
  if (s === "" || cutset === "") return s;
  const set = new Set(cutset);
  const cps = [...s];
  let a = 0;
  let b = cps.length;
  while (a < b && set.has(cps[a]!)) a++;
  while (b > a && set.has(cps[b - 1]!)) b--;
  return cps.slice(a, b).join("");
}

/** strings.Split(s, sep): an empty separator splits between code points. */
function goSplit(s: string, sep: string): string[] {
  if (sep === "") return [...s];
  return s.split(sep);
}

/** cty's substr on grapheme clusters, with its handling of negative offsets and lengths. */
function substr(s: string, offset: number, length: number): string {
  const clusters = graphemes(s);
  if (offset < 0) offset += clusters.length;
  else if (length === 0) return "";
  let sub = clusters;
  if (offset > 0) {
    if (offset >= clusters.length) return "";
    sub = clusters.slice(offset);
  }
  // A length of 0 only gets here with a negative offset, where cty's loop keeps everything.
  if (length < 0 || length === 0) return sub.join("");
  return sub.slice(0, length).join("");
}

function formatListValues(args: readonly Value[], retType: Type): Value {
  const format = args[0]!.asString();
  const rest = args.slice(1);
  if (rest.length === 0) return listVal([stringVal(formatValues(format, rest))]);
  let iterLen = -1;
  let lenChooser = -1;
  const iterators: (readonly Value[] | undefined)[] = new Array(rest.length);
  let unknown = false;
  for (let i = 0; i < rest.length; i++) {
    const arg = rest[i]!;
    const k = arg.type.kind;
    if ((k === "list" || k === "set" || k === "tuple") && !arg.isNull) {
      if (k !== "tuple" && (!arg.isKnown || knownLength(arg) === null)) {
        unknown = true;
        continue;
      }
      const thisLen =
        k === "tuple" ? (arg.type as { elements: readonly Type[] }).elements.length : arg.length;
      if (iterLen === -1) {
        iterLen = thisLen;
        lenChooser = i;
      } else if (thisLen !== iterLen) {
        throw new FunctionError(
          `argument ${i + 1} has length ${thisLen}, which is inconsistent with argument ${lenChooser + 1} of length ${iterLen}`,
          i + 1,
        );
      }
      if (!arg.isKnown) {
        unknown = true;
        continue;
      }
      iterators[i] = arg.elements();
    } else if (k === "dynamic" && !arg.isKnown) unknown = true;
  }
  if (unknown) return unknownVal(retType);
  if (iterLen === 0) return listValEmpty(t.string);
  if (iterLen === -1) iterLen = 1;
  const out: Value[] = [];
  const fmtArgs: Value[] = new Array(rest.length);
  results: for (let it = 0; it < iterLen; it++) {
    for (let i = 0; i < rest.length; i++) {
      const elems = iterators[i];
      fmtArgs[i] = elems !== undefined ? elems[it]! : rest[i]!;
      if (!fmtArgs[i]!.isWhollyKnown()) {
        out.push(unknownVal(t.string));
        continue results;
      }
    }
    try {
      out.push(stringVal(formatValues(format, fmtArgs)));
    } catch (e) {
      if (e instanceof FunctionError)
        throw new FunctionError(`error on format iteration ${it}: ${e.message}`);
      throw e;
    }
  }
  return listVal(out, t.string);
}

/** The string functions by name. */
export function stringFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  const formatArgs = param("args", t.dynamic, {
    allowNull: true,
    allowUnknown: true,
    allowDynamicType: true,
  });
  return {
    chomp: valueFunction({
      params: [str("str")],
      type: staticType(t.string),
      impl: ([s]) => stringVal(s!.asString().replace(/[\r\n]+$/, "")),
    }),
    endswith: valueFunction({
      params: [str("str"), str("suffix")],
      type: staticType(t.bool),
      impl: ([s, x]) => boolVal(s!.asString().endsWith(x!.asString())),
    }),
    format: valueFunction({
      params: [str("format")],
      varParam: formatArgs,
      type: staticType(t.string),
      impl: (args) => {
        for (let i = 1; i < args.length; i++) if (!args[i]!.isWhollyKnown()) return unknownVal(t.string);
        return stringVal(formatValues(args[0]!.asString(), args.slice(1)));
      },
    }),
    formatlist: valueFunction({
      params: [str("format")],
      varParam: formatArgs,
      type: staticType(t.list(t.string)),
      impl: formatListValues,
    }),
    indent: valueFunction({
      params: [param("spaces", t.number), str("str")],
      type: staticType(t.string),
      impl: ([n, s]) => {
        const spaces = goInt(n!);
        if (spaces < 0)
          throw new FunctionError("panic in function implementation: strings: negative Repeat count");
        const text = s!.asString();
        const lines = text.split("\n").length - 1;
        const pad = repeatText(" ", spaces, text.length + lines * spaces - spaces);
        return stringVal(text.replaceAll("\n", () => `\n${pad}`));
      },
    }),
    join: valueFunction({
      params: [str("separator")],
      varParam: param("lists", t.list(t.string)),
      type: staticType(t.string),
      impl: (args) => {
        const lists = args.slice(1);
        if (lists.length < 1) throw new FunctionError("at least one list is required");
        if (!lists.every((l) => l.isWhollyKnown())) return unknownVal(t.string);
        const items: string[] = [];
        lists.forEach((list, ai) => {
          list.elements().forEach((v, ei) => {
            if (v.isNull) {
              throw new FunctionError(
                lists.length > 1
                  ? `element ${ei} of list ${ai + 1} is null; cannot concatenate null values`
                  : `element ${ei} is null; cannot concatenate null values`,
                ai + 1,
              );
            }
            items.push(v.asString());
          });
        });
        return stringVal(items.join(args[0]!.asString()));
      },
    }),
    lower: valueFunction({
      params: [strDyn("str")],
      type: staticType(t.string),
      impl: ([s]) => stringVal(goToLower(s!.asString())),
    }),
    split: valueFunction({
      params: [str("separator"), str("str")],
      type: staticType(t.list(t.string)),
      impl: ([sep, s]) => {
        const parts = goSplit(s!.asString(), sep!.asString());
        return parts.length === 0 ? listValEmpty(t.string) : listVal(parts.map(stringVal), t.string);
      },
    }),
    startswith: valueFunction({
      params: [param("str", t.string, { allowUnknown: true }), str("prefix")],
      type: staticType(t.bool),
      impl: ([s, p]) => {
        const prefix = p!.asString();
        if (!s!.isKnown) return prefix === "" ? boolVal(true) : unknownVal(t.bool);
        return boolVal(s!.asString().startsWith(prefix));
      },
    }),
    strcontains: valueFunction({
      params: [str("str"), str("substr")],
      type: staticType(t.bool),
      impl: ([s, x]) => boolVal(s!.asString().includes(x!.asString())),
    }),
    strrev: valueFunction({
      params: [strDyn("str")],
      type: staticType(t.string),
      impl: ([s]) => stringVal(graphemes(s!.asString()).reverse().join("")),
    }),
    substr: valueFunction({
      params: [
        strDyn("str"),
        param("offset", t.number, { allowDynamicType: true }),
        param("length", t.number, { allowDynamicType: true }),
      ],
      type: staticType(t.string),
      impl: ([s, o, l]) => stringVal(substr(s!.asString(), goInt(o!), goInt(l!))),
    }),
    title: valueFunction({
      params: [str("str")],
      type: staticType(t.string),
      impl: ([s]) => stringVal(goTitle(s!.asString())),
    }),
    trim: valueFunction({
      params: [str("str"), str("cutset")],
      type: staticType(t.string),
      impl: ([s, c]) => stringVal(goTrim(s!.asString(), c!.asString())),
    }),
    trimprefix: valueFunction({
      params: [str("str"), str("prefix")],
      type: staticType(t.string),
      impl: ([s, p]) => {
        const text = s!.asString();
        const prefix = p!.asString();
        return stringVal(text.startsWith(prefix) ? text.slice(prefix.length) : text);
      },
    }),
    trimspace: valueFunction({
      params: [str("str")],
      type: staticType(t.string),
      impl: ([s]) => stringVal(goTrimSpace(s!.asString())),
    }),
    trimsuffix: valueFunction({
      params: [str("str"), str("suffix")],
      type: staticType(t.string),
      impl: ([s, x]) => {
        const text = s!.asString();
        const suffix = x!.asString();
        return stringVal(
          suffix !== "" && text.endsWith(suffix) ? text.slice(0, text.length - suffix.length) : text,
        );
      },
    }),
    upper: valueFunction({
      params: [strDyn("str")],
      type: staticType(t.string),
      impl: ([s]) => stringVal(goToUpper(s!.asString())),
    }),
  };
}
