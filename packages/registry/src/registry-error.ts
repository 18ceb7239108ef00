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

// `branded` names the class on its prototype, makes `instanceof` test for a registry-wide
// symbol instead of the prototype chain, and returns the function its constructor calls to mark
// an instance (the pattern of @tofukit/disco's errors).
function branded(cls: abstract new (...args: never[]) => Error, name: string): (instance: Error) => void {
  const brand = Symbol.for(`tofukit.registry.${name}`);
  cls.prototype.name = name;
  Object.defineProperty(cls, Symbol.hasInstance, {
    value: (value: unknown): boolean =>
      typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[brand] === true,
  });
  return (instance) => Object.defineProperty(instance, brand, { value: true });
}

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
    markAddressError(this);
  }
}
const markAddressError = branded(RegistryAddressError, "RegistryAddressError");

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
    markVersionError(this);
  }
}
const markVersionError = branded(VersionError, "VersionError");

/** A provider hash string that cannot be read, or a package that cannot be hashed. */
export class HashError extends Error {
  readonly code: HashErrorCode;

  constructor(code: HashErrorCode, message: string) {
    super(message);
    this.code = code;
    markHashError(this);
  }
}
const markHashError = branded(HashError, "HashError");
