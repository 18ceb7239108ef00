// Go's strconv.ParseInt / ParseUint (base 10, 64 bits) on version numbers, with its error text,
// so that numbers too big for the reference are refused the way it refuses them.

const INT64_MAX = 9223372036854775807n;
const UINT64_MAX = 18446744073709551615n;

/** ParseInt(s, 10, 64): an optional sign and digits; null for syntax errors. */
export function parseInt64(s: string): bigint | null | "range" {
  if (!/^[+-]?[0-9]+$/.test(s)) return null;
  const n = BigInt(s);
  return n > INT64_MAX || n < -INT64_MAX - 1n ? "range" : n;
}

/** ParseUint(s, 10, 64) of a digit string; "range" when it does not fit. */
export function parseUint64(digits: string): bigint | "range" {
  const n = BigInt(digits);
  return n > UINT64_MAX ? "range" : n;
}

export function rangeError(fn: "ParseInt" | "ParseUint", s: string): string {
  return `strconv.${fn}: parsing ${JSON.stringify(s)}: value out of range`;
}
