// The whole table of OpenTofu's built-in functions, assembled from all of its groups.
import type { CtyFunction } from "@tofukit/cty";
import { assumeFunctions } from "./assume/assume-functions.js";
import { collectionFunctions } from "./collection/collection-functions.js";
import { conversionFunctions } from "./conversion/conversion-functions.js";
import { convertFunctions } from "./conversion/convert-function.js";
import { bcryptFunctions } from "./crypto/bcrypt-function.js";
import { cryptoFunctions } from "./crypto/crypto-functions.js";
import { datetimeFunctions } from "./datetime/datetime-functions.js";
import { charsetFunctions } from "./encoding/charset-functions.js";
import { encodingFunctions } from "./encoding/encoding-functions.js";
import { gzipFunctions } from "./encoding/gzip-functions.js";
import { yamlFunctions } from "./encoding/yaml-functions.js";
import { filesystemFunctions } from "./filesystem/filesystem-functions.js";
import type { FunctionGroup } from "./function-groups.js";
import { functionTable, type GroupFunctions } from "./function-table.js";
import { networkFunctions } from "./network/network-functions.js";
import { numericFunctions } from "./numeric/numeric-functions.js";
import type { FunctionOptions } from "./options.js";
import { sensitivityFunctions } from "./sensitivity/sensitivity-functions.js";
import { regexFunctions } from "./string/regex-functions.js";
import { stringFunctions } from "./string/string-functions.js";
import { tryFunctions } from "./try/try-functions.js";

const allGroups: Readonly<Record<FunctionGroup, GroupFunctions>> = {
  numeric: numericFunctions,
  string: stringFunctions,
  regex: regexFunctions,
  collection: collectionFunctions,
  encoding: encodingFunctions,
  gzip: gzipFunctions,
  charsets: charsetFunctions,
  yaml: yamlFunctions,
  filesystem: filesystemFunctions,
  datetime: datetimeFunctions,
  crypto: cryptoFunctions,
  bcrypt: bcryptFunctions,
  network: networkFunctions,
  conversion: conversionFunctions,
  sensitivity: sensitivityFunctions,
  try: tryFunctions,
  assume: assumeFunctions,
  convert: convertFunctions,
};

/**
 * OpenTofu's built-in functions as a plain object of functions by name, ready for
 * `evaluate(expr, { functions })`, each also under its `core::` name as in OpenTofu. Pick, rename or add entries (`provider::…` names) freely:
 * the object is the caller's.
 */
export function openTofuFunctions(options: FunctionOptions = {}): Record<string, CtyFunction> {
  return functionTable(allGroups, options);
}
