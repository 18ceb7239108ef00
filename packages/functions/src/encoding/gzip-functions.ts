// base64gzip and base64gunzip, as OpenTofu's funcs/encoding.go, with fflate. A group of its own,
// so a table without them does not load the compressor.
import { CtyFunction, FunctionError, stringVal, t } from "@tofukit/cty";
import { base64Encode } from "../base64.js";
import type { FunctionOptions } from "../options.js";
import { utf8Bytes } from "../utf8.js";
import { gunzip, gzipGoHeader } from "./gzip.js";
import { base64Argument, remark, stringFunction } from "./string-function.js";

const base64gunzip = new CtyFunction({
  params: [{ name: "str", type: t.string, allowMarked: true }],
  type: () => t.string,
  impl: ([v]) => {
    const { bytes, marks } = base64Argument(v!);
    const result = gunzip(bytes);
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
