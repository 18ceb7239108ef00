// The error classes of @tofukit/registry: stable codes, the reference's message texts, and a
// `Symbol.for` brand so that `instanceof` holds across duplicated copies of the package.

/** Why an address (module source, provider source, provider name part) was refused. */
export type RegistryAddressErrorCode =
  | "TOFUKIT_REGISTRY_LOCAL_AS_REGISTRY"
  | "TOFUKIT_REGISTRY_SUBDIR_ESCAPES"
  | "TOFUKIT_REGISTRY_MODULE_COMPONENTS"
  | "TOFUKIT_REGISTRY_MODULE_HOST"
  | "TOFUKIT_REGISTRY_RESERVED_HOST"
  | "TOFUKIT_REGISTRY_MODULE_NAMESPACE"
  | "TOFUKIT_REGISTRY_MODULE_NAME"
  | "TOFUKIT_REGISTRY_TARGET_SYSTEM"
  | "TOFUKIT_REGISTRY_QUERY_STRING"
  | "TOFUKIT_REGISTRY_UNDETECTABLE_SOURCE"
  | "TOFUKIT_REGISTRY_REMOTE_SOURCE"
  | "TOFUKIT_REGISTRY_PROVIDER_SOURCE"
  | "TOFUKIT_REGISTRY_PROVIDER_TYPE"
  | "TOFUKIT_REGISTRY_PROVIDER_NAMESPACE"
  | "TOFUKIT_REGISTRY_PROVIDER_HOSTNAME"
  | "TOFUKIT_REGISTRY_PROVIDER_PART";

/** Why a version or a version constraint was refused. */
export type VersionErrorCode = "TOFUKIT_REGISTRY_MALFORMED_VERSION" | "TOFUKIT_REGISTRY_MALFORMED_CONSTRAINT";

/** Why a provider package hash could not be read or computed. */
export type HashErrorCode = "TOFUKIT_REGISTRY_HASH_SYNTAX" | "TOFUKIT_REGISTRY_HASH_PACKAGE";

// `instanceof` must work when two copies of this package are loaded, so each class recognises
// instances by a registry-wide symbol on its prototype instead of by its prototype chain.
const addressBrand = Symbol.for("tofukit.RegistryAddressError");
const versionBrand = Symbol.for("tofukit.VersionError");
const hashBrand = Symbol.for("tofukit.HashError");

/**
 * An invalid module or provider source address. `message` is the reference's error text; for
 * provider sources, which OpenTofu reports as diagnostics, `summary` and `detail` are its parts.
 */
export class RegistryAddressError extends Error {
  readonly code: RegistryAddressErrorCode;
  /** The address as it was given. */
  readonly input: string;
  readonly summary: string | undefined;
  readonly detail: string | undefined;

  constructor(
    code: RegistryAddressErrorCode,
    message: string,
    input: string,
    diagnostic?: { readonly summary: string; readonly detail: string },
  ) {
    super(message);
    this.code = code;
    this.input = input;
    this.summary = diagnostic?.summary;
    this.detail = diagnostic?.detail;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && addressBrand in value;
  }
}
Object.defineProperty(RegistryAddressError.prototype, "name", {
  value: "RegistryAddressError",
  writable: true,
  configurable: true,
});
Object.defineProperty(RegistryAddressError.prototype, addressBrand, { value: true });

/**
 * An invalid version or version constraint. `message` is the reference library's text; `detail`
 * is the diagnostic detail OpenTofu shows for it, where OpenTofu words it differently.
 */
export class VersionError extends Error {
  readonly code: VersionErrorCode;
  /** The text as it was given. */
  readonly input: string;
  readonly detail: string | undefined;

  constructor(code: VersionErrorCode, message: string, input: string, detail?: string) {
    super(message);
    this.code = code;
    this.input = input;
    this.detail = detail;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && versionBrand in value;
  }
}
Object.defineProperty(VersionError.prototype, "name", {
  value: "VersionError",
  writable: true,
  configurable: true,
});
Object.defineProperty(VersionError.prototype, versionBrand, { value: true });

/** A provider hash string that cannot be read, or a package that cannot be hashed. */
export class HashError extends Error {
  readonly code: HashErrorCode;

  constructor(code: HashErrorCode, message: string) {
    super(message);
    this.code = code;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && hashBrand in value;
  }
}
Object.defineProperty(HashError.prototype, "name", {
  value: "HashError",
  writable: true,
  configurable: true,
});
Object.defineProperty(HashError.prototype, hashBrand, { value: true });
