// The numeric functions: abs, ceil, floor, log, max, min, parseint, pow, signum, as cty's stdlib
// and OpenTofu's funcs define them. Exact decimals throughout, except log and pow, which cty
// computes in float64.
import {
  type CtyFunction,
  CtyNumber,
  FunctionError,
  friendlyName,
  markedVal,
  marksOf,
  numberCompare,
  numberVal,
  t,
  type Value,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { goFloat64, goInt, numberFromFloat64, param, staticType, valueFunction } from "../function-spec.js";
import type { FunctionOptions } from "../options.js";
import { redactedMarks, redactIfMarked } from "../redact.js";

/** ⌊n⌋ or ⌈n⌉ of a finite number, exactly (cty converts through big.Int, so long decimals stay exact). */
function roundToInteger(n: CtyNumber, up: boolean): CtyNumber {
  if (n.infinite || n.isInteger()) return n.isZero() ? CtyNumber.fromInteger(0) : n;
  const scale = 10n ** BigInt(-n.exponent);
  let q = n.mantissa / scale;
  // Truncation moved toward zero; ceil of a positive or floor of a negative needs one more step.
  if (up !== n.negative) q += 1n;
  return CtyNumber.fromInteger(n.negative ? -q : q);
}

/** The digit value of a character in big.Int.SetString's alphabet for `base`, or -1. */
function digitValue(c: number, base: number): number {
  let d = -1;
  if (c >= 48 && c <= 57) d = c - 48;
  else if (c >= 97 && c <= 122) d = c - 97 + 10;
  else if (c >= 65 && c <= 90) d = base <= 36 ? c - 65 + 10 : c - 65 + 36;
  return d < base ? d : -1;
}

/** big.Int.SetString(s, base) for 2 ≤ base ≤ 62: an optional sign and at least one digit. */
function parseBigInt(s: string, base: number): bigint | null {
  let i = 0;
  let negative = false;
  if (s[0] === "+" || s[0] === "-") {
    negative = s[0] === "-";
    i = 1;
  }
  if (i >= s.length) return null;
  const b = BigInt(base);
  let v = 0n;
  for (; i < s.length; i++) {
    const d = digitValue(s.charCodeAt(i), base);
    if (d < 0) return null;
    v = v * b + BigInt(d);
  }
  return negative ? -v : v;
}

function extreme(args: readonly Value[], wantGreater: boolean): Value {
  if (args.length === 0) throw new FunctionError("must pass at least one number");
  let best: Value = numberVal(CtyNumber.infinity(wantGreater));
  for (const a of args) {
    const c = numberCompare(a.asNumber(), best.asNumber());
    if (wantGreater ? c > 0 : c < 0) best = a;
  }
  return best;
}

/** The numeric functions by name. */
export function numericFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  const num = (name: string) => param(name, t.number, { allowDynamicType: true });
  return {
    abs: valueFunction({
      params: [param("num", t.number, { allowDynamicType: true, allowMarked: true })],
      type: staticType(t.number),
      impl: ([v]) => {
        const n = v!.asNumber();
        return n.negative ? markedVal(numberVal(n.neg()), marksOf(v!)) : v!;
      },
    }),
    ceil: valueFunction({
      params: [param("num", t.number)],
      type: staticType(t.number),
      impl: ([v]) => numberVal(roundToInteger(v!.asNumber(), true)),
    }),
    floor: valueFunction({
      params: [param("num", t.number)],
      type: staticType(t.number),
      impl: ([v]) => numberVal(roundToInteger(v!.asNumber(), false)),
    }),
    log: valueFunction({
      params: [param("num", t.number), param("base", t.number)],
      type: staticType(t.number),
      impl: ([n, b]) => numberVal(numberFromFloat64(Math.log(goFloat64(n!)) / Math.log(goFloat64(b!)))),
    }),
    max: valueFunction({
      params: [],
      varParam: num("numbers"),
      type: staticType(t.number),
      impl: (args) => extreme(args, true),
    }),
    min: valueFunction({
      params: [],
      varParam: num("numbers"),
      type: staticType(t.number),
      impl: (args) => extreme(args, false),
    }),
    parseint: valueFunction({
      params: [
        param("number", t.dynamic, { allowMarked: true }),
        param("base", t.number, { allowMarked: true }),
      ],
      type: ([n]) => {
        if (n!.type.kind !== "string") {
          throw new FunctionError(`first argument must be a string, not ${friendly(n!)}`, 0);
        }
        return t.number;
      },
      impl: ([n, b]) => {
        const { value: text, marks: textMarks } = redactedMarks(n!);
        const { value: baseVal, marks: baseMarks } = redactedMarks(b!);
        const base = goInt(baseVal, 1);
        if (base < 2 || base > 62) {
          throw new FunctionError("base must be a whole number between 2 and 62 inclusive", 1);
        }
        const s = text.asString();
        const parsed = parseBigInt(s, base);
        if (parsed === null) {
          throw new FunctionError(
            `cannot parse ${redactIfMarked(goQuote(s), textMarks)} as a base ${redactIfMarked(String(base), baseMarks)} integer`,
            0,
          );
        }
        return markedVal(numberVal(parsed), [...textMarks, ...baseMarks]);
      },
    }),
    pow: valueFunction({
      params: [param("num", t.number), param("power", t.number)],
      type: staticType(t.number),
      impl: ([n, p]) => numberVal(numberFromFloat64(goPow(goFloat64(n!), goFloat64(p!)))),
    }),
    signum: valueFunction({
      params: [param("num", t.number)],
      type: staticType(t.number),
      impl: ([v]) => {
        const i = goInt(v!);
        return numberVal(i < 0 ? -1 : i > 0 ? 1 : 0);
      },
    }),
  };
}

function friendly(v: Value): string {
  return friendlyName(v.type);
}

/**
 * Go's math.Pow, which differs from JS's `**` in its special cases: pow(1, ±Inf) and
 * pow(-1, ±Inf) are 1 in Go and NaN in JS; pow(1, NaN) cannot arise here.
 */
function goPow(x: number, y: number): number {
  if (x === 1) return 1;
  if (x === -1 && !Number.isFinite(y)) return 1;
  return x ** y;
}
