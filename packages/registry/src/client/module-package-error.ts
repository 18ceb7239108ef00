// The error of downloading a module package: a stable code, go-getter's or OpenTofu's words where
// they have some, and the package address with any password taken out.

export type ModulePackageErrorCode =
  | "TOFUKIT_REGISTRY_MODULE_NO_MATCHING_VERSION"
  | "TOFUKIT_REGISTRY_MODULE_GETTER_UNSUPPORTED"
  | "TOFUKIT_REGISTRY_MODULE_ARCHIVE_UNSUPPORTED"
  | "TOFUKIT_REGISTRY_MODULE_ARCHIVE_INVALID"
  | "TOFUKIT_REGISTRY_MODULE_ARCHIVE_UNSAFE"
  | "TOFUKIT_REGISTRY_MODULE_DOWNLOAD_FAILED"
  | "TOFUKIT_REGISTRY_MODULE_TOO_LARGE"
  | "TOFUKIT_REGISTRY_MODULE_CHECKSUM_INVALID"
  | "TOFUKIT_REGISTRY_MODULE_CHECKSUM_MISMATCH"
  | "TOFUKIT_REGISTRY_MODULE_GIT_FAILED"
  | "TOFUKIT_REGISTRY_MODULE_SUBDIR_MISSING"
  | "TOFUKIT_REGISTRY_MODULE_CACHE_FAILED";

const brand = Symbol.for("tofukit.ModulePackageError");

/** A module package could not be downloaded, unpacked or installed into the cache. */
export class ModulePackageError extends Error {
  readonly code: ModulePackageErrorCode;
  /** The package address (`git::https://…`, a registry address), without userinfo. */
  readonly address: string;
  /** The HTTP status, for a download answered with one. */
  readonly status: number | undefined;

  constructor(
    code: ModulePackageErrorCode,
    message: string,
    address: string,
    options?: { status?: number; cause?: unknown },
  ) {
    super(message, options?.cause === undefined ? undefined : { cause: options.cause });
    this.code = code;
    this.address = address;
    this.status = options?.status;
  }

  /** `instanceof` holds across duplicated copies of this package. */
  static override [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && brand in value;
  }
}
Object.defineProperty(ModulePackageError.prototype, "name", {
  value: "ModulePackageError",
  writable: true,
  configurable: true,
});
Object.defineProperty(ModulePackageError.prototype, brand, { value: true });
