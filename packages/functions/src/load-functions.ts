// The function library loaded in groups, on demand: each group is a module of its own, imported
// only when asked for, so a bundle splits it into chunks and a page downloads only the groups the
// expressions it evaluates call (see groupsProviding).
import type { CtyFunction } from "@tofukit/cty";
import { type FunctionGroup, functionGroups } from "./function-groups.js";
import { functionTable, type GroupFunctions } from "./function-table.js";
import type { FunctionOptions } from "./options.js";

const loaders: Readonly<Record<FunctionGroup, () => Promise<GroupFunctions>>> = {
  numeric: async () => (await import("./numeric/index.js")).numericFunctions,
  string: async () => (await import("./string/index.js")).stringFunctions,
  regex: async () => (await import("./string/regex-functions.js")).regexFunctions,
  collection: async () => (await import("./collection/index.js")).collectionFunctions,
  encoding: async () => (await import("./encoding/index.js")).encodingFunctions,
  gzip: async () => (await import("./encoding/gzip-functions.js")).gzipFunctions,
  charsets: async () => (await import("./encoding/charset-functions.js")).charsetFunctions,
  yaml: async () => (await import("./encoding/yaml-functions.js")).yamlFunctions,
  filesystem: async () => (await import("./filesystem/index.js")).filesystemFunctions,
  datetime: async () => (await import("./datetime/index.js")).datetimeFunctions,
  crypto: async () => (await import("./crypto/index.js")).cryptoFunctions,
  bcrypt: async () => (await import("./crypto/bcrypt-function.js")).bcryptFunctions,
  network: async () => (await import("./network/index.js")).networkFunctions,
  conversion: async () => (await import("./conversion/index.js")).conversionFunctions,
  sensitivity: async () => (await import("./sensitivity/index.js")).sensitivityFunctions,
  try: async () => (await import("./try/index.js")).tryFunctions,
  assume: async () => (await import("./assume/index.js")).assumeFunctions,
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
