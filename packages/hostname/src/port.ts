// The port portion of a friendly hostname, normalized as svchost does: Go's strconv.Atoi
// semantics (optional sign, ASCII digits, int64 range), 443 dropped, no lower bound.
type PortResult =
  | { readonly ok: true; readonly portion: string }
  | { readonly ok: false; readonly reason: "syntax" | "range" };

const INT64_MAX = 9223372036854775807n;

/** Normalizes `portion`, which is "" or starts with ":". */
export function normalizePortPortion(portion: string): PortResult {
  if (portion === "") return { ok: true, portion: "" };
  const digits = portion.slice(1);
  if (!/^[+-]?[0-9]+$/.test(digits)) return { ok: false, reason: "syntax" };
  const negative = digits[0] === "-";
  const magnitude = digits.replace(/^[+-]/, "");
  let value: bigint;
  if (magnitude.length <= 15) {
    value = BigInt(Number.parseInt(magnitude, 10));
  } else {
    value = BigInt(magnitude);
    if (value > INT64_MAX + (negative ? 1n : 0n)) return { ok: false, reason: "syntax" };
  }
  if (negative) value = -value;
  if (value === 443n) return { ok: true, portion: "" };
  if (value > 65535n) return { ok: false, reason: "range" };
  return { ok: true, portion: `:${value}` };
}
