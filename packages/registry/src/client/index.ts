// @tofukit/registry/client: the modules.v1 and providers.v1 registry protocols on any service
// discovery (such as @tofukit/disco's Disco) and any credentials source.

export { RegistryClientError, type RegistryClientErrorCode } from "./client-error.js";
export {
  type DownloadedModule,
  downloadRegistryModule,
  downloadRemoteModule,
  type ModuleDownloadOptions,
} from "./module-package.js";
export { ModulePackageError, type ModulePackageErrorCode } from "./module-package-error.js";
export { checkProviderPackageChecksums } from "./package-checksums.js";
export {
  type ProviderHashDisposition,
  type ProviderPackageAuthentication,
  type VerifyProviderPackageOptions,
  verifyProviderPackage,
} from "./package-signature.js";
export {
  type DownloadOptions,
  type ModuleLocation,
  type ProviderPackageFiles,
  type ProviderPackageMeta,
  type ProviderPlatform,
  type ProviderVersionInfo,
  type ProviderVersions,
  RegistryClient,
  type RegistryClientOptions,
  type RegistryCredentials,
  type RequestOptions,
  type ServiceDiscovery,
  type VerifiedProviderPackage,
} from "./registry-client.js";
