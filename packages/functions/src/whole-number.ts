// Numbers taken as Go integers, as gocty.FromCtyValue does for the functions that need one:
// into a Go `int` (64 bits) or a `*big.Int`, with gocty's messages.
import { FunctionError, type Value } from "@tofukit/cty";

const INT64_MIN = -(2n ** 63n);
const INT64_MAX = 2n ** 63n - 1n;

/** The number as a Go `int`, or gocty's "value must be a whole number, between …". */
export function goInt(v: Value, argIndex?: number): number {
  const n = v.asNumber();
  if (n.isInteger()) {
    const b = n.toBigInt();
    if (b >= INT64_MIN && b <= INT64_MAX) return Number(b);
  }
  throw new FunctionError(`value must be a whole number, between ${INT64_MIN} and ${INT64_MAX}`, argIndex);
}

/** The number as a Go `*big.Int`, or gocty's "value must be a whole number". */
export function goBigInt(v: Value, argIndex?: number): bigint {
  const n = v.asNumber();
  if (!n.isInteger()) throw new FunctionError("value must be a whole number", argIndex);
  return n.toBigInt();
}
