// Local module sources (addrs.ModuleSourceLocal): a "./" or "../" path, backslashes made slashes
// and the path cleaned, as OpenTofu does before it ever looks at the file system.
import { cleanPath } from "@tofukit/gostd";

const LOCAL_PREFIXES = ["./", "../", ".\\", "..\\"] as const;

/** True when the text starts like a relative path, which makes it a local module source. */
export function isLocalModuleSource(raw: string): boolean {
  return LOCAL_PREFIXES.some((prefix) => raw.startsWith(prefix));
}

/** A module in a directory of the calling module's package. */
export class LocalModuleSource {
  readonly kind = "local";
  /** The cleaned path, always starting "./" or "../" (quirk kept: "./" becomes "./."). */
  readonly path: string;

  constructor(path: string) {
    this.path = path;
    Object.freeze(this);
  }

  toString(): string {
    return this.path;
  }

  forDisplay(): string {
    return this.path;
  }
}

export function parseLocalModuleSource(raw: string): LocalModuleSource {
  const clean = cleanPath(raw.replaceAll("\\", "/"));
  return new LocalModuleSource(clean.startsWith("../") ? clean : `./${clean}`);
}
