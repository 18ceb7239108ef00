// The assume… functions of OpenTofu 1.13 (internal/lang/funcs/assume.go): an author's promise
// about a value that is not known yet. cty records the promise as a refinement of the unknown
// value; tofukit's unknown values carry no refinements, so here the promise is checked against
// every known value (the same errors, "assumption was not upheld") and an unknown value passes
// through as it is.
import { ConversionError, convert } from "@tofukit/convert";
import {
  type CtyFunction,
  containsMarked,
  EPHEMERAL,
  FunctionError,
  friendlyName,
  knownLength,
  listVal,
  mapValSorted,
  markedVal,
  marksOf,
  objectValSorted,
  SENSITIVE,
  type Type,
  t,
  tupleVal,
  unknownVal,
  unmarkedVal,
  type Value,
  valueEquals,
} from "@tofukit/cty";
import { param, staticType, valueFunction } from "../function-spec.js";
import type { FunctionOptions } from "../options.js";
import { graphemes } from "../string/graphemes.js";

const NOT_UPHELD = "assumption was not upheld";
const MAX_INT = 9223372036854775807n;

/**
 * `assumed` with the marks `actual` has at each place, other than sensitive and ephemeral
 * (they describe a value, not where it came from), as assumeequal's MarkWithPaths. Set
 * elements have no place to carry a mark to: theirs go on the set.
 */
function carryMarks(actual: Value, assumed: Value): Value {
  if (!containsMarked(actual)) return assumed;
  const own = [...marksOf(actual)].filter((m) => m !== SENSITIVE && m !== EPHEMERAL);
  const a = unmarkedVal(actual);
  const b = unmarkedVal(assumed);
  let inner = b;
  if (a.isKnown && !a.isNull && b.isKnown && !b.isNull) {
    const k = b.type.kind;
    if (k === "list" || k === "tuple") {
      const ea = a.elements();
      const eb = b.elements().map((e, i) => carryMarks(ea[i]!, e));
      inner = k === "list" ? listVal(eb, (b.type as { element: Type }).element) : tupleVal(eb);
    } else if (k === "map" || k === "object") {
      const va = a.entryValues();
      const vb = b.entryValues().map((e, i) => carryMarks(va[i]!, e));
      inner =
        k === "map"
          ? mapValSorted(b.entryKeys(), vb, (b.type as { element: Type }).element)
          : objectValSorted(b.entryKeys(), vb);
    } else if (k === "set") {
      for (const e of a.elements())
        for (const m of marksOf(e)) if (m !== SENSITIVE && m !== EPHEMERAL) own.push(m);
    }
  }
  const kept = [...marksOf(assumed), ...own];
  return kept.length === 0 ? inner : markedVal(inner, kept);
}

function assumeEqual(): CtyFunction {
  const flags = { allowNull: true, allowUnknown: true, allowDynamicType: true, allowMarked: true };
  return valueFunction({
    params: [param("actual_value", t.dynamic, flags), param("expected_value", t.dynamic, flags)],
    // The result is the second argument or an error: its type.
    type: ([, assumed]) => assumed!.type,
    impl: ([actual, assumed]) => {
      let converted: Value;
      try {
        converted = convert(actual!, assumed!.type);
      } catch (e) {
        if (!(e instanceof ConversionError)) throw e;
        throw new FunctionError(
          `actual value type ${friendlyName(actual!.type)} does not match assumed value type ${friendlyName(assumed!.type)}`,
          0,
        );
      }
      const eq = unmarkedVal(valueEquals(converted, assumed!));
      if (eq.isKnown && !eq.asBool())
        throw new FunctionError("the actual value does not match the assumed value", 0);
      return carryMarks(converted, assumed!);
    },
  });
}

function assumeNotNull(): CtyFunction {
  return valueFunction({
    params: [param("value", t.dynamic, { allowNull: true, allowUnknown: true, allowDynamicType: true })],
    type: staticType(t.dynamic),
    impl: ([v]) => {
      // cty refines no value of unknown type, so the type must be known first (the message
      // keeps the backslashes of OpenTofu's Go source).
      if (v!.type.kind === "dynamic") {
        throw new FunctionError(
          'given value must have a known type; consider using the \\"convert\\" function to specify a type to assume',
          0,
        );
      }
      if (v!.isNull) throw new FunctionError(NOT_UPHELD, 0);
      return v!;
    },
  });
}

