// @tofukit/functions: OpenTofu's built-in functions on cty values.

export type { FunctionGroup } from "./function-groups.js";
export { functionGroups, groupsProviding } from "./function-groups.js";
export { loadFunctions } from "./load-functions.js";
export { openTofuFunctions } from "./open-tofu-functions.js";
export type { DirectoryEntry, DirectoryLister, FileReader, FunctionOptions } from "./options.js";
