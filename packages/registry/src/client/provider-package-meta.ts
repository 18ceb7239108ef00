// Reading a providers.v1 download answer as getproviders.registryClient.PackageMeta does: the
// checks in its order (protocols, target, URLs, packages, shasum) and its texts.
import { goQuote } from "@tofukit/gostd";
import { parseProviderHash } from "../provider-hash.js";
import type { Provider } from "../provider-source.js";
import { type ProviderVersion, readProviderVersion } from "../provider-version.js";
import { parseProviderVersionConstraintRuby } from "../provider-version-constraint.js";
import { RegistryClientError } from "./client-error.js";

export interface ProviderPlatform {
  readonly os: string;
  readonly arch: string;
}

/** A provider package's metadata, validated as OpenTofu validates it. */
export interface ProviderPackageMeta {
  readonly provider: Provider;
  readonly version: ProviderVersion;
  readonly platform: ProviderPlatform;
  readonly protocols: readonly string[];
  readonly filename: string;
  readonly downloadURL: URL;
  /** The zip archive's SHA-256, lower-case hex. */
  readonly shasum: string;
  readonly shasumsURL: URL | undefined;
  readonly shasumsSignatureURL: URL | undefined;
  /** ASCII-armored GPG public keys. */
  readonly signingKeys: readonly string[];
  /** Hashes and sizes by `os_arch`, when the registry lists them (OpenTofu ≥ 1.12). */
  readonly packages: ReadonlyMap<string, { readonly hashes: readonly string[]; readonly size: number }>;
}

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

// The plugin protocols this OpenTofu speaks (SupportedPluginProtocols).
const SUPPORTED_PROTOCOLS = parseProviderVersionConstraintRuby(">= 5, < 7");

// getproviders.ParsePlatform's checks on an `os_arch` key.
function platformProblem(key: string): string | null {
  const parts = key.split("_");
  if (parts.length !== 2) return "must be two words separated by an underscore";
  if (/\s/.test(parts[0]!)) return "OS portion must not contain whitespace";
  if (/\s/.test(parts[1]!)) return "architecture portion must not contain whitespace";
  return null;
}

/** The metadata in a download answer's JSON; relative URLs resolve against `finalURL`. */
export function readProviderPackageMeta(
  body: Json,
  provider: Provider,
  version: ProviderVersion,
  platform: ProviderPlatform,
  finalURL: URL,
): ProviderPackageMeta {
  const target = `${platform.os}_${platform.arch}`;
  const invalid = (message: string): RegistryClientError =>
    new RegistryClientError("TOFUKIT_REGISTRY_INVALID_RESPONSE", message);
  const str = (key: string): string => (typeof body[key] === "string" ? (body[key] as string) : "");

  const protocols = Array.isArray(body.protocols) ? body.protocols.map(String) : [];
  let supported = protocols.length === 0;
  for (const p of protocols) {
    const v = readProviderVersion(p);
    if (typeof v === "string")
      throw invalid(`registry response includes invalid version string ${goQuote(p)}: ${v}`);
    if (SUPPORTED_PROTOCOLS.allows(v)) supported = true;
  }
  if (!supported) {
    throw new RegistryClientError(
      "TOFUKIT_REGISTRY_PROVIDER_PROTOCOL",
      `provider ${provider} ${version} is not supported by this version of OpenTofu`,
    );
  }
  if (str("os") !== platform.os || str("arch") !== platform.arch) {
    throw invalid(
      `registry response to request for ${target} archive has incorrect target ${str("os")}_${str("arch")}`,
    );
  }
  const httpURL = (raw: string, what: string): URL => {
    let u: URL;
    try {
      u = new URL(raw, finalURL);
    } catch (error) {
      throw invalid(`registry response includes invalid ${what}: ${(error as Error).message}`);
    }
    if (u.protocol !== "http:" && u.protocol !== "https:") {
      throw invalid(`registry response includes invalid ${what}: must use http or https scheme`);
    }
    return u;
  };
  const downloadURL = httpURL(str("download_url"), "download URL");

  const packages = new Map<string, { hashes: string[]; size: number }>();
  if (isObject(body.packages)) {
    for (const [key, entry] of Object.entries(body.packages)) {
      const platformError = platformProblem(key);
      if (platformError !== null)
        throw invalid(
          `registry response includes invalid package platform ${goQuote(key)}: ${platformError}`,
        );
      const hashes: string[] = [];
      for (const h of isObject(entry) && Array.isArray(entry.hashes) ? entry.hashes : []) {
        const text = String(h);
        try {
          parseProviderHash(text);
        } catch (error) {
          throw invalid(
            `registry response includes invalid package hash ${goQuote(text)}: ${(error as Error).message}`,
          );
        }
        hashes.push(text);
      }
      const size = isObject(entry) && typeof entry.package_size === "number" ? entry.package_size : 0;
      packages.set(key, { hashes, size });
    }
  }

  const shasum = str("shasum");
  if (!/^[0-9a-fA-F]{64}$/.test(shasum)) {
    throw invalid(
      `registry response includes invalid SHA256 hash ${goQuote(shasum)}: the hash must be 64 hexadecimal digits`,
    );
  }
  const keys =
    isObject(body.signing_keys) && Array.isArray(body.signing_keys.gpg_public_keys)
      ? body.signing_keys.gpg_public_keys
      : [];
  return {
    provider,
    version,
    platform,
    protocols,
    filename: str("filename"),
    downloadURL,
    shasum: shasum.toLowerCase(),
    shasumsURL: str("shasums_url") === "" ? undefined : httpURL(str("shasums_url"), "SHA256SUMS URL"),
    shasumsSignatureURL:
      str("shasums_signature_url") === ""
        ? undefined
        : httpURL(str("shasums_signature_url"), "SHA256SUMS signature URL"),
    signingKeys: keys.flatMap((k) =>
      isObject(k) && typeof k.ascii_armor === "string" ? [k.ascii_armor] : [],
    ),
    packages,
  };
}
