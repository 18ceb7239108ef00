// The encoding functions: base64decode, base64encode, base64gzip, base64gunzip, csvdecode,
// jsondecode, jsonencode, textdecodebase64, textencodebase64, urldecode, urlencode, yamldecode
// and yamlencode, as OpenTofu's funcs/encoding.go, cty's stdlib and go-cty-yaml.
import {
  CtyFunction,
  FunctionError,
  listVal,
  listValEmpty,
  markedVal,
  marksOf,
  objectVal,
  stringVal,
  type Type,
  t,
  unknownVal,
  unmarkedVal,
  type Value,
} from "@tofukit/cty";
import { base64Decode, base64Encode } from "../base64.js";
import { redacted } from "../filesystem/file-access.js";
import type { FunctionOptions } from "../options.js";
import { utf8Bytes, utf8Text } from "../utf8.js";
import { CsvError, readCsv } from "./csv.js";
import { gunzip, gzipGoHeader } from "./gzip.js";
import { charsetByName } from "./iana-charsets.js";
import { jsonDecode } from "./json-decode.js";
import { jsonEncode } from "./json-encode.js";
import { textCodec } from "./text-codec.js";
import { queryEscape, queryUnescape } from "./url.js";
import { yamlDecode } from "./yaml-decode.js";
import { yamlEncode } from "./yaml-encode.js";

/** The string and marks of an argument whose parameter allows marks. */
function unmarkedString(v: Value): { s: string; marks: ReadonlySet<string> } {
  const marks = marksOf(v);
  return { s: unmarkedVal(v).asString(), marks };
}

function remark(v: Value, marks: ReadonlySet<string>): Value {
  return marks.size > 0 ? markedVal(v, marks) : v;
}

function stringFunction(
  name: string,
  body: (s: string) => string,
  extra: { allowMarked?: boolean } = {},
): CtyFunction {
  return new CtyFunction({
    params: [{ name, type: t.string, ...extra }],
    type: () => t.string,
    impl: ([v]) => stringVal(body(v!.asString())),
  });
}

const base64decode = new CtyFunction({
  params: [{ name: "str", type: t.string, allowMarked: true }],
  type: () => t.string,
  impl: ([v]) => {
    const { s, marks } = unmarkedString(v!);
    const decoded = base64Decode(utf8Bytes(s));
    if (!("bytes" in decoded)) throw new FunctionError(`failed to decode base64 data ${redacted(s, marks)}`);
    const text = utf8Text(decoded.bytes);
    if (text === null)
      throw new FunctionError("the result of decoding the provided string is not valid UTF-8");
    return remark(stringVal(text), marks);
  },
});

const base64gunzip = new CtyFunction({
  params: [{ name: "str", type: t.string, allowMarked: true }],
  type: () => t.string,
  impl: ([v]) => {
    const { s, marks } = unmarkedString(v!);
    const decoded = base64Decode(utf8Bytes(s));
    if (!("bytes" in decoded)) throw new FunctionError(`failed to decode base64 data ${redacted(s, marks)}`);
    const result = gunzip(decoded.bytes);
    if (!("bytes" in result)) {
      const what =
        result.stage === "header" ? "failed to gunzip bytestream" : "failed to read gunzip raw data";
      throw new FunctionError(`${what}: ${result.reason}`);
    }
    // Go makes a string of the bytes as they are; invalid UTF-8 shows as U+FFFD here.
    return remark(stringVal(new TextDecoder().decode(result.bytes)), marks);
  },
});

function charsetOf(v: Value): { name: string; codec: ReturnType<typeof textCodec> } {
  const given = v.asString();
  const charset = charsetByName(given);
  if (charset === undefined || charset.codec === null) {
    throw new FunctionError(
      `${JSON.stringify(given)} is not a supported IANA encoding name or alias in this OpenTofu version`,
      1,
    );
  }
  return { name: charset.name, codec: textCodec(charset.codec) };
}

const textencodebase64 = new CtyFunction({
  params: [
    { name: "string", type: t.string },
    { name: "encoding", type: t.string },
  ],
  type: () => t.string,
  impl: ([str, enc]) => {
    const { name, codec } = charsetOf(enc!);
    const bytes = codec.encode(str!.asString());
    if (bytes === null) {
      throw new FunctionError(
        `the given string contains characters that cannot be represented in ${name}`,
        0,
      );
    }
    return stringVal(base64Encode(bytes));
  },
});

