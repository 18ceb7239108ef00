// formatdate's format language (cty stdlib): runs of one letter are verbs (YYYY, MM, D, EEE,
// hh, HH, AA, mm, ss, Z…), text in single quotes is literal ('' is a quote), anything else is
// copied; with cty's messages for verbs it does not know.
import { goQuote } from "@tofukit/gostd";
import { civil, type Instant, offsetText } from "./civil-time.js";

export class FormatError extends Error {}

const MONTHS = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
];
const DAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"];

const isLetter = (c: string) => (c >= "a" && c <= "z") || (c >= "A" && c <= "Z");

/** The tokens of a format, as cty's splitDateFormat cuts them. */
function tokens(format: string): string[] {
  const out: string[] = [];
  let i = 0;
  while (i < format.length) {
    const c = format[i]!;
    let j = i + 1;
    if (c === "'") {
      if (format[j] === "'") j++;
      else {
        while (j < format.length) {
          if (format[j] === "'") {
            if (format[j + 1] === "'") {
              j += 2;
              continue;
            }
            j++;
            break;
          }
          j++;
        }
      }
    } else if (isLetter(c)) {
      while (j < format.length && format[j] === c) j++;
    } else {
      while (j < format.length && format[j] !== "'" && !isLetter(format[j]!)) j++;
    }
    out.push(format.slice(i, j));
    i = j;
  }
  return out;
}

const pad = (n: number, w: number) => String(n).padStart(w, "0");

function verb(tok: string, t: Instant): string {
  const c = civil(t);
  const q = goQuote(tok);
  const n = tok.length;
  switch (tok[0]) {
    case "Y":
      if (n === 2) return pad(((c.year % 100) + 100) % 100, 2);
      if (n === 4) return pad(c.year, 4);
      throw new FormatError(`invalid date format verb ${q}: year must either be "YY" or "YYYY"`);
    case "M":
      if (n === 1) return String(c.month);
      if (n === 2) return pad(c.month, 2);
      if (n === 3) return MONTHS[c.month - 1]!.slice(0, 3);
      if (n === 4) return MONTHS[c.month - 1]!;
      throw new FormatError(`invalid date format verb ${q}: month must be "M", "MM", "MMM", or "MMMM"`);
    case "D":
      if (n === 1) return String(c.day);
      if (n === 2) return pad(c.day, 2);
      throw new FormatError(`invalid date format verb ${q}: day of month must either be "D" or "DD"`);
    case "E":
      if (n === 3) return DAYS[c.weekday]!.slice(0, 3);
      if (n === 4) return DAYS[c.weekday]!;
      throw new FormatError(`invalid date format verb ${q}: day of week must either be "EEE" or "EEEE"`);
    case "h":
      if (n === 1) return String(c.hour);
      if (n === 2) return pad(c.hour, 2);
      throw new FormatError(`invalid date format verb ${q}: 24-hour must either be "h" or "hh"`);
    case "H": {
      const h = c.hour % 12 === 0 ? 12 : c.hour % 12;
      if (n === 1) return String(h);
      if (n === 2) return pad(h, 2);
      throw new FormatError(`invalid date format verb ${q}: 12-hour must either be "H" or "HH"`);
    }
    case "A":
    case "a": {
      if (n !== 2) throw new FormatError(`invalid date format verb ${q}: must be "${tok[0]}${tok[0]}"`);
      const pm = c.hour >= 12;
      return tok[0] === "A" ? (pm ? "PM" : "AM") : pm ? "pm" : "am";
    }
    case "m":
      if (n === 1) return String(c.minute);
      if (n === 2) return pad(c.minute, 2);
      throw new FormatError(`invalid date format verb ${q}: minute must either be "m" or "mm"`);
    case "s":
      if (n === 1) return String(c.second);
      if (n === 2) return pad(c.second, 2);
      throw new FormatError(`invalid date format verb ${q}: second must either be "s" or "ss"`);
    case "Z":
      if (n === 1) return t.offset === 0 ? "Z" : offsetText(t.offset, true);
      if (n === 3) return t.offset === 0 ? "UTC" : offsetText(t.offset, false);
      if (n === 4) return offsetText(t.offset, false);
      if (n === 5) return offsetText(t.offset, true);
      throw new FormatError(`invalid date format verb ${q}: timezone must be Z, ZZZZ, or ZZZZZ`);
    default:
      throw new FormatError(`invalid date format verb ${q}`);
  }
}

/** The formatted time; throws FormatError. */
export function formatDate(format: string, t: Instant): string {
  let out = "";
  for (const tok of tokens(format)) {
    if (tok[0] === "'") {
      if (tok.length === 1 || !tok.endsWith("'")) throw new FormatError("unterminated literal '");
      out += tok.length === 2 ? "'" : tok.slice(1, -1).replaceAll("''", "'");
    } else if (isLetter(tok[0]!)) out += verb(tok, t);
    else out += tok;
  }
  return out;
}
