// @tofukit/functions: OpenTofu's built-in functions on cty values.

export { openTofuFunctions } from "./open-tofu-functions.js";
export type { DirectoryEntry, DirectoryLister, FileReader, FunctionOptions } from "./options.js";
