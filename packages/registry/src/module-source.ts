// Module source classification in OpenTofu's order (addrs.ParseModuleSource): a local path, then
// the registry grammar (whose error is dropped), then go-getter's detection.
import {
  isLocalModuleSource,
  type LocalModuleSource,
  parseLocalModuleSource,
} from "./module-source-local.js";
import { parseRegistryModuleAddress, type RegistryModuleSource } from "./module-source-registry.js";
import { parseRemoteModuleSource, type RemoteModuleSource } from "./module-source-remote.js";
import { RegistryAddressError } from "./registry-error.js";

export type ModuleSource = LocalModuleSource | RegistryModuleSource | RemoteModuleSource;

/**
 * Parses a module call's `source` as OpenTofu does when the call has no `version` argument.
 * Throws RegistryAddressError; the registry grammar's own error is never the one thrown (use
 * parseModuleSourceRegistry for that).
 */
export function parseModuleSource(raw: string): ModuleSource {
  if (isLocalModuleSource(raw)) return parseLocalModuleSource(raw);
  try {
    return parseRegistryModuleAddress(raw);
  } catch (error) {
    if (!(error instanceof RegistryAddressError)) throw error;
  }
  return parseRemoteModuleSource(raw);
}
