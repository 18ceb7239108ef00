// @tofukit/config: a module's input variables exactly as OpenTofu loads, gathers, converts and
// validates them. Pure: files come in memory; @tofukit/config/node reads a directory.

export type { CheckedModuleInstance, ModuleTreeCheck, ModuleTreeCheckOptions } from "./check-module-tree.js";
export { checkModuleTreeWith } from "./check-module-tree.js";
export type {
  CheckedVariable,
  CheckOptions,
  CheckResult,
  CheckStage,
} from "./check-variables.js";
export { checkVariablesWith } from "./check-variables.js";
export { checkModuleTree, checkVariables } from "./check-with-library.js";
export type { ConfigAttribute, ConfigBlock, ConfigBody } from "./config-body.js";
export type { LocalValue } from "./decode-locals.js";
export type { MetaArgument, ModuleCall } from "./decode-module-call.js";
export type { LoadedModule } from "./load-module.js";
export { loadModule } from "./load-module.js";
export type { ConfigFileName, ConfigFileNames, ConfigSyntax, ModuleFile } from "./module-file.js";
export { configFileNames } from "./module-file.js";
export type {
  FetchedModule,
  FetchedModuleRequest,
  FollowedCall,
  ModuleNode,
  ModuleTree,
  ModuleTreeReader,
  UncheckedCall,
  UncheckedReason,
} from "./module-tree.js";
export { DYNAMIC_SOURCE, loadModuleTree } from "./module-tree.js";
export { ruleFunctionGroups, treeFunctionGroups } from "./rule-functions.js";
export type { RuleCounts } from "./validate-variables.js";
export type { ValidationOptions } from "./validation-options.js";
export type { ParsingMode, Range, ValidationRule, VariableDeclaration } from "./variable-declaration.js";
export type {
  GatheredValues,
  GatherOptions,
  UnparsedValue,
  ValueSource,
  VariableArg,
} from "./variable-values.js";
export { gatherValues, implicitVariableFiles } from "./variable-values.js";
