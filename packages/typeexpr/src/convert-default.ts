// Converting an optional attribute's default to the attribute's type at parse time, with
// @tofukit/convert (cty's convert.Convert, as typeexpr does since hcl 2.14.1).
import { ConversionError, convert } from "@tofukit/convert";
import type { ConvertDefault } from "./defaults-node.js";

/**
 * The conversion of a default. On failure the message is the error's own text without its path,
 * as the reference prints `err.Error()` of a path error.
 */
export const convertDefault: ConvertDefault = (value, type) => {
  // A primitive default of exactly its attribute's type (`optional(string, "x")`, the common
  // case) is its own conversion, as convert() would find after more work.
  if (value.type === type && (type.kind === "string" || type.kind === "number" || type.kind === "bool")) {
    return { ok: true, value };
  }
  try {
    return { ok: true, value: convert(value, type) };
  } catch (e) {
    if (e instanceof ConversionError) return { ok: false, message: e.message };
    throw e;
  }
};
