// Go's time.ParseDuration: a signed sequence of decimal numbers with units (ns, us, µs, μs,
// ms, s, m, h), as nanoseconds in an int64, with Go's error texts.
import { goQuote } from "@tofukit/gostd";

const UNITS: Readonly<Record<string, bigint>> = {
  ns: 1n,
  us: 1000n,
  µs: 1000n,
  μs: 1000n,
  ms: 1000000n,
  s: 1000000000n,
  m: 60n * 1000000000n,
  h: 3600n * 1000000000n,
};
const MAX = 2n ** 63n - 1n;

export class DurationError extends Error {}

/** The duration in nanoseconds; throws DurationError. */
export function parseGoDuration(orig: string): bigint {
  const invalid = () => new DurationError(`time: invalid duration ${goQuote(orig)}`);
  let s = orig;
  let negative = false;
  if (s !== "" && (s[0] === "-" || s[0] === "+")) {
    negative = s[0] === "-";
    s = s.slice(1);
  }
  if (s === "0") return 0n;
  if (s === "") throw invalid();
  let total = 0n;
  while (s !== "") {
    if (!(s[0] === "." || (s[0]! >= "0" && s[0]! <= "9"))) throw invalid();
    const num = /^(\d*)(?:\.(\d*))?/.exec(s)!;
    const whole = num[1]!;
    const frac = num[2] ?? "";
    if (whole === "" && frac === "") throw invalid();
    s = s.slice(num[0].length);
    const unitMatch = /^[^0-9.]*/.exec(s)![0];
    if (unitMatch === "") throw new DurationError(`time: missing unit in duration ${goQuote(orig)}`);
    const unit = UNITS[unitMatch];
    if (unit === undefined)
      throw new DurationError(`time: unknown unit ${goQuote(unitMatch)} in duration ${goQuote(orig)}`);
    s = s.slice(unitMatch.length);
    const w = BigInt(whole === "" ? "0" : whole);
    if (w > MAX / unit) throw invalid();
    let v = w * unit;
    if (frac !== "") {
      // Go keeps the fraction's leading digits while they fit, then truncates.
      v += (BigInt(frac) * unit) / 10n ** BigInt(frac.length);
    }
    total += v;
    if (total > MAX) throw invalid();
  }
  return negative ? -total : total;
}
