// @tofukit/disco: OpenTofu remote service discovery client on undici.
export type { CredentialsProvider, HostCredentials } from "./authorization.js";
export { Disco, type DiscoOptions, type DiscoverOptions } from "./disco.js";
export type { ServiceMap } from "./discovery-document.js";
export { discoveryRetries, registryClientTimeout } from "./environment-settings.js";
export {
  DiscoError,
  type DiscoErrorCode,
  DiscoveryError,
  type DiscoveryErrorCode,
  LoginError,
  type LoginErrorCode,
  OAuthClientError,
  ProxyError,
  ServiceIdError,
  ServiceNotProvidedError,
  ServiceURLError,
  VersionNotSupportedError,
} from "./errors.js";
export {
  DISCO_CHANNELS,
  type DiscoveryCachedMessage,
  type DiscoveryFailureMessage,
  type DiscoveryStartMessage,
  type DiscoverySuccessMessage,
} from "./events.js";
export { DISCOVERY_PATH, Host } from "./host.js";
export { authorizationURL, type LoginOptions, loginWithAuthorizationCode } from "./login.js";
export { LoginToken } from "./login-token.js";
export type { OAuthClient } from "./oauth-client.js";
export { ProxyDispatcher, type ProxyDispatcherOptions } from "./proxy-dispatcher.js";
export type { CertificateInput } from "./trust.js";
export { DEFAULT_USER_AGENT } from "./user-agent.js";
