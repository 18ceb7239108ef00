// Provider source addresses (regaddr.ParseProviderSource): [HOSTNAME/][NAMESPACE/]TYPE, with
// namespace and type case-folded like DNS labels, and the reference's diagnostics verbatim
// (including the stray trailing quote and the empty %q of a part that failed to parse).
import { goQuote } from "@tofukit/gostd";
import { displayOf, forComparison, type Hostname, HostnameError } from "@tofukit/hostname";
import { RegistryAddressError } from "./registry-error.js";

export const DEFAULT_PROVIDER_REGISTRY_HOST = "registry.opentofu.org" as Hostname;
/** The host of built-in providers as OpenTofu addresses them (terraform.io/builtin/terraform). */
export const BUILT_IN_PROVIDER_HOST = "terraform.io" as Hostname;
const OPENTOFU_BUILT_IN_HOST = "opentofu.org" as Hostname;
export const BUILT_IN_PROVIDER_NAMESPACE = "builtin";
/** The namespace of a bare `aws` source: OpenTofu's wrapper turns it into "hashicorp". */
export const UNKNOWN_PROVIDER_NAMESPACE = "?";
export const LEGACY_PROVIDER_NAMESPACE = "-";

/** A provider address: a registry host, a namespace and a type, all normalized. */
export class Provider {
  readonly hostname: Hostname;
  readonly namespace: string;
  readonly type: string;

  constructor(hostname: Hostname, namespace: string, type: string) {
    this.hostname = hostname;
    this.namespace = namespace;
    this.type = type;
    Object.freeze(this);
  }

  /** `host/namespace/type`, the host in display form: the form lock files are keyed by. */
  toString(): string {
    return `${displayOf(this.hostname)}/${this.namespace}/${this.type}`;
  }

  /** As toString, without the host when it is registry.opentofu.org. */
  forDisplay(): string {
    return this.hostname === DEFAULT_PROVIDER_REGISTRY_HOST
      ? `${this.namespace}/${this.type}`
      : this.toString();
  }

  /** terraform.io/builtin/… or opentofu.org/builtin/…: bundled in OpenTofu, never installed. */
  isBuiltIn(): boolean {
    return (
      (this.hostname === BUILT_IN_PROVIDER_HOST || this.hostname === OPENTOFU_BUILT_IN_HOST) &&
      this.namespace === BUILT_IN_PROVIDER_NAMESPACE
    );
  }

  /** registry.opentofu.org/-/type: a pre-0.13 address without a namespace. */
  isLegacy(): boolean {
    return this.hostname === DEFAULT_PROVIDER_REGISTRY_HOST && this.namespace === LEGACY_PROVIDER_NAMESPACE;
  }

  hasKnownNamespace(): boolean {
    return this.namespace !== UNKNOWN_PROVIDER_NAMESPACE;
  }

  equals(other: Provider): boolean {
    return this.hostname === other.hostname && this.namespace === other.namespace && this.type === other.type;
  }

  /** Provider.LessThan: host, then namespace, then type, comparing the stored strings. */
  lessThan(other: Provider): boolean {
    if (this.hostname !== other.hostname) return this.hostname < other.hostname;
    if (this.namespace !== other.namespace) return this.namespace < other.namespace;
    return this.type < other.type;
  }
}

const PART_RULE = "must contain only letters, digits, and dashes, and may not use leading or trailing dashes";

/** The reason a part is refused, or the normalized part. */
function providerPart(given: string): { ok: true; value: string } | { ok: false; reason: string } {
  if (given === "") return { ok: false, reason: "must have at least one character" };
  if (given.includes(".")) return { ok: false, reason: "dots are not allowed" };
  if (given.includes("--")) return { ok: false, reason: "cannot use multiple consecutive dashes" };
  // Plain lower-case letters and digits with inner dashes map to themselves; the common case.
  if (/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/.test(given)) return { ok: true, value: given };
  // idna.Lookup.ToUnicode of one label: UTS #46 mapping and validation (STD3 rules, hyphens,
  // joiners, bidi), which forComparison applies; a colon would be read there as a port.
  if (given.includes(":")) return { ok: false, reason: PART_RULE };
  try {
    return { ok: true, value: displayOf(forComparison(given)) };
  } catch (error) {
    if (error instanceof HostnameError) return { ok: false, reason: PART_RULE };
    throw error;
  }
}

/**
 * regaddr.ParseProviderPart: one namespace or type, case-folded and NFC-normalized like a DNS
 * label (`FOO` → `foo`). Throws RegistryAddressError with the reference's reason.
 */
export function parseProviderPart(given: string): string {
  const part = providerPart(given);
  if (!part.ok) throw new RegistryAddressError("TOFUKIT_REGISTRY_PROVIDER_PART", part.reason, given);
  return part.value;
}

function diagnostic(
  code: ConstructorParameters<typeof RegistryAddressError>[0],
  summary: string,
  detail: string,
  input: string,
): RegistryAddressError {
  return new RegistryAddressError(code, `${summary}: ${detail}`, input, { summary, detail });
}

const FORMAT_DETAIL = 'The "source" attribute must be in the format "[hostname/][namespace/]name"';

