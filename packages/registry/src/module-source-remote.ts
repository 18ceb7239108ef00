// Remote module sources (addrs.ModuleSourceRemote): anything go-getter can fetch, normalized by
// its detectors into a package address plus a subdirectory, as `tofu init` would fetch it.
import { cleanPath, goQuote, joinPath } from "@tofukit/gostd";
import { DetectError, detectPackage } from "./getter-detect.js";
import { splitPackageSubdir } from "./package-subdir.js";
import { RegistryAddressError } from "./registry-error.js";

const FORCED = /^([A-Za-z0-9]+)::/;
const SCHEME = /^([A-Za-z][A-Za-z0-9+.-]*):/;

/** A module package fetched directly (git, hg, http(s), s3, gcs, oci, file, …). */
export class RemoteModuleSource {
  readonly kind = "remote";
  /** The normalized package address, a forced getter prefix (`git::`) included. */
  readonly url: string;
  /** The cleaned subdirectory inside the package, or "". */
  readonly subdir: string;

  constructor(url: string, subdir: string) {
    this.url = url;
    this.subdir = subdir;
    Object.freeze(this);
  }

  /** The go-getter that fetches the package: the forced getter, else the URL scheme, lower case. */
  get getter(): string {
    const forced = FORCED.exec(this.url);
    if (forced !== null) return forced[1]!;
    return SCHEME.exec(this.url)?.[1]?.toLowerCase() ?? "";
  }

  /** The package with the subdirectory put before any query string, as OpenTofu prints it. */
  toString(): string {
    if (this.subdir === "") return this.url;
    const q = this.url.indexOf("?");
    return q < 0
      ? `${this.url}//${this.subdir}`
      : `${this.url.slice(0, q)}//${this.subdir}?${this.url.slice(q + 1)}`;
  }

  forDisplay(): string {
    return this.toString();
  }

  /**
   * ModuleSourceRemote.FromRegistry: this package, where a registry said the module at `given`
   * lives, with the registry address's subdirectory joined below its own.
   */
  fromRegistry(given: { readonly subdir: string }): RemoteModuleSource {
    if (given.subdir === "") return this;
    return new RemoteModuleSource(
      this.url,
      this.subdir === "" ? given.subdir : joinPath(this.subdir, given.subdir),
    );
  }
}

export function parseRemoteModuleSource(raw: string): RemoteModuleSource {
  let [pkg, subdir] = splitPackageSubdir(raw);
  if (subdir.startsWith("../")) {
    throw new RegistryAddressError(
      "TOFUKIT_REGISTRY_SUBDIR_ESCAPES",
      `subdirectory path ${goQuote(subdir)} leads outside of the module package`,
      raw,
    );
  }
  let normalized: string;
  try {
    normalized = detectPackage(pkg);
  } catch (error) {
    if (!(error instanceof DetectError)) throw error;
    throw new RegistryAddressError(
      error.relative ? "TOFUKIT_REGISTRY_UNDETECTABLE_SOURCE" : "TOFUKIT_REGISTRY_REMOTE_SOURCE",
      error.message,
      raw,
    );
  }
  let detectedSubdir: string;
  [pkg, detectedSubdir] = splitPackageSubdir(normalized);
  if (detectedSubdir !== "") {
    subdir = subdir !== "" ? joinPath(detectedSubdir, subdir) : cleanPath(detectedSubdir);
    if (subdir.startsWith("../")) {
      throw new RegistryAddressError(
        "TOFUKIT_REGISTRY_SUBDIR_ESCAPES",
        `detected subdirectory path ${goQuote(subdir)} of ${goQuote(pkg)} leads outside of the module package`,
        raw,
      );
    }
  }
  return new RemoteModuleSource(pkg, subdir);
}