const textdecodebase64 = new CtyFunction({
  params: [
    { name: "source", type: t.string },
    { name: "encoding", type: t.string },
  ],
  type: () => t.string,
  impl: ([src, enc]) => {
    const { name, codec } = charsetOf(enc!);
    const decoded = base64Decode(utf8Bytes(src!.asString()));
    if (!("bytes" in decoded)) {
      throw new FunctionError(
        `the given value is has an invalid base64 symbol at offset ${decoded.corruptAt}`,
        0,
      );
    }
    const text = codec.decode(decoded.bytes);
    if (text.includes("\ufffd")) {
      throw new FunctionError(`the given string contains symbols that are not defined for ${name}`, 0);
    }
    return stringVal(text);
  },
});

const urldecode = stringFunction("str", (s) => {
  const r = queryUnescape(s);
  if ("badEscape" in r)
    throw new FunctionError(`failed to decode URL '': invalid URL escape ${JSON.stringify(r.badEscape)}`);
  return r.text;
});

/**
 * A function whose result type comes from decoding its text argument: the type function
 * decodes, and the implementation of the same call takes that value instead of decoding twice.
 */
function decodingFunction(name: string, decode: (text: string) => Value): CtyFunction {
  let pending: { text: string; value: Value } | undefined;
  return new CtyFunction({
    params: [{ name, type: t.string }],
    type: ([v]) => {
      pending = undefined;
      if (!v!.isKnown) return t.dynamic;
      const text = v!.asString();
      pending = { text, value: decode(text) };
      return pending.value.type;
    },
    impl: ([v]) => {
      const text = v!.asString();
      const value = pending !== undefined && pending.text === text ? pending.value : decode(text);
      pending = undefined;
      return value;
    },
  });
}

function csvDecode(text: string): Value {
  let records: string[][];
  try {
    records = readCsv(text);
  } catch (e) {
    if (e instanceof CsvError) throw new FunctionError(`CSV parse error on line ${e.line}: ${e.message}`);
    throw e;
  }
  const headers = records[0];
  if (headers === undefined) throw new FunctionError("missing header line");
  const seen = new Set<string>();
  for (const h of headers) {
    if (seen.has(h)) throw new FunctionError(`duplicate column name ${JSON.stringify(h)}`);
    seen.add(h);
  }
  const rows = records
    .slice(1)
    .map((cols) => objectVal(cols.map((c, i) => [headers[i]!, stringVal(c)] as const)));
  if (rows.length > 0) return listVal(rows);
  const rowType: Type = t.object(Object.fromEntries(headers.map((h) => [h, t.string])));
  return listValEmpty(rowType);
}

const jsonencode = new CtyFunction({
  params: [{ name: "val", type: t.dynamic, allowUnknown: true, allowDynamicType: true, allowNull: true }],
  type: () => t.string,
  impl: ([v]) => (v!.isWhollyKnown() ? stringVal(jsonEncode(v!)) : unknownVal(t.string)),
});

const yamlencode = new CtyFunction({
  params: [{ name: "value", type: t.dynamic, allowNull: true, allowDynamicType: true }],
  type: () => t.string,
  impl: ([v]) => (v!.isWhollyKnown() ? stringVal(yamlEncode(v!)) : unknownVal(t.string)),
});

/** The encoding functions by name. */
export function encodingFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {
    base64decode,
    base64encode: stringFunction("str", (s) => base64Encode(utf8Bytes(s))),
    base64gunzip,
    base64gzip: stringFunction("str", (s) => base64Encode(gzipGoHeader(utf8Bytes(s)))),
    csvdecode: decodingFunction("str", csvDecode),
    jsondecode: decodingFunction("str", jsonDecode),
    jsonencode,
    textdecodebase64,
    textencodebase64,
    urldecode,
    urlencode: stringFunction("str", queryEscape),
    yamldecode: decodingFunction("src", yamlDecode),
    yamlencode,
  };
}
