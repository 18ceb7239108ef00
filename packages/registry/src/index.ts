// @tofukit/registry: OpenTofu's module and provider source addresses, version constraints (both
// engines) and the dependency lock file; pure, so it runs in browsers unchanged.

export type { Hostname } from "@tofukit/hostname";
export { type LockFile, type ProviderLock, parseLockFile } from "./lock-file.js";
export { formatLockFile } from "./lock-file-format.js";
export { type ModuleSource, parseModuleSource } from "./module-source.js";
export { LocalModuleSource } from "./module-source-local.js";
export {
  DEFAULT_MODULE_REGISTRY_HOST,
  parseModuleSourceRegistry,
  RegistryModuleSource,
} from "./module-source-registry.js";
export { RemoteModuleSource } from "./module-source-remote.js";
export { resolveRelativeModuleSource } from "./module-source-resolve.js";
export { compareModuleVersions, ModuleVersion, parseModuleVersion } from "./module-version.js";
export {
  type ModuleConstraintOperator,
  type ModuleConstraintPiece,
  ModuleVersionConstraint,
  parseModuleVersionConstraint,
} from "./module-version-constraint.js";
export { newestAllowed } from "./newest-allowed.js";
export {
  type ProviderHash,
  packageFilesHash,
  parseProviderHash,
  zipHash,
  zipPackageHash,
} from "./provider-hash.js";
export {
  BUILT_IN_PROVIDER_HOST,
  BUILT_IN_PROVIDER_NAMESPACE,
  DEFAULT_PROVIDER_REGISTRY_HOST,
  impliedProviderForUnqualifiedType,
  LEGACY_PROVIDER_NAMESPACE,
  Provider,
  parseProviderPart,
  parseProviderSource,
  parseProviderSourceString,
  UNKNOWN_PROVIDER_NAMESPACE,
} from "./provider-source.js";
export { compareProviderVersions, ProviderVersion, parseProviderVersion } from "./provider-version.js";
export {
  type ProviderConstraintOperator,
  type ProviderConstraintSelection,
  ProviderVersionConstraint,
  parseProviderVersionConstraint,
  parseProviderVersionConstraintRuby,
} from "./provider-version-constraint.js";
export {
  HashError,
  type HashErrorCode,
  RegistryAddressError,
  type RegistryAddressErrorCode,
  VersionError,
  type VersionErrorCode,
} from "./registry-error.js";
