// Timestamps as cty's parseTimestamp reads them: strict RFC 3339, and for text that is not,
// the message cty derives from where Go's time.Parse(time.RFC3339, …) stopped (its layout
// element and the rest of the text there), including Go's quirks: a month out of range is
// reported with the text after it, and offsets up to 24:00 get past Go to cty's own check.
import { goQuote } from "@tofukit/gostd";

import { daysFromCivil, daysInMonth, type Instant } from "./civil-time.js";

/** Why Go's parser stopped: its layout element, the text there, and its message, if any. */
interface GoParseError {
  readonly layoutElem: string;
  readonly valueElem: string;
  readonly message: string;
}

export class TimestampError extends Error {}

const isDigitAt = (s: string, i: number) => i < s.length && s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57;

/** Go's getnum: one or two digits (exactly two when fixed). */
function getnum(s: string, fixed: boolean): { n: number; rest: string } | null {
  if (!isDigitAt(s, 0)) return null;
  if (!isDigitAt(s, 1)) return fixed ? null : { n: s.charCodeAt(0) - 48, rest: s.slice(1) };
  return { n: Number(s.slice(0, 2)), rest: s.slice(2) };
}

interface Parsed {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
  nanos: number;
  offset: number;
}

/** Go's lenient time.Parse with the RFC 3339 layout: the fields, or where it stopped. */
function goParse(text: string): Parsed | GoParseError {
  let value = text;
  const p: Parsed = { year: 0, month: 0, day: 0, hour: 0, minute: 0, second: 0, nanos: 0, offset: 0 };
  const bad = (layoutElem: string, valueElem: string, message = ""): GoParseError => ({
    layoutElem,
    valueElem,
    message,
  });
  const literal = (c: string): GoParseError | null => {
    if (value.length === 0 || value[0] !== c) return bad(c, value);
    value = value.slice(1);
    return null;
  };
  // 2006
  if (value.length < 4 || !isDigitAt(value, 0) || !/^\d{4}$/.test(value.slice(0, 4)))
    return bad("2006", value);
  p.year = Number(value.slice(0, 4));
  value = value.slice(4);
  const fixedNumber = (elem: string, fixed: boolean, max: number, name: string): GoParseError | number => {
    const hold = value;
    const r = getnum(value, fixed);
    if (r === null) return bad(elem, hold);
    value = r.rest;
    if (r.n > max || (name === "month" && r.n < 1)) return bad(elem, value, `: ${name} out of range`);
    return r.n;
  };
  // The layout after the year: literals and two-digit fields, in order.
  const steps: readonly (readonly [string, boolean, number, keyof Parsed | null])[] = [
    ["-", false, 0, null],
    ["01", true, 12, "month"],
    ["-", false, 0, null],
    ["02", true, 99, "day"],
    ["T", false, 0, null],
    ["15", false, 23, "hour"],
    [":", false, 0, null],
    ["04", true, 59, "minute"],
    [":", false, 0, null],
    ["05", true, 59, "second"],
  ];
  for (const [elem, fixed, max, field] of steps) {
    if (field === null) {
      const e = literal(elem);
      if (e !== null) return e;
      continue;
    }
    const r = fixedNumber(elem, fixed, max, field);
    if (typeof r !== "number") return r;
    p[field] = r;
  }
  // A fraction after the seconds, with a period or (since Go 1.17) a comma.
  if (value.length >= 2 && (value[0] === "." || value[0] === ",") && isDigitAt(value, 1)) {
    let n = 2;
    while (isDigitAt(value, n)) n++;
    p.nanos = Number(value.slice(1, Math.min(n, 10)).padEnd(9, "0"));
    value = value.slice(n);
  }
  // Z07:00
  if (value.length >= 1 && value[0] === "Z") value = value.slice(1);
  else {
    const hold = value;
    if (value.length < 6 || value[3] !== ":") return bad("Z07:00", hold);
    const hr = getnum(value.slice(1, 3), true);
    const mm = getnum(value.slice(4, 6), true);
    const sign = value[0];
    value = value.slice(6);
    if (hr === null || mm === null || (sign !== "+" && sign !== "-")) return bad("Z07:00", hold);
    if (hr.n > 24) return bad("Z07:00", value, ": time zone offset hour out of range");
    if (mm.n > 60) return bad("Z07:00", value, ": time zone offset minute out of range");
    p.offset = (sign === "-" ? -1 : 1) * (hr.n * 3600 + mm.n * 60);
  }
  if (value.length > 0) return bad("", value, `: extra text: ${goQuote(value)}`);
  if (p.day < 1 || p.day > daysInMonth(p.year, p.month)) return bad("", "", ": day out of range");
  return p;
}

