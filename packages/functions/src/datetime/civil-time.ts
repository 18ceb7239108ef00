// Instants with a fixed UTC offset, as Go's time.Time values that the datetime functions handle:
// civil fields ⇄ seconds since the Unix epoch (proleptic Gregorian), plus nanoseconds, and
// Go's time.RFC3339 formatting (no fraction; "Z" for a zero offset).

export interface Instant {
  /** Seconds since 1970-01-01T00:00:00Z. */
  readonly seconds: bigint;
  /** Nanoseconds within the second, 0 ≤ nanos < 1e9. */
  readonly nanos: number;
  /** The offset from UTC of the zone the instant is shown in, in seconds. */
  readonly offset: number;
}

interface CivilTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  /** 0 = Sunday, as Go's time.Weekday. */
  readonly weekday: number;
}

/** Days from 1970-01-01 to a civil date (Howard Hinnant's days_from_civil). */
export function daysFromCivil(year: number, month: number, day: number): number {
  const y = month <= 2 ? year - 1 : year;
  const era = Math.floor(y / 400);
  const yoe = y - era * 400;
  const doy = Math.floor((153 * (month + (month > 2 ? -3 : 9)) + 2) / 5) + day - 1;
  const doe = yoe * 365 + Math.floor(yoe / 4) - Math.floor(yoe / 100) + doy;
  return era * 146097 + doe - 719468;
}

function civilFromDays(days: number): { year: number; month: number; day: number } {
  const z = days + 719468;
  const era = Math.floor(z / 146097);
  const doe = z - era * 146097;
  const yoe = Math.floor(
    (doe - Math.floor(doe / 1460) + Math.floor(doe / 36524) - Math.floor(doe / 146096)) / 365,
  );
  const doy = doe - (365 * yoe + Math.floor(yoe / 4) - Math.floor(yoe / 100));
  const mp = Math.floor((5 * doy + 2) / 153);
  const day = doy - Math.floor((153 * mp + 2) / 5) + 1;
  const month = mp < 10 ? mp + 3 : mp - 9;
  return { year: yoe + era * 400 + (month <= 2 ? 1 : 0), month, day };
}

/** The civil fields of an instant in its own zone. */
export function civil(t: Instant): CivilTime {
  const local = t.seconds + BigInt(t.offset);
  const days = Number(local >= 0n ? local / 86400n : -((-local + 86399n) / 86400n));
  const rest = Number(local - BigInt(days) * 86400n);
  const { year, month, day } = civilFromDays(days);
  return {
    year,
    month,
    day,
    hour: Math.floor(rest / 3600),
    minute: Math.floor((rest % 3600) / 60),
    second: rest % 60,
    weekday: (((days + 4) % 7) + 7) % 7,
  };
}

function isLeapYear(year: number): boolean {
  return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
}

export function daysInMonth(year: number, month: number): number {
  return [31, isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]!;
}

const two = (n: number) => String(n).padStart(2, "0");

/** Go's Format("-07:00") (or "-0700" without the colon) of an offset. */
export function offsetText(offset: number, colon: boolean): string {
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  return `${sign}${two(Math.floor(abs / 3600))}${colon ? ":" : ""}${two(Math.floor((abs % 3600) / 60))}`;
}

/** Go's time.RFC3339 formatting. */
export function formatRFC3339(t: Instant): string {
  const c = civil(t);
  const zone = t.offset === 0 ? "Z" : offsetText(t.offset, true);
  return `${String(c.year).padStart(4, "0")}-${two(c.month)}-${two(c.day)}T${two(c.hour)}:${two(c.minute)}:${two(c.second)}${zone}`;
}

/** An instant from a JavaScript Date, in UTC. */
export function instantOfDate(d: Date): Instant {
  const ms = BigInt(d.getTime());
  const seconds = ms >= 0n ? ms / 1000n : -((-ms + 999n) / 1000n);
  return { seconds, nanos: Number(ms - seconds * 1000n) * 1e6, offset: 0 };
}
