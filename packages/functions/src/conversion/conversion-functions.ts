// The type conversion functions: tobool, tolist, tomap, tonumber, toset, tostring, as OpenTofu's
// MakeToFunc defines them, through @tofukit/convert, with OpenTofu's messages.
//
// OpenTofu's `type` function exists only in `tofu console` and `convert` needs its second
// argument read as a type expression, so neither is in this table.
import { ConversionError, convert } from "@tofukit/convert";
import {
  type CtyFunction,
  containsMarked,
  EPHEMERAL,
  FunctionError,
  friendlyName,
  markedVal,
  marksDeep,
  SENSITIVE,
  type Type,
  t,
  typeEquals,
  unknownVal,
  unmarkDeep,
  type Value,
  withMarksOf,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { param, valueFunction } from "../function-spec.js";
import type { FunctionOptions } from "../options.js";

function conversionError(v: Value, want: Type): ConversionError | null {
  try {
    convert(v, want);
    return null;
  } catch (e) {
    if (e instanceof ConversionError) return e;
    throw e;
  }
}

/**
 * The converted value with the marks of the original: its own marks, and any nested mark the
 * conversion dropped with the element it rebuilt (on the whole result, as cty's conversion of
 * a marked element keeps the mark on the new element).
 */
export function keepMarks(converted: Value, original: Value): Value {
  if (!containsMarked(original)) return converted;
  let out = withMarksOf(converted, original);
  const have = marksDeep(out);
  const lost = [...marksDeep(original)].filter((m) => !have.has(m));
  if (lost.length > 0) out = markedVal(out, lost);
  return out;
}

function toFunction(want: Type): CtyFunction {
  const wantName = friendlyName(want, { constraint: true });
  return valueFunction({
    params: [param("v", t.dynamic, { allowNull: true, allowMarked: true, allowDynamicType: true })],
    type: ([arg]) => {
      const got = arg!.type;
      if (typeEquals(got, want)) return want;
      const err = conversionError(unknownVal(got), want);
      if (err !== null) {
        if (got.kind === "tuple" && want.kind === "tuple") {
          throw new FunctionError(`incompatible tuple type for conversion: ${err.message}`, 0);
        }
        if (got.kind === "object" && want.kind === "object") {
          throw new FunctionError(`incompatible object type for conversion: ${err.message}`, 0);
        }
        throw new FunctionError(`cannot convert ${friendlyName(got)} to ${wantName}`, 0);
      }
      return want;
    },
    impl: ([arg], retType) => {
      const { value } = unmarkDeep(arg!);
      try {
        return keepMarks(convert(arg!, retType), arg!);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        const got = value.type;
        const marks = marksDeep(arg!);
        if (marks.has(EPHEMERAL)) {
          throw new FunctionError(`cannot convert this ephemeral ${friendlyName(got)} to ${wantName}`, 0);
        }
        if (marks.has(SENSITIVE)) {
          throw new FunctionError(`cannot convert this sensitive ${friendlyName(got)} to ${wantName}`, 0);
        }
        const what = value.isNull ? "string" : got.kind === "string" ? goQuote(value.asString()) : "";
        if (got.kind === "string" && want.kind === "bool") {
          throw new FunctionError(
            `cannot convert ${what} to bool; only the strings "true" or "false" are allowed`,
            0,
          );
        }
        if (got.kind === "string" && want.kind === "number") {
          throw new FunctionError(
            `cannot convert ${what} to number; given string must be a decimal representation of a number`,
            0,
          );
        }
        throw new FunctionError(`cannot convert ${friendlyName(got)} to ${wantName}`, 0);
      }
    },
  });
}

/** The conversion functions by name. */
export function conversionFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {
    tobool: toFunction(t.bool),
    tolist: toFunction(t.list(t.dynamic)),
    tomap: toFunction(t.map(t.dynamic)),
    tonumber: toFunction(t.number),
    toset: toFunction(t.set(t.dynamic)),
    tostring: toFunction(t.string),
  };
}