const WHAT: Readonly<Record<string, string>> = {
  "2006": "year",
  "01": "month",
  "02": "day of month",
  "15": "hour",
  "04": "minute",
  "05": "second",
  "Z07:00": "UTC offset",
};

function message(err: GoParseError): string {
  const prefix = "not a valid RFC3339 timestamp";
  if (err.layoutElem === "" && err.valueElem === "" && err.message !== "") return `${prefix}${err.message}`;
  if (err.layoutElem === "T") return `${prefix}: missing required time introducer 'T'`;
  if (err.layoutElem === ":" || err.layoutElem === "-") {
    return err.valueElem === ""
      ? `${prefix}: end of string where ${goQuote(err.layoutElem)} is expected`
      : `${prefix}: found ${goQuote(err.valueElem)} where ${goQuote(err.layoutElem)} is expected`;
  }
  const what = WHAT[err.layoutElem] ?? "timestamp segment";
  if (err.valueElem === "") return `${prefix}: end of string before ${what}`;
  if (what === "hour" && err.valueElem.includes(":"))
    return `${prefix}: hour must be between 0 and 23 inclusive`;
  if (what === "hour" && err.valueElem.length !== 2) return `${prefix}: hour must have exactly two digits`;
  if (what === "minute" && err.valueElem.length !== 2)
    return `${prefix}: minute must have exactly two digits`;
  return `${prefix}: cannot use ${goQuote(err.valueElem)} as ${what}`;
}

const STRICT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(?:\.(\d+))?(?:Z|([+-])(\d{2}):(\d{2}))$/;

/** A timestamp in strict RFC 3339, or TimestampError with cty's message. */
export function parseTimestamp(text: string): Instant {
  const m = STRICT.exec(text);
  if (m !== null) {
    const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
      number,
      number,
      number,
      number,
      number,
      number,
    ];
    const zh = m[9] === undefined ? 0 : Number(m[9]);
    const zm = m[10] === undefined ? 0 : Number(m[10]);
    if (
      month >= 1 &&
      month <= 12 &&
      day >= 1 &&
      day <= daysInMonth(year, month) &&
      hour <= 23 &&
      minute <= 59 &&
      second <= 59 &&
      zh <= 23 &&
      zm <= 59
    ) {
      const offset = (m[8] === "-" ? -1 : 1) * (zh * 3600 + zm * 60);
      const nanos = m[7] === undefined ? 0 : Number(m[7].slice(0, 9).padEnd(9, "0"));
      const local =
        BigInt(daysFromCivil(year, month, day)) * 86400n + BigInt(hour * 3600 + minute * 60 + second);
      return { seconds: local - BigInt(offset), nanos, offset };
    }
  }
  const parsed = goParse(text);
  if ("layoutElem" in parsed) throw new TimestampError(message(parsed));
  // Go accepted what strict RFC 3339 refuses: cty names the reason.
  if (text[12] === ":")
    throw new TimestampError(message({ layoutElem: "15", valueElem: text.slice(11, 12), message: "" }));
  if (text[19] === ",") throw new TimestampError(message({ layoutElem: ".", valueElem: ",", message: "" }));
  if (!text.endsWith("Z")) {
    const tail = text.slice(-6);
    if (Number(text.slice(-5, -3)) >= 24 || Number(text.slice(-2)) >= 60) {
      throw new TimestampError(message({ layoutElem: "Z07:00", valueElem: tail, message: "" }));
    }
  }
  throw new TimestampError(
    message({ layoutElem: "2006-01-02T15:04:05Z07:00", valueElem: text, message: "" }),
  );
}
