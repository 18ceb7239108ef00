// cty's format engine (stdlib's formatFSM): Go-style verbs with flags, width, precision and
// `%[n]` argument indexes, applied to cty values with cty's conversions and error texts.
// Offsets in messages are byte offsets into the UTF-8 format string, as in Go.
import { ConversionError, convert } from "@tofukit/convert";
import { FunctionError, stringVal, t, type Value } from "@tofukit/cty";
import { goQuote, goQuoteRune } from "@tofukit/gostd";
import { repeatText } from "../function-spec.js";
import { goJSON } from "../go-json.js";
import { formatBigFloat, formatBigInt, shortestG, type VerbShape } from "./go-number-format.js";
import { graphemeCount, graphemes } from "./graphemes.js";

type Mutable<T> = { -readonly [K in keyof T]: T[K] };

interface Verb extends Mutable<VerbShape> {
  raw: string;
  offset: number;
  argNum: number;
  mode: string;
  hasWidth: boolean;
  hasPrec: boolean;
}

function utf8Length(cp: number): number {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

function utf8ByteLength(s: string): number {
  let b = 0;
  for (let i = 0; i < s.length; i++) {
    const c = s.charCodeAt(i);
    b += c < 0x80 ? 1 : c < 0x800 ? 2 : c >= 0xd800 && c <= 0xdbff ? 4 : c >= 0xdc00 && c <= 0xdfff ? 0 : 3;
  }
  return b;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function padWidth(v: Verb, text: string): string {
  if (v.width < 0) return text;
  const have = graphemeCount(text);
  if (have >= v.width) return text;
  const pad = repeatText(v.zero ? "0" : " ", v.width - have, text.length);
  return v.minus ? text + pad : pad + text;
}

function unsupported(v: Verb, detail: string): FunctionError {
  return new FunctionError(`unsupported value for ${goQuote(v.raw)} at ${v.offset}: ${detail}`);
}

function convertFor(v: Verb, arg: Value, type: typeof t.string): Value {
  if (arg.type === type) return arg;
  try {
    return convert(arg, type);
  } catch (e) {
    if (e instanceof ConversionError) throw unsupported(v, e.message);
    throw e;
  }
}

/** The verb with any `[n]` removed, as cty hands it to fmt.Sprintf. */
function appendVerb(v: Verb, args: readonly Value[]): string {
  const argIdx = v.argNum - 1;
  if (argIdx >= args.length) {
    throw new FunctionError(
      `not enough arguments for ${goQuote(v.raw)} at ${v.offset}: need index ${v.argNum} but have ${args.length} total`,
    );
  }
  const arg = args[argIdx]!;
  if (v.mode !== "v" && arg.isNull) throw unsupported(v, "null value cannot be formatted");
  switch (v.mode) {
    case "v":
      if (!v.sharp && !arg.isNull) {
        if (arg.type.kind === "string") return padWidth(v, arg.asString());
        if (arg.type.kind === "number") return padWidth(v, shortestG(arg.asNumber()));
      }
      return padWidth(v, goJSON(arg));
    case "t":
      return convertFor(v, arg, t.bool).asBool() ? "true" : "false";
    case "b":
    case "d":
    case "o":
    case "x":
    case "X": {
      const n = convertFor(v, arg, t.number).asNumber();
      if (!n.isInteger()) throw unsupported(v, "an integer is required");
      return formatBigInt(n.toBigInt(), v.mode, v);
    }
    case "e":
    case "E":
    case "f":
    case "g":
    case "G":
      return formatBigFloat(convertFor(v, arg, t.number).asNumber(), v.mode, v);
    case "s":
    case "q": {
      let str = convertFor(v, arg, t.string).asString();
      if (v.prec > 0) str = graphemes(str).slice(0, v.prec).join("");
      return padWidth(v, v.mode === "s" ? str : goJSON(stringVal(str)));
    }
    default:
      throw new FunctionError(
        `unsupported format verb ${goQuoteRune(v.mode.codePointAt(0)!)} in ${goQuote(v.raw)} at offset ${v.offset}`,
      );
  }
}

/** Formats `args` by `format` as cty's format function; throws FunctionError with cty's texts. */
export function formatValues(format: string, args: readonly Value[]): string {
  let out = "";
  let nextArg = 1;
  let highest = 0;
  let i = 0;
  let byte = 0;
  let incomplete = false;
  const n = format.length;
  const charError = (at: number, atByte: number): FunctionError =>
    new FunctionError(
      `unrecognized format character ${goQuoteRune(format.codePointAt(at)!)} at offset ${atByte}`,
    );
  while (i < n) {
    const c = format.charCodeAt(i);
    if (c !== 37) {
      const cp = format.codePointAt(i)!;
      const len = cp > 0xffff ? 2 : 1;
      out += format.slice(i, i + len);
      i += len;
      byte += utf8Length(cp);
      continue;
    }
    const startI = i;
    const start = byte;
    i++;
    byte++;
    if (i < n && format.charCodeAt(i) === 37) {
      out += "%";
      i++;
      byte++;
      continue;
    }
    if (i >= n) {
      incomplete = true;
      break;
    }
    const verb: Verb = {
      raw: "",
      offset: start,
      argNum: nextArg,
      mode: "",
      zero: false,
      sharp: false,
      plus: false,
      minus: false,
      space: false,
      width: -1,
      prec: -1,
      hasWidth: false,
      hasPrec: false,
    };
    // flags
    for (; i < n; i++, byte++) {
      const f = format[i];
      if (f === "0") verb.zero = true;
      else if (f === "#") verb.sharp = true;
      else if (f === "-") verb.minus = true;
      else if (f === "+") verb.plus = true;
      else if (f === " ") verb.space = true;
      else break;
    }
    // width: a number without a leading zero
    if (i < n && isDigit(format.charCodeAt(i))) {
      verb.width = 0;
      verb.hasWidth = true;
      for (; i < n && isDigit(format.charCodeAt(i)); i++, byte++) {
        verb.width = Math.min(verb.width * 10 + format.charCodeAt(i) - 48, Number.MAX_SAFE_INTEGER);
      }
    }
    // precision
    if (i < n && format[i] === ".") {
      verb.prec = 0;
      verb.hasPrec = true;
      for (i++, byte++; i < n && isDigit(format.charCodeAt(i)); i++, byte++) {
        verb.prec = Math.min(verb.prec * 10 + format.charCodeAt(i) - 48, Number.MAX_SAFE_INTEGER);
      }
    }
    // argument index: [n], n without a leading zero
    if (i < n && format[i] === "[") {
      i++;
      byte++;
      if (i < n) {
        const d = format.charCodeAt(i);
        if (!isDigit(d) || d === 48) throw charError(i, byte);
        verb.argNum = 0;
        for (; i < n && isDigit(format.charCodeAt(i)); i++, byte++) {
          verb.argNum = Math.min(verb.argNum * 10 + format.charCodeAt(i) - 48, Number.MAX_SAFE_INTEGER);
        }
        if (i < n && format[i] !== "]") throw charError(i, byte);
        i++;
        byte++;
      }
    }
    if (i >= n) {
      incomplete = true;
      byte = utf8ByteLength(format);
      break;
    }
    if (!isLetter(format.charCodeAt(i))) throw charError(i, byte);
    verb.mode = format[i]!;
    i++;
    byte++;
    verb.raw = format.slice(startI, i);
    if (verb.argNum > highest) highest = verb.argNum;
    out += appendVerb(verb, args);
    nextArg = verb.argNum + 1;
  }
  if (incomplete) {
    throw new FunctionError(`invalid format string starting at offset ${byte}`);
  }
  if (highest < args.length) {
    if (highest === 0) throw new FunctionError("too many arguments; no verbs in format string", 1);
    throw new FunctionError(`too many arguments; only ${highest} used by format string`, highest + 1);
  }
  return out;
}
