// yamldecode and yamlencode, as go-cty-yaml, with the yaml package. A group of its own, so a
// table without them does not load the YAML parser.
import { CtyFunction, stringVal, t, unknownVal } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";
import { decodingFunction } from "./decoding-function.js";
import { yamlDecode } from "./yaml-decode.js";
import { yamlEncode } from "./yaml-encode.js";

const yamlencode = new CtyFunction({
  params: [{ name: "value", type: t.dynamic, allowNull: true, allowDynamicType: true }],
  type: () => t.string,
  impl: ([v]) => (v!.isWhollyKnown() ? stringVal(yamlEncode(v!)) : unknownVal(t.string)),
});

/** The YAML functions by name. */
export function yamlFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {
    yamldecode: decodingFunction("src", yamlDecode),
    yamlencode,
  };
}