/**
 * cty's SafeKnownPrefix, by grapheme clusters: the last cluster is dropped, since text after it
 * could join it, unless it is one of the ASCII punctuation characters that always end one.
 * (cty first cuts at the last NFC boundary, which for NFC text ends at a cluster boundary too.)
 */
function safeKnownPrefix(prefix: string): string {
  const clusters = graphemes(prefix.normalize("NFC"));
  const last = clusters[clusters.length - 1];
  if (last === undefined || "-_:;/\\,.(){}[]|?!~ \t@#$%^&*+\"'".includes(last)) return clusters.join("");
  return clusters.slice(0, -1).join("");
}

const utf8 = new TextEncoder();

function assumeStringPrefix(): CtyFunction {
  return valueFunction({
    params: [
      param("value", t.string, { allowNull: true, allowUnknown: true, allowDynamicType: true }),
      param("prefix", t.string),
    ],
    type: staticType(t.string),
    impl: ([v, prefix]) => {
      if (!v!.isKnown || v!.isNull) return v!;
      // cty compares only the bytes both have: a known string shorter than the prefix passes
      // when it begins the prefix.
      const have = utf8.encode(v!.asString());
      const want = utf8.encode(safeKnownPrefix(prefix!.asString()));
      const n = Math.min(have.length, want.length);
      for (let i = 0; i < n; i++) if (have[i] !== want[i]) throw new FunctionError(NOT_UPHELD, 0);
      return v!;
    },
  });
}

/** A length bound as OpenTofu checks it: a whole number below Go's MaxInt (negative ones pass). */
function lengthBound(v: Value, argIndex: number): number {
  const n = v.asNumber();
  if (!n.isInteger() || n.toBigInt() >= MAX_INT) {
    throw new FunctionError(`must be a whole number between 0 and ${MAX_INT}`, argIndex);
  }
  const b = n.toBigInt();
  return b < -MAX_INT ? -Infinity : Number(b);
}

type Kind = "list" | "set" | "map";
const collectionOf: Record<Kind, (e: Type) => Type> = { list: t.list, set: t.set, map: t.map };

/**
 * The bounds as cty's CollectionLengthLowerBound and UpperBound apply them: a known length
 * outside them, a null collection (whose length cty cannot take) and, for an unknown one, an
 * upper bound below the lower one (or below zero) break the assumption.
 */
function checkLength(v: Value, min: number, max: number): void {
  if (v.isNull) throw new FunctionError(NOT_UPHELD, 0);
  const n = knownLength(v);
  if (n !== null) {
    if (min > n || max < n) throw new FunctionError(NOT_UPHELD, 0);
    return;
  }
  if (max < Math.max(min, 0)) throw new FunctionError(NOT_UPHELD, 0);
}

function assumeLength(kind: Kind, bounds: "both" | "min" | "max"): CtyFunction {
  const type = collectionOf[kind](t.dynamic);
  const params = [param("value", type, { allowNull: true, allowUnknown: true, allowDynamicType: true })];
  if (bounds !== "max") params.push(param("min_length", t.number));
  if (bounds !== "min") params.push(param("max_length", t.number));
  return valueFunction({
    params,
    type: staticType(type),
    impl: (args, retType) => {
      const [v, a, b] = args;
      // OpenTofu's one-bound variants report a bad bound against argument 0.
      const first = lengthBound(a!, bounds === "both" ? 1 : 0);
      const second = b === undefined ? undefined : lengthBound(b, 2);
      const min = bounds === "max" ? 0 : first;
      const max = bounds === "min" ? Number.POSITIVE_INFINITY : bounds === "max" ? first : second!;
      // An unknown value of unknown type has nothing to refine (HCL converts it to the
      // collection type before the call).
      if (v!.type.kind === "dynamic") return unknownVal(retType);
      checkLength(v!, min, max);
      return v!;
    },
  });
}

/** The assume… functions by name. */
export function assumeFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  const out: Record<string, CtyFunction> = {
    assumeequal: assumeEqual(),
    assumenotnull: assumeNotNull(),
    assumestringprefix: assumeStringPrefix(),
  };
  for (const kind of ["list", "map", "set"] as const) {
    out[`assume${kind}length`] = assumeLength(kind, "both");
    out[`assume${kind}lengthmax`] = assumeLength(kind, "max");
    out[`assume${kind}lengthmin`] = assumeLength(kind, "min");
  }
  return out;
}
