// Module source classification in OpenTofu's order (addrs.ParseModuleSource): a local path, then
// the registry grammar (whose error is dropped), then go-getter's detection.
import {
  isLocalModuleSource,
  type LocalModuleSource,
  parseLocalModuleSource,
} from "./module-source-local.js";
import { RegistryModuleSource, readRegistryModuleAddress } from "./module-source-registry.js";
import { parseRemoteModuleSource, type RemoteModuleSource } from "./module-source-remote.js";

export type ModuleSource = LocalModuleSource | RegistryModuleSource | RemoteModuleSource;

/**
 * Parses a module call's `source` as OpenTofu does when the call has no `version` argument.
 * Throws RegistryAddressError; the registry grammar's own error is never the one thrown (use
 * parseModuleSourceRegistry for that).
 */
export function parseModuleSource(raw: string): ModuleSource {
  if (isLocalModuleSource(raw)) return parseLocalModuleSource(raw);
  const registry = readRegistryModuleAddress(raw);
  return registry instanceof RegistryModuleSource ? registry : parseRemoteModuleSource(raw);
}
