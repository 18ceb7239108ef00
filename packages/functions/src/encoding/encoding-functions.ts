// The encoding functions: base64decode, base64encode, csvdecode, jsondecode, jsonencode, urldecode
// and urlencode, as OpenTofu's funcs/encoding.go and cty's stdlib. base64gzip and base64gunzip,
// textdecodebase64 and textencodebase64, yamldecode and yamlencode are groups of their own
// (gzip-functions.ts, charset-functions.ts, yaml-functions.ts).

import {
  CtyFunction,
  FunctionError,
  listVal,
  listValEmpty,
  objectVal,
  stringVal,
  type Type,
  t,
  unknownVal,
  type Value,
} from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { base64Encode } from "../base64.js";
import type { FunctionOptions } from "../options.js";
import { utf8Bytes, utf8Text } from "../utf8.js";
import { CsvError, readCsv } from "./csv.js";
import { decodingFunction } from "./decoding-function.js";
import { jsonDecode } from "./json-decode.js";
import { jsonEncode } from "./json-encode.js";
import { base64Argument, remark, stringFunction } from "./string-function.js";
import { queryEscape, queryUnescape } from "./url.js";

const base64decode = new CtyFunction({
  params: [{ name: "str", type: t.string, allowMarked: true }],
  type: () => t.string,
  impl: ([v]) => {
    const { bytes, marks } = base64Argument(v!);
    const text = utf8Text(bytes);
    if (text === null)
      throw new FunctionError("the result of decoding the provided string is not valid UTF-8");
    return remark(stringVal(text), marks);
  },
});

const urldecode = stringFunction("str", (s) => {
  const r = queryUnescape(s);
  if ("badEscape" in r)
    throw new FunctionError(`failed to decode URL '': invalid URL escape ${goQuote(r.badEscape)}`);
  return r.text;
});

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
    if (seen.has(h)) throw new FunctionError(`duplicate column name ${goQuote(h)}`);
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

/** The encoding functions by name. */
export function encodingFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {
    base64decode,
    base64encode: stringFunction("str", (s) => base64Encode(utf8Bytes(s))),
    csvdecode: decodingFunction("str", csvDecode),
    jsondecode: decodingFunction("str", jsonDecode),
    jsonencode,
    urldecode,
    urlencode: stringFunction("str", queryEscape),
  };
}
