// textencodebase64 and textdecodebase64, as OpenTofu's funcs/encoding.go, with iconv-lite's
// tables for the IANA character sets. A group of its own, so a table without them does not load
// the tables.

import { CtyFunction, FunctionError, stringVal, t, type Value } from "@tofukit/cty";
import { goQuote } from "@tofukit/gostd";
import { base64Decode, base64Encode } from "../base64.js";
import type { FunctionOptions } from "../options.js";
import { utf8Bytes } from "../utf8.js";
import { charsetByName } from "./iana-charsets.js";
import { textCodec } from "./text-codec.js";

function charsetOf(v: Value): { name: string; codec: ReturnType<typeof textCodec> } {
  const given = v.asString();
  const charset = charsetByName(given);
  if (charset === undefined || charset.codec === null) {
    throw new FunctionError(
      `${goQuote(given)} is not a supported IANA encoding name or alias in this OpenTofu version`,
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

/** The character-set functions by name. */
export function charsetFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return { textdecodebase64, textencodebase64 };
}
