// @tofukit/credentials: OpenTofu credentials: TF_TOKEN_* variables, CLI config, helper programs, safe storage.
export { cachingSource } from "./caching-source.js";
export {
  CliConfig,
  type CliConfigInit,
  type CliConfigOptions,
  type CredentialsHelperBlock,
  type CredentialsSourceOptions,
  type HostBlock,
  loadCliConfig,
} from "./cli-config.js";
export { CliCredentialsSource, type CredentialsLocation } from "./cli-credentials-source.js";
export type { ConfigObject, ConfigValue } from "./config-content.js";
export { type ConfigLocations, configLocations, type LocationOptions } from "./config-locations.js";
export { CredentialsBlock } from "./credentials-block.js";
export { credentialsChain } from "./credentials-chain.js";
export {
  CredentialsError,
  type CredentialsErrorCode,
  type CredentialsErrorDetails,
} from "./credentials-error.js";
export type { CredentialsSource, LookupOptions } from "./credentials-source.js";
export type { Environment } from "./environment.js";
export { credentialsFromEnvironment } from "./environment-credentials.js";
export { type HelperOptions, helperSource } from "./helper-program.js";
export { HostCredentials } from "./host-credentials.js";
export { JsonNumber } from "./json-decode.js";
export { tokenVariableHost, tokenVariableName } from "./token-variable.js";
