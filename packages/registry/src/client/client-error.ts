// The error of the registry client: a stable code and OpenTofu's message text.

export type RegistryClientErrorCode =
  | "TOFUKIT_REGISTRY_HOST_UNREACHABLE"
  | "TOFUKIT_REGISTRY_HOST_NO_PROVIDERS"
  | "TOFUKIT_REGISTRY_PROTOCOL_VERSION"
  | "TOFUKIT_REGISTRY_MODULE_NOT_FOUND"
  | "TOFUKIT_REGISTRY_PROVIDER_NOT_KNOWN"
  | "TOFUKIT_REGISTRY_PLATFORM_NOT_SUPPORTED"
  | "TOFUKIT_REGISTRY_PROVIDER_PROTOCOL"
  | "TOFUKIT_REGISTRY_UNAUTHORIZED"
  | "TOFUKIT_REGISTRY_QUERY_FAILED"
  | "TOFUKIT_REGISTRY_INVALID_RESPONSE"
  | "TOFUKIT_REGISTRY_INVALID_LOCATION"
  | "TOFUKIT_REGISTRY_PACKAGE_CHECKSUM"
  | "TOFUKIT_REGISTRY_PACKAGE_SIGNATURE"
  | "TOFUKIT_REGISTRY_DOWNLOAD_FAILED"
  | "TOFUKIT_REGISTRY_DOWNLOAD_TOO_LARGE"
  | "TOFUKIT_REGISTRY_TIMEOUT";

const brand = Symbol.for("tofukit.RegistryClientError");

/** A registry request failed, or its answer cannot be used. `status` is set for HTTP statuses. */
export class RegistryClientError extends Error {
  readonly code: RegistryClientErrorCode;
  readonly status: number | undefined;

  constructor(
    code: RegistryClientErrorCode,
    message: string,
    options?: { status?: number; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.status = options?.status;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && brand in value;
  }
}
Object.defineProperty(RegistryClientError.prototype, "name", {
  value: "RegistryClientError",
  writable: true,
  configurable: true,
});
Object.defineProperty(RegistryClientError.prototype, brand, { value: true });
