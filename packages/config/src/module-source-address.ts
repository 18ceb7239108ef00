// A module call's `source` read as OpenTofu reads it at configuration load (decodeStaticSource):
// with `version` set, only a registry address will do; without, local paths, registry addresses
// and go-getter's remote forms, in that order. A source that is none of them is a diagnostic.
import { goQuote } from "@tofukit/gostd";
import { type Diagnostic, errorDiag, type Range } from "@tofukit/hcl";
import {
  type ModuleSource,
  parseModuleSource,
  parseModuleSourceRegistry,
  RegistryAddressError,
} from "@tofukit/registry";

type SourceReading = { readonly source: ModuleSource } | { readonly diagnostic: Diagnostic };

export function readModuleSource(raw: string, hasVersion: boolean, subject: Range): SourceReading {
  try {
    return { source: hasVersion ? parseModuleSourceRegistry(raw) : parseModuleSource(raw) };
  } catch (error) {
    if (!(error instanceof RegistryAddressError)) throw error;
    return { diagnostic: sourceDiagnostic(raw, hasVersion, error, subject) };
  }
}

function sourceDiagnostic(
  raw: string,
  hasVersion: boolean,
  error: RegistryAddressError,
  subject: Range,
): Diagnostic {
  if (error.code === "TOFUKIT_REGISTRY_UNDETECTABLE_SOURCE") {
    return errorDiag(
      "Invalid module source address",
      `OpenTofu failed to determine your intended installation method for remote module package ${goQuote(raw)}.\n\nIf you intended this as a path relative to the current module, use "./${raw}" instead. The "./" prefix indicates that the address is a relative filesystem path.`,
      subject,
    );
  }
  if (hasVersion) {
    return errorDiag(
      "Invalid registry module source address",
      `Failed to parse module registry address: ${error.message}.\n\nOpenTofu assumed that you intended a module registry source address because you also set the argument "version", which applies only to registry modules.`,
      subject,
    );
  }
  return errorDiag(
    "Invalid module source address",
    `Failed to parse module source address: ${error.message}.`,
    subject,
  );
}
