// base64gzip and base64gunzip, as OpenTofu's funcs/encoding.go, with fflate. A group of its own,
// so a table without them does not load the compressor.
import { CtyFunction, FunctionError, stringVal, t } from "@tofukit/cty";
import { base64Decode, base64Encode } from "../base64.js";
import { redacted } from "../filesystem/file-access.js";
import type { FunctionOptions } from "../options.js";
import { utf8Bytes } from "../utf8.js";
import { gunzip, gzipGoHeader } from "./gzip.js";
import { remark, stringFunction, unmarkedString } from "./string-function.js";

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

/** The gzip functions by name. */
export function gzipFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {
    base64gunzip,
    base64gzip: stringFunction("str", (s) => base64Encode(gzipGoHeader(utf8Bytes(s)))),
  };
}
