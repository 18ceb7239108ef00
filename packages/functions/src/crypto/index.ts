// The crypto functions: base64md5, base64sha256, base64sha512, bcrypt, filebase64sha256, filebase64sha512, filemd5, filesha1, filesha256, filesha512, md5, rsadecrypt, sha1, sha256, sha512, uuid, uuidv5.
import type { CtyFunction } from "@tofukit/cty";
import type { FunctionOptions } from "../options.js";

/** The crypto functions by name. */
export function cryptoFunctions(_options: FunctionOptions): Record<string, CtyFunction> {
  return {};
}