// OpenTofu's and Terraform's prefixes, checked Terraform's first as the reference does.
const PREFIXES = [
  {
    redundant: "terraform-",
    userError: "terraform-provider-",
    repositories: "often used in the names of version control repositories for Terraform providers",
    product: "a Terraform provider",
  },
  {
    redundant: "opentofu-",
    userError: "opentofu-provider-",
    repositories: "sometimes used in the names of version control repositories for OpenTofu providers",
    product: "an OpenTofu provider",
  },
] as const;

/**
 * regaddr.ParseProviderSource. A one-part source gets the namespace "?" (UNKNOWN_PROVIDER_NAMESPACE),
 * which OpenTofu's own wrapper replaces with "hashicorp". Throws RegistryAddressError with the
 * diagnostic's summary and detail.
 */
export function parseProviderSource(str: string): Provider {
  const parts = str.split("/");
  if (parts.length > 3 || parts.some((p) => p === "")) {
    throw diagnostic(
      "TOFUKIT_REGISTRY_PROVIDER_SOURCE",
      "Invalid provider source string",
      FORMAT_DETAIL,
      str,
    );
  }
  const givenType = parts[parts.length - 1]!;
  const typePart = providerPart(givenType);
  if (!typePart.ok) {
    throw diagnostic(
      "TOFUKIT_REGISTRY_PROVIDER_TYPE",
      "Invalid provider type",
      `Invalid provider type ${goQuote(givenType)} in source ${goQuote(str)}: ${typePart.reason}"`,
      str,
    );
  }
  const type = typePart.value;
  if (parts.length === 1)
    return new Provider(DEFAULT_PROVIDER_REGISTRY_HOST, UNKNOWN_PROVIDER_NAMESPACE, type);

  const givenNamespace = parts[parts.length - 2]!;
  let namespace = LEGACY_PROVIDER_NAMESPACE;
  if (givenNamespace !== LEGACY_PROVIDER_NAMESPACE) {
    const ns = providerPart(givenNamespace);
    if (!ns.ok) {
      throw diagnostic(
        "TOFUKIT_REGISTRY_PROVIDER_NAMESPACE",
        "Invalid provider namespace",
        `Invalid provider namespace "" in source ${goQuote(str)}: ${ns.reason}"`,
        str,
      );
    }
    namespace = ns.value;
  }

  let hostname = DEFAULT_PROVIDER_REGISTRY_HOST;
  if (parts.length === 3) {
    try {
      hostname = forComparison(parts[0]!);
    } catch (error) {
      if (!(error instanceof HostnameError)) throw error;
      throw diagnostic(
        "TOFUKIT_REGISTRY_PROVIDER_HOSTNAME",
        "Invalid provider source hostname",
        `Invalid provider source hostname namespace "" in source ${goQuote(str)}: ${error.message}"`,
        str,
      );
    }
  }

  if (namespace === LEGACY_PROVIDER_NAMESPACE && hostname !== DEFAULT_PROVIDER_REGISTRY_HOST) {
    throw diagnostic(
      "TOFUKIT_REGISTRY_PROVIDER_NAMESPACE",
      "Invalid provider namespace",
      `The legacy provider namespace "-" can be used only with hostname ${DEFAULT_PROVIDER_REGISTRY_HOST}.`,
      str,
    );
  }

  const provider = new Provider(hostname, namespace, type);
  for (const prefix of PREFIXES) {
    if (!type.startsWith(prefix.redundant)) continue;
    if (type.startsWith(prefix.userError)) {
      const suggested = providerPart(type.slice(prefix.userError.length));
      if (suggested.ok) {
        const suggestion = new Provider(hostname, namespace, type.slice(prefix.userError.length));
        throw diagnostic(
          "TOFUKIT_REGISTRY_PROVIDER_TYPE",
          "Invalid provider type",
          `Provider source ${goQuote(provider.forDisplay())} has a type with the prefix ${goQuote(prefix.userError)}, which isn't valid. Although that prefix is ${prefix.repositories}, provider source strings should not include it.\n\nDid you mean ${goQuote(suggestion.forDisplay())}?`,
          str,
        );
      }
    }
    throw diagnostic(
      "TOFUKIT_REGISTRY_PROVIDER_TYPE",
      "Invalid provider type",
      `Provider source ${goQuote(provider.toString())} has a type with the prefix ${goQuote(prefix.redundant)}, which isn't allowed because it would be redundant to name ${prefix.product} with that prefix. If you are the author of this provider, rename it to not include the prefix.`,
      str,
    );
  }
  return provider;
}

/**
 * OpenTofu's addrs.ParseProviderSourceString, what `required_providers` and lock files use:
 * parseProviderSource, with a bare type's unknown namespace read as "hashicorp".
 */
export function parseProviderSourceString(str: string): Provider {
  const p = parseProviderSource(str);
  return p.namespace === UNKNOWN_PROVIDER_NAMESPACE ? new Provider(p.hostname, "hashicorp", p.type) : p;
}

/**
 * addrs.ImpliedProviderForUnqualifiedType: the provider a local name means when no `source` is
 * given; `terraform` is the built-in terraform.io/builtin/terraform.
 */
export function impliedProviderForUnqualifiedType(type: string): Provider {
  return type === "terraform"
    ? new Provider(BUILT_IN_PROVIDER_HOST, BUILT_IN_PROVIDER_NAMESPACE, type)
    : new Provider(DEFAULT_PROVIDER_REGISTRY_HOST, "hashicorp", type);
}
