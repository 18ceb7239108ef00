// Registry module addresses (regaddr.ParseModuleSource): [HOST/]NAMESPACE/NAME/TARGETSYSTEM
// with an optional //SUBDIR, checked in the reference's order so the same text gives the same
// error. Namespace and name keep their case; only the host is normalized.
import { goQuote } from "@tofukit/gostd";
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

type Code = ConstructorParameters<typeof RegistryAddressError>[0];

/** Why the registry grammar refused an address; thrown only at the API edge. */
interface RegistryFailure {
  readonly code: Code;
  readonly message: string;
}

// A refusal is a value, not an exception: parseModuleSource discards it for every remote
// address, and building an Error (with its stack) would cost more than the whole parse.
const fail = (code: Code, message: string): RegistryFailure => ({ code, message });

// ASCII that no hostname can contain (UTS #46 with STD3 rules allows letters, digits, "-" and
// "."), and a port portion Go's Atoi cannot read: refused without building a HostnameError.
const NEVER_IN_HOST = /[\x00-\x2c\x2f\x3b-\x40\x5b-\x60\x7b-\x7f]/;
const PORT_PORTION = /^(?::[+-]?[0-9]+)?$/;

function obviouslyInvalidHost(part: string): boolean {
  const colon = part.indexOf(":");
  const host = colon < 0 ? part : part.slice(0, colon);
  return NEVER_IN_HOST.test(host) || !PORT_PORTION.test(colon < 0 ? "" : part.slice(colon));
}

function parseHost(part: string): Hostname | RegistryFailure {
  let host: Hostname | undefined;
  if (!obviouslyInvalidHost(part)) {
    try {
      host = forComparison(part);
    } catch {
      host = undefined;
    }
  }
  if (host === undefined) {
    if (part.includes("--")) {
      return fail(
        "TOFUKIT_REGISTRY_MODULE_HOST",
        `invalid module registry hostname ${goQuote(part)}; internationalized domain names must be given as direct unicode characters, not in punycode`,
      );
    }
    return fail("TOFUKIT_REGISTRY_MODULE_HOST", `invalid module registry hostname ${goQuote(part)}`);
  }
  if (!host.includes(".")) {
    return fail(
      "TOFUKIT_REGISTRY_MODULE_HOST",
      "invalid module registry hostname: must contain at least one dot",
    );
  }
  return host;
}

/** regaddr.ParseModuleSource: the registry address, or why the grammar refuses it. */
export function readRegistryModuleAddress(raw: string): RegistryModuleSource | RegistryFailure {
  const [pkg, subdir] = splitPackageSubdir(raw);
  if (subdir.startsWith("../")) {
    return fail(
      "TOFUKIT_REGISTRY_SUBDIR_ESCAPES",
      `subdirectory path ${goQuote(subdir)} leads outside of the module package`,
    );
  }
  let parts = pkg.split("/");
  if (parts.length !== 3 && parts.length !== 4) {
    return fail(
      "TOFUKIT_REGISTRY_MODULE_COMPONENTS",
      "a module registry source address must have either three or four slash-separated components",
    );
  }
  let host = DEFAULT_MODULE_REGISTRY_HOST;
  if (parts.length === 4) {
    const parsed = parseHost(parts[0]!);
    if (typeof parsed !== "string") return parsed;
    host = parsed;
    parts = parts.slice(1);
  }
  if (host === "github.com" || host === "bitbucket.org") {
    return fail(
      "TOFUKIT_REGISTRY_RESERVED_HOST",
      `can't use ${goQuote(host)} as a module registry host, because it's reserved for installing directly from version control repositories`,
    );
  }
  const [namespace, name, system] = parts as [string, string, string];
  if (!NAME.test(namespace)) {
    if (namespace.includes(".")) {
      return fail(
        "TOFUKIT_REGISTRY_MODULE_COMPONENTS",
        "source address must have three more components after the hostname: the namespace, the name, and the target system",
      );
    }
    return fail("TOFUKIT_REGISTRY_MODULE_NAMESPACE", `invalid namespace ${goQuote(namespace)}: ${NAME_RULE}`);
  }
  if (!NAME.test(name)) {
    return fail("TOFUKIT_REGISTRY_MODULE_NAME", `invalid module name ${goQuote(name)}: ${NAME_RULE}`);
  }
  if (!TARGET_SYSTEM.test(system)) {
    if (system.includes("?")) {
      return fail(
        "TOFUKIT_REGISTRY_QUERY_STRING",
        "module registry addresses may not include a query string portion",
      );
    }
    return fail(
      "TOFUKIT_REGISTRY_TARGET_SYSTEM",
      `invalid target system ${goQuote(system)}: must be between one and 64 ASCII letters or digits`,
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
    throw new RegistryAddressError(
      "TOFUKIT_REGISTRY_LOCAL_AS_REGISTRY",
      `can't use local directory ${goQuote(raw)} as a module registry address`,
      raw,
    );
  }
  const got = readRegistryModuleAddress(raw);
  if (got instanceof RegistryModuleSource) return got;
  throw new RegistryAddressError(got.code, got.message, raw);
}
