// Registry module addresses (regaddr.ParseModuleSource): [HOST/]NAMESPACE/NAME/TARGETSYSTEM
// with an optional //SUBDIR, checked in the reference's order so the same text gives the same
// error. Namespace and name keep their case; only the host is normalized.
import { goQuote } from "@tofukit/cty";
import { displayOf, forComparison, type Hostname } from "@tofukit/hostname";
import { isLocalModuleSource } from "./module-source-local.js";
import { splitPackageSubdir } from "./package-subdir.js";
import { RegistryAddressError } from "./registry-error.js";

export const DEFAULT_MODULE_REGISTRY_HOST = "registry.opentofu.org" as Hostname;

const NAME = /^[0-9A-Za-z](?:[0-9A-Za-z_-]{0,62}[0-9A-Za-z])?$/;
const TARGET_SYSTEM = /^[0-9a-z]{1,64}$/;
const NAME_RULE =
  "must be between one and 64 characters, including ASCII letters, digits, dashes, and underscores, where dashes and underscores may not be the prefix or suffix";

/** A module package in a module registry, and the subdirectory of it that holds the module. */
export class RegistryModuleSource {
  readonly kind = "registry";
  /** The normalized host (punycode, lower case, port unless 443). */
  readonly host: Hostname;
  readonly namespace: string;
  readonly name: string;
  readonly targetSystem: string;
  /** The cleaned subdirectory, or "". */
  readonly subdir: string;

  constructor(host: Hostname, namespace: string, name: string, targetSystem: string, subdir: string) {
    this.host = host;
    this.namespace = namespace;
    this.name = name;
    this.targetSystem = targetSystem;
    this.subdir = subdir;
    Object.freeze(this);
  }

  /** `namespace/name/system`: the package's path in the modules.v1 protocol. */
  forRegistryProtocol(): string {
    return `${this.namespace}/${this.name}/${this.targetSystem}`;
  }

  /** The package alone (no subdirectory), host included, in display form. */
  packageString(): string {
    return `${displayOf(this.host)}/${this.forRegistryProtocol()}`;
  }

  /** The full address, host included, in display form. */
  toString(): string {
    return this.subdir === "" ? this.packageString() : `${this.packageString()}//${this.subdir}`;
  }

  /** As toString, without the host when it is registry.opentofu.org. */
  forDisplay(): string {
    const pkg =
      this.host === DEFAULT_MODULE_REGISTRY_HOST ? this.forRegistryProtocol() : this.packageString();
    return this.subdir === "" ? pkg : `${pkg}//${this.subdir}`;
  }
}

function fail(
  code: ConstructorParameters<typeof RegistryAddressError>[0],
  message: string,
  input: string,
): never {
  throw new RegistryAddressError(code, message, input);
}

function parseHost(part: string, input: string): Hostname {
  let host: Hostname;
  try {
    host = forComparison(part);
  } catch {
    if (part.includes("--")) {
      fail(
        "TOFUKIT_REGISTRY_MODULE_HOST",
        `invalid module registry hostname ${goQuote(part)}; internationalized domain names must be given as direct unicode characters, not in punycode`,
        input,
      );
    }
    fail("TOFUKIT_REGISTRY_MODULE_HOST", `invalid module registry hostname ${goQuote(part)}`, input);
  }
  if (!host.includes(".")) {
    fail(
      "TOFUKIT_REGISTRY_MODULE_HOST",
      "invalid module registry hostname: must contain at least one dot",
      input,
    );
  }
  return host;
}

/** regaddr.ParseModuleSource: the registry grammar alone, with its own errors. */
export function parseRegistryModuleAddress(raw: string): RegistryModuleSource {
  const [pkg, subdir] = splitPackageSubdir(raw);
  if (subdir.startsWith("../")) {
    fail(
      "TOFUKIT_REGISTRY_SUBDIR_ESCAPES",
      `subdirectory path ${goQuote(subdir)} leads outside of the module package`,
      raw,
    );
  }
  let parts = pkg.split("/");
  if (parts.length !== 3 && parts.length !== 4) {
    fail(
      "TOFUKIT_REGISTRY_MODULE_COMPONENTS",
      "a module registry source address must have either three or four slash-separated components",
      raw,
    );
  }
  let host = DEFAULT_MODULE_REGISTRY_HOST;
  if (parts.length === 4) {
    host = parseHost(parts[0]!, raw);
    parts = parts.slice(1);
  }
  if (host === "github.com" || host === "bitbucket.org") {
    fail(
      "TOFUKIT_REGISTRY_RESERVED_HOST",
      `can't use ${goQuote(host)} as a module registry host, because it's reserved for installing directly from version control repositories`,
      raw,
    );
  }
  const [namespace, name, system] = parts as [string, string, string];
  if (!NAME.test(namespace)) {
    if (namespace.includes(".")) {
      fail(
        "TOFUKIT_REGISTRY_MODULE_COMPONENTS",
        "source address must have three more components after the hostname: the namespace, the name, and the target system",
        raw,
      );
    }
    fail("TOFUKIT_REGISTRY_MODULE_NAMESPACE", `invalid namespace ${goQuote(namespace)}: ${NAME_RULE}`, raw);
  }
  if (!NAME.test(name)) {
    fail("TOFUKIT_REGISTRY_MODULE_NAME", `invalid module name ${goQuote(name)}: ${NAME_RULE}`, raw);
  }
  if (!TARGET_SYSTEM.test(system)) {
    if (system.includes("?")) {
      fail(
        "TOFUKIT_REGISTRY_QUERY_STRING",
        "module registry addresses may not include a query string portion",
        raw,
      );
    }
    fail(
      "TOFUKIT_REGISTRY_TARGET_SYSTEM",
      `invalid target system ${goQuote(system)}: must be between one and 64 ASCII letters or digits`,
      raw,
    );
  }
  return new RegistryModuleSource(host, namespace, name, system, subdir);
}

/**
 * OpenTofu's ParseModuleSourceRegistry: what a module call with a `version` argument is parsed
 * with. A local path is refused with its own error; everything else gets the registry grammar.
 */
export function parseModuleSourceRegistry(raw: string): RegistryModuleSource {
  if (isLocalModuleSource(raw)) {
    fail(
      "TOFUKIT_REGISTRY_LOCAL_AS_REGISTRY",
      `can't use local directory ${goQuote(raw)} as a module registry address`,
      raw,
    );
  }
  return parseRegistryModuleAddress(raw);
}
