// The regular-expression string functions: regex, regexall and replace (whose substring is a
// pattern when written between slashes), as cty's stdlib defines them, on RE2 semantics (re2js).
// A group of its own, so a table without them does not load the regular-expression engine.
import {
  type CtyFunction,
  FunctionError,
  listVal,
  listValEmpty,
  nullVal,
  objectVal,
  stringVal,
  type Type,
  t,
  tupleVal,
  type Value,
} from "@tofukit/cty";
import { param, staticType, valueFunction } from "../function-spec.js";
import type { FunctionOptions } from "../options.js";
import { type CompiledRegexp, compileRegexp, RegexpSyntaxError, replaceAllString } from "./regex.js";
import { type WholeStringMatcher, wholeStringMatcher } from "./whole-string-matcher.js";

const str = (name: string) => param(name, t.string);

const resultTypes = new WeakMap<CompiledRegexp, Type | FunctionError>();

/** The last pattern asked about and its answer: a rule over many values asks about one pattern. */
let lastPattern: string | undefined;
let lastAnswer: { type: Type; compiled: CompiledRegexp } | undefined;

/** The result type of regex for a pattern (cty's regexPatternResultType), remembered per compiled pattern. */
function regexResultType(pattern: string): { type: Type; compiled: CompiledRegexp } {
  if (pattern === lastPattern && lastAnswer !== undefined) return lastAnswer;
  const compiled = compilePattern(pattern);
  let type = resultTypes.get(compiled);
  if (type === undefined) {
    try {
      type = patternResultType(compiled);
    } catch (e) {
      if (!(e instanceof FunctionError)) throw e;
      type = e;
    }
    resultTypes.set(compiled, type);
  }
  if (type instanceof FunctionError) throw new FunctionError(type.message, type.argIndex);
  lastPattern = pattern;
  lastAnswer = { type, compiled };
  return lastAnswer;
}

const wholeMatchers = new WeakMap<CompiledRegexp, WholeStringMatcher | null>();

/**
 * The fast yes/no matcher of a compiled pattern without capture groups that is anchored at both
 * ends, or null. RE2 compiled it first, so its errors and result types stay RE2's; such a pattern
 * can only match the whole string, which is then regex's result and regexall's only element.
 */
function wholeMatcherOf(compiled: CompiledRegexp, pattern: string): WholeStringMatcher | null {
  let matcher = wholeMatchers.get(compiled);
  if (matcher === undefined) {
    matcher = compiled.groupNames.length === 0 ? wholeStringMatcher(pattern) : null;
    wholeMatchers.set(compiled, matcher);
  }
  return matcher;
}

function compilePattern(pattern: string): CompiledRegexp {
  try {
    return compileRegexp(pattern);
  } catch (e) {
    if (e instanceof RegexpSyntaxError) {
      if (e.errorCode !== undefined) {
        throw new FunctionError(`invalid regexp pattern: ${e.errorCode} in ${e.expr}`, 0);
      }
      throw new FunctionError(`error parsing pattern: ${e.message}`, 0);
    }
    throw e;
  }
}

function patternResultType(compiled: CompiledRegexp): Type {
  const names = compiled.groupNames;
  const unnamed = names.filter((n) => n === "").length;
  const named = names.length - unnamed;
  if (unnamed === 0 && named === 0) return t.string;
  if (unnamed > 0 && named > 0) {
    throw new FunctionError("invalid regexp pattern: cannot mix both named and unnamed capture groups", 0);
  }
  if (unnamed > 0) return t.tuple(names.map(() => t.string));
  return t.object(names.map((n) => [n, t.string] as const));
}

function regexResult(c: CompiledRegexp, s: string, m: readonly number[], type: Type): Value {
  if (type.kind === "string") return stringVal(s.slice(m[0], m[1]));
  const groups = c.groupNames.map((_, i) => {
    const a = m[2 * (i + 1)]!;
    const b = m[2 * (i + 1) + 1]!;
    return a < 0 || b < 0 ? nullVal(t.string) : stringVal(s.slice(a, b));
  });
  if (type.kind === "tuple") return tupleVal(groups);
  return objectVal(c.groupNames.map((n, i) => [n, groups[i]!] as const));
}

/** The regular-expression string functions by name. */
export function regexFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {
    regex: valueFunction({
      params: [str("pattern"), str("string")],
      type: ([p]) => (p!.isKnown ? regexResultType(p!.asString()).type : t.dynamic),
      impl: ([p, s], retType) => {
        const pattern = p!.asString();
        const { compiled } = regexResultType(pattern);
        const text = s!.asString();
        const whole = wholeMatcherOf(compiled, pattern)?.matches(text);
        if (whole === true) return stringVal(text);
        if (whole === false) throw new FunctionError("pattern did not match any part of the given string");
        const m = compiled.re.findSubmatchIndex(text);
        if (m === null) throw new FunctionError("pattern did not match any part of the given string");
        return regexResult(compiled, text, m, retType);
      },
    }),
    regexall: valueFunction({
      params: [str("pattern"), str("string")],
      type: ([p]) => t.list(p!.isKnown ? regexResultType(p!.asString()).type : t.dynamic),
      impl: ([p, s], retType) => {
        const ety = (retType as { element: Type }).element;
        const pattern = p!.asString();
        const { compiled } = regexResultType(pattern);
        const text = s!.asString();
        // Anchored at both ends, the pattern matches once (the whole string, even "") or never.
        const whole = wholeMatcherOf(compiled, pattern)?.matches(text);
        if (whole === true) return listVal([stringVal(text)], ety);
        if (whole === false) return listValEmpty(ety);
        const all = compiled.re.findAllSubmatchIndex(text, -1) ?? [];
        if (all.length === 0) return listValEmpty(ety);
        return listVal(
          all.map((m) => regexResult(compiled, text, m, ety)),
          ety,
        );
      },
    }),
    replace: valueFunction({
      params: [str("str"), str("substr"), str("replace")],
      type: staticType(t.string),
      impl: ([s, sub, rep]) => {
        const text = s!.asString();
        const pattern = sub!.asString();
        const replacement = rep!.asString();
        if (pattern.length > 1 && pattern.startsWith("/") && pattern.endsWith("/")) {
          let compiled: CompiledRegexp;
          try {
            compiled = compileRegexp(pattern.slice(1, -1));
          } catch (e) {
            if (e instanceof RegexpSyntaxError) throw new FunctionError(e.message);
            throw e;
          }
          return stringVal(replaceAllString(compiled, text, replacement));
        }
        return stringVal(goReplaceAll(text, pattern, replacement));
      },
    }),
  };
}

/** strings.ReplaceAll: an empty old string inserts `rep` between code points and at both ends. */
function goReplaceAll(s: string, old: string, rep: string): string {
  if (old !== "") return s.replaceAll(old, () => rep);
  const cps = [...s];
  return rep + cps.map((c) => c + rep).join("");
}
