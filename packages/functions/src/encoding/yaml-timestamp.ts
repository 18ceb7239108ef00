// The YAML timestamps go-cty-yaml turns into RFC 3339 strings: Go's time.Parse with the layouts
// "2006-1-2T15:4:5.999999999Z07:00" (T or t), "2006-1-2 15:4:5.999999999" and "2006-1-2",
// printed as Go's time.RFC3339 (no fraction, "Z" for a zero offset).

const FULL = /^(\d{4})-(\d{1,2})-(\d{1,2})[Tt](\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d+))?(Z|[+-]\d{2}:\d{2})$/;
const SPACED = /^(\d{4})-(\d{1,2})-(\d{1,2}) (\d{1,2}):(\d{1,2}):(\d{1,2})(?:\.(\d+))?$/;
const DATE = /^(\d{4})-(\d{1,2})-(\d{1,2})$/;

function daysIn(year: number, month: number): number {
  return [
    31,
    year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28,
    31,
    30,
    31,
    30,
    31,
    31,
    30,
    31,
    30,
    31,
  ][month - 1]!;
}

const two = (n: number) => String(n).padStart(2, "0");

/** The RFC 3339 text of a YAML timestamp, or null when it is not one. */
export function yamlTimestamp(s: string): string | null {
  const m = FULL.exec(s) ?? SPACED.exec(s) ?? DATE.exec(s);
  if (m === null) return null;
  const [year, month, day] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const [hour, minute, second] = [Number(m[4] ?? 0), Number(m[5] ?? 0), Number(m[6] ?? 0)];
  if (month < 1 || month > 12 || day < 1 || day > daysIn(year, month)) return null;
  if (hour > 23 || minute > 59 || second > 59) return null;
  // Go's .999999999 takes at most nine fractional digits.
  if (m[7] !== undefined && m[7].length > 9) return null;
  const zone = m[8] === undefined || m[8] === "Z" || m[8] === "+00:00" || m[8] === "-00:00" ? "Z" : m[8];
  if (zone !== "Z") {
    const [h, min] = zone.slice(1).split(":").map(Number);
    if (h! > 23 || min! > 59) return null;
  }
  return `${String(year).padStart(4, "0")}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}:${two(second)}${zone}`;
}
