// The function library loaded in groups, on demand: each group is a module of its own, imported
// only when asked for, so a bundle splits it into chunks and a page downloads only the groups the
// expressions it evaluates call (see groupsProviding).
import type { CtyFunction } from "@tofukit/cty";
import { type FunctionGroup, functionGroups } from "./function-groups.js";
import { functionTable, type GroupFunctions } from "./function-table.js";
import type { FunctionOptions } from "./options.js";

const loaders: Readonly<Record<FunctionGroup, () => Promise<GroupFunctions>>> = {
  numeric: async () => (await import("./numeric/numeric-functions.js")).numericFunctions,
  string: async () => (await import("./string/string-functions.js")).stringFunctions,
  regex: async () => (await import("./string/regex-functions.js")).regexFunctions,
  collection: async () => (await import("./collection/collection-functions.js")).collectionFunctions,
  encoding: async () => (await import("./encoding/encoding-functions.js")).encodingFunctions,
  gzip: async () => (await import("./encoding/gzip-functions.js")).gzipFunctions,
  charsets: async () => (await import("./encoding/charset-functions.js")).charsetFunctions,
  yaml: async () => (await import("./encoding/yaml-functions.js")).yamlFunctions,
  filesystem: async () => (await import("./filesystem/filesystem-functions.js")).filesystemFunctions,
  datetime: async () => (await import("./datetime/datetime-functions.js")).datetimeFunctions,
  crypto: async () => (await import("./crypto/crypto-functions.js")).cryptoFunctions,
  bcrypt: async () => (await import("./crypto/bcrypt-function.js")).bcryptFunctions,
  network: async () => (await import("./network/network-functions.js")).networkFunctions,
  conversion: async () => (await import("./conversion/conversion-functions.js")).conversionFunctions,
  sensitivity: async () => (await import("./sensitivity/sensitivity-functions.js")).sensitivityFunctions,
  try: async () => (await import("./try/try-functions.js")).tryFunctions,
  assume: async () => (await import("./assume/assume-functions.js")).assumeFunctions,
  convert: async () => (await import("./conversion/convert-function.js")).convertFunctions,
};

/**
 * A table of the functions of `groups` (with templatestring and the `core::` names), as
 * `openTofuFunctions(options)` would have them: with every group it is the same table. The
 * groups' modules are imported on first use.
 */
export async function loadFunctions(
  groups: Iterable<FunctionGroup>,
  options: FunctionOptions = {},
): Promise<Record<string, CtyFunction>> {
  const wanted = [...new Set(groups)].filter((g) => g in functionGroups);
  const made = await Promise.all(wanted.map(async (g) => [g, await loaders[g]()] as const));
  return functionTable(Object.fromEntries(made), options);
}
