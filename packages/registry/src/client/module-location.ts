// Reading a modules.v1 download answer's indirect location (preparePackageLocationIndirect).
import { goQuote } from "@tofukit/gostd";
import { parseModuleSource } from "../module-source.js";
import type { RegistryModuleSource } from "../module-source-registry.js";
import { RemoteModuleSource } from "../module-source-remote.js";
import { RegistryAddressError } from "../registry-error.js";
import { RegistryClientError } from "./client-error.js";

/** Where a module package is: a go-getter address, or a URL to download directly. */
export type ModuleLocation =
  | { readonly kind: "indirect"; readonly source: RemoteModuleSource }
  | { readonly kind: "direct"; readonly url: URL; readonly useRegistryCredentials: boolean };

// preparePackageLocationIndirect: a go-getter address (relative URLs resolved against the
// download endpoint), which must be a remote source, with the registry address's subdirectory.
export function indirect(raw: string, source: RegistryModuleSource, downloadURL: URL): ModuleLocation {
  if (raw === "") {
    throw new RegistryClientError(
      "TOFUKIT_REGISTRY_INVALID_LOCATION",
      "registry did not return a location for this package",
    );
  }
  const location =
    raw.startsWith("/") || raw.startsWith("./") || raw.startsWith("../")
      ? new URL(raw, downloadURL).href
      : raw;
  let parsed: ReturnType<typeof parseModuleSource>;
  try {
    parsed = parseModuleSource(location);
  } catch (error) {
    if (!(error instanceof RegistryAddressError)) throw error;
    throw new RegistryClientError(
      "TOFUKIT_REGISTRY_INVALID_LOCATION",
      `registry returned invalid package location ${goQuote(location)}: ${error.message}`,
    );
  }
  if (!(parsed instanceof RemoteModuleSource)) {
    throw new RegistryClientError(
      "TOFUKIT_REGISTRY_INVALID_LOCATION",
      `registry returned invalid package location ${goQuote(location)}: must be a direct remote package address`,
    );
  }
  return { kind: "indirect", source: parsed.fromRegistry(source) };
}
