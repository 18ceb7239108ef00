// Building blocks shared by every category of functions: parameters, a static return type, and
// the conversions to Go's int and float64 that cty's stdlib makes with gocty, with its messages.
import {
  CtyFunction,
  CtyNumber,
  FunctionError,
  type FunctionParameter,
  markedVal,
  marksOf,
  parseNumber,
  type Type,
  unmarkedVal,
  type Value,
  type ValueFunctionSpec,
} from "@tofukit/cty";

/** The flags a parameter may carry besides its name and type. */
type ParameterFlags = Omit<FunctionParameter, "name" | "type">;

/** A parameter (cty's `function.Parameter`). */
export function param(name: string, type: Type, flags: ParameterFlags = {}): FunctionParameter {
  return { name, type, ...flags };
}

/** What a RangeError from the engine means for the caller, as a function error; others as they are. */
function engineLimit(e: unknown): unknown {
  if (!(e instanceof RangeError)) return e;
  if (/call stack/i.test(e.message)) return new FunctionError("the value is nested too deeply to process");
  return new FunctionError("the result would be larger than a JavaScript string or array can hold");
}

/**
 * A value function from its spec (cty's `function.New`). The engine's own limits (string
 * length, stack depth), which Go does not have, surface as FunctionError rather than RangeError.
 * The wrappers pass their arguments on as they are, without spreading: they run on every call.
 */
export function valueFunction(spec: Omit<ValueFunctionSpec, "kind">): CtyFunction {
  const { type, impl } = spec;
  return new CtyFunction({
    ...spec,
    type: (args) => {
      try {
        return type(args);
      } catch (e) {
        throw engineLimit(e);
      }
    },
    impl: (args, returnType) => {
      try {
        return impl(args, returnType);
      } catch (e) {
        throw engineLimit(e);
      }
    },
  });
}

/** cty's `function.StaticReturnType`. */
export function staticType(type: Type): () => Type {
  return () => type;
}

const INT64_MIN = -9223372036854775808n;
const INT64_MAX = 9223372036854775807n;

/** gocty's message for a number that does not fit Go's `int` (64 bits). */
export const NOT_AN_INT =
  "value must be a whole number, between -9223372036854775808 and 9223372036854775807";

/**
 * A number as Go's `int`, as gocty.FromCtyValue converts it: whole and within int64, else
 * FunctionError (against `argIndex` when given). Magnitudes past 2^53 come back as the nearest
 * JS number; callers using them as counts or offsets treat them as "very large".
 */
export function goInt(v: Value, argIndex?: number): number {
  const n = v.asNumber();
  if (!n.isInteger()) throw new FunctionError(NOT_AN_INT, argIndex);
  const b = n.toBigInt();
  if (b < INT64_MIN || b > INT64_MAX) throw new FunctionError(NOT_AN_INT, argIndex);
  return Number(b);
}

const MAX_FLOAT_TEXT = `${BigInt(Number.MAX_VALUE).toString()}.000000`;

/** A number as Go's float64, as gocty converts it: rounded, but never silently infinite. */
export function goFloat64(v: Value, argIndex?: number): number {
  const n = v.asNumber();
  if (n.infinite) return n.negative ? -Infinity : Infinity;
  const f = Number(n.toString());
  if (!Number.isFinite(f)) {
    throw new FunctionError(
      `value must be between -${MAX_FLOAT_TEXT} and ${MAX_FLOAT_TEXT} inclusive`,
      argIndex,
    );
  }
  return f;
}

/**
 * A float64 result as a cty number (cty.NumberFloatVal): a 53-bit big.Float, whose text is the
 * shortest decimal that reads back as the same float64, which is what JS prints too. NaN makes
 * big.Float panic, which cty's Call reports as a panic in the implementation.
 */
export function numberFromFloat64(f: number): CtyNumber {
  if (Number.isNaN(f)) throw new FunctionError("panic in function implementation: Float.SetFloat64(NaN)");
  if (f === Infinity || f === -Infinity) return CtyNumber.infinity(f < 0);
  if (Object.is(f, -0)) return parseNumber("-0");
  return parseNumber(String(f));
}

/**
 * The value without its own marks and those marks (cty's shallow `Unmark`), for functions that
 * take a marked collection apart and mark only what they build from it, leaving marks nested in
 * its elements where they are.
 */
export function unmarkTop(v: Value): { readonly value: Value; readonly marks: ReadonlySet<string> } {
  const marks = marksOf(v);
  return marks.size === 0 ? { value: v, marks } : { value: unmarkedVal(v), marks };
}

/** `v` with every mark of `markSets` added (cty's `WithMarks`). */
export function withMarks(v: Value, ...markSets: readonly ReadonlySet<string>[]): Value {
  const all: string[] = [];
  for (const s of markSets) all.push(...s);
  return all.length === 0 ? v : markedVal(v, all);
}

// V8 refuses strings longer than 2^29 - 24 UTF-16 units with a RangeError.
const MAX_TEXT = 2 ** 29 - 24;

/**
 * `s` repeated `n` times, or a FunctionError where the text would be longer than a JavaScript
 * string can be (Go would allocate it; there is no reference message for this).
 */
export function repeatText(s: string, n: number, extra = 0): string {
  if (n <= 0 || s.length === 0) return "";
  if (s.length * n + extra > MAX_TEXT) {
    throw new FunctionError(`the result would be longer than the ${MAX_TEXT} characters a string can hold`);
  }
  return s.repeat(n);
}
