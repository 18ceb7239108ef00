// OpenTofu's provider package authentication in full (getproviders.PackageAuthenticationAll): the
// checksum steps, then the OpenPGP signature over SHA256SUMS by one of the registry's keys
// (signatureAuthentication), with its texts and its result. The OpenPGP library loads on first
// use, so neither entry point pays for it until a signature is checked.
import type { Key, Signature } from "openpgp";
import { RegistryClientError } from "./client-error.js";
import { checkProviderPackageChecksums } from "./package-checksums.js";
import type { ProviderPackageMeta } from "./provider-package-meta.js";
import { checksumListHashes } from "./sha256sums.js";

/** What OpenTofu learned about one hash while authenticating a package (HashDisposition). */
export interface ProviderHashDisposition {
  /** Computed from the downloaded bytes. */
  readonly verifiedLocally: boolean;
  /** Listed by the registry: its `packages` entries or the SHA256SUMS document. */
  readonly reportedByRegistry: boolean;
  /** The key IDs whose signature covers the hash (upper-case hex, as OpenTofu prints them). */
  readonly signedByKeyIds: readonly string[];
}

/** The result of `verifyProviderPackage`, as OpenTofu's PackageAuthenticationResult reports it. */
export interface ProviderPackageAuthentication {
  /** PackageAuthenticationResult.String(): `signed`, or `signing skipped` when no key was required. */
  readonly summary: "signed" | "signing skipped";
  /** The signing key's ID (16 upper-case hex digits, KeyIdString), when signed. */
  readonly keyId: string | undefined;
  /**
   * The only signature found is by an expired key or is itself expired: OpenTofu accepts it with
   * the warning `Provider NS/TYPE (HOST) gpg key expired, this will fail in future versions of
   * OpenTofu` unless OPENTOFU_ENFORCE_GPG_EXPIRATION is `true` (`enforceKeyExpiration`).
   */
  readonly keyExpired: boolean;
  /** The archive's `zh:` hash. */
  readonly zipHash: string;
  /** The archive's `h1:` hash. */
  readonly packageHash: string;
  /** Every hash involved, for the lock file: OpenTofu records those signed (or, where signing was skipped, reported). */
  readonly hashes: ReadonlyMap<string, ProviderHashDisposition>;
}

export interface VerifyProviderPackageOptions {
  /** The SHA256SUMS document, as downloaded: the signature covers its exact bytes. */
  readonly sha256sums: Uint8Array | string;
  /** The binary detached signature of SHA256SUMS. */
  readonly signature: Uint8Array;
  /** ASCII-armored public keys; the registry's `signing_keys` (`meta.signingKeys`) by default. */
  readonly keys?: readonly string[];
  /**
   * Require a signature even from registry.opentofu.org when it lists no key: what
   * OPENTOFU_ENFORCE_GPG_VALIDATION=true does. Any other host, or any listed key, always requires one.
   */
  readonly enforceSignature?: boolean;
  /** Refuse expired keys and signatures: what OPENTOFU_ENFORCE_GPG_EXPIRATION=true does. */
  readonly enforceKeyExpiration?: boolean;
  /** The time keys and signatures are checked at; now by default. */
  readonly now?: Date;
}

// The one host allowed to list no signing keys (addrs.DefaultProviderRegistryHost).
const DEFAULT_REGISTRY_HOST = "registry.opentofu.org";

const signatureError = (reason: string): RegistryClientError =>
  new RegistryClientError(
    "TOFUKIT_REGISTRY_PACKAGE_SIGNATURE",
    `the provider is not signed with a valid signing key; please contact the provider author (${reason})`,
  );

const messageOf = (error: unknown): string => (error instanceof Error ? error.message : String(error));

let library: Promise<typeof import("openpgp")> | undefined;
const loadOpenPGP = (): Promise<typeof import("openpgp")> => {
  library ??= import("openpgp");
  return library;
};

type OpenPGP = typeof import("openpgp");

async function verifiesAt(
  pgp: OpenPGP,
  document: Uint8Array,
  signature: Signature,
  key: Key,
  date: Date,
): Promise<boolean> {
  const message = await pgp.createMessage({ binary: document });
  const { signatures } = await pgp.verify({ message, signature, verificationKeys: key, date });
  try {
    return signatures.length > 0 && (await signatures[0]!.verified);
  } catch {
    return false;
  }
}

async function verifyOrExplain(
  pgp: OpenPGP,
  document: Uint8Array,
  signature: Signature,
  key: Key,
  date: Date,
): Promise<string | null> {
  const message = await pgp.createMessage({ binary: document });
  const { signatures } = await pgp.verify({ message, signature, verificationKeys: key, date });
  if (signatures.length === 0) return "no signature found";
  try {
    await signatures[0]!.verified;
    return null;
  } catch (error) {
    return messageOf(error);
  }
}

// True when the key, or the subkey that made the signature, has expired by `now`: Go's
// CheckDetachedSignature reports ErrKeyExpired there, where openpgpjs looks only at the
// signature's creation time.
async function keyExpiredBy(key: Key, issuerIds: readonly string[], now: Date): Promise<boolean> {
  const expiry = async (k: { getExpirationTime(): Promise<Date | number | null> }) => {
    try {
      const t = await k.getExpirationTime();
      return t instanceof Date && t.getTime() <= now.getTime();
    } catch {
      return false;
    }
  };
  if (await expiry(key)) return true;
  for (const sub of key.getSubkeys()) {
    if (issuerIds.includes(sub.getKeyID().toHex()) && (await expiry(sub))) return true;
  }
  return false;
}

// findSigningKey: each key in turn; a key that does not decode fails at once, a key that did not
// make the signature is skipped, an expired one is remembered in case no other key verifies.
async function findSigningKey(
  document: Uint8Array,
  signatureBytes: Uint8Array,
  keys: readonly string[],
  enforceKeyExpiration: boolean,
  now: Date,
): Promise<{ keyId: string; expired: boolean }> {
  const pgp = await loadOpenPGP();
  let signature: Signature | undefined;
  let expiredKeyId: string | undefined;
  for (const armor of keys) {
    let keyring: Key[];
    try {
      // openpgpjs refuses an empty string as a wrong argument; Go finds no armored data in it.
      if (armor.trim() === "") throw new Error("openpgp: invalid argument: no armored data found");
      keyring = await pgp.readKeys({ armoredKeys: armor });
    } catch (error) {
      throw signatureError(`error decoding signing key: ${messageOf(error)}`);
    }
    try {
      signature ??= await pgp.readSignature({ binarySignature: signatureBytes });
    } catch (error) {
      throw signatureError(`error checking signature: ${messageOf(error)}`);
    }
    const issuerIds = signature.getSigningKeyIDs().map((id) => id.toHex());
    const key = keyring.find((k) => k.getKeys().some((sub) => issuerIds.includes(sub.getKeyID().toHex())));
    if (key === undefined) continue; // ErrUnknownIssuer: try the next key
    const keyId = key.getKeyID().toHex().toUpperCase();
    const problem = await verifyOrExplain(pgp, document, signature, key, now);
    if (problem === null) {
      if (!(await keyExpiredBy(key, issuerIds, now))) return { keyId, expired: false };
      expiredKeyId ??= keyId;
      continue;
    }
    // An expired signature verifies at its own creation time (ErrSignatureExpired).
    const created = signature.packets[0]?.created;
    if (created instanceof Date && (await verifiesAt(pgp, document, signature, key, created))) {
      expiredKeyId ??= keyId;
      continue;
    }
    throw signatureError(`error checking signature: ${problem}`);
  }
  if (expiredKeyId !== undefined && !enforceKeyExpiration) return { keyId: expiredKeyId, expired: true };
  throw signatureError("authentication signature from unknown issuer");
}

/**
 * Authenticates a downloaded provider package as `tofu init` does, in its order: the registry's
 * `packages` entry (size, `zh:`), the SHA256SUMS line for the file, the archive's SHA-256, then the
 * detached OpenPGP signature of SHA256SUMS by one of the registry's keys. Throws
 * RegistryClientError (`TOFUKIT_REGISTRY_PACKAGE_CHECKSUM` or `TOFUKIT_REGISTRY_PACKAGE_SIGNATURE`)
 * with OpenTofu's texts.
 */
export async function verifyProviderPackage(
  meta: ProviderPackageMeta,
  archive: Uint8Array,
  options: VerifyProviderPackageOptions,
): Promise<ProviderPackageAuthentication> {
  const document =
    typeof options.sha256sums === "string"
      ? new TextEncoder().encode(options.sha256sums)
      : options.sha256sums;
  const sumsText = new TextDecoder().decode(document);
  const { zipHash, packageHash } = checkProviderPackageChecksums(meta, archive, sumsText);

  const keys = options.keys ?? meta.signingKeys;
  const required =
    keys.length > 0 || meta.provider.hostname !== DEFAULT_REGISTRY_HOST || options.enforceSignature === true;
  let keyId: string | undefined;
  let keyExpired = false;
  if (required) {
    const found = await findSigningKey(
      document,
      options.signature,
      keys,
      options.enforceKeyExpiration === true,
      options.now ?? new Date(),
    );
    keyId = found.keyId;
    keyExpired = found.expired;
  }

  const hashes = new Map<string, ProviderHashDisposition>();
  const merge = (hash: string, change: Partial<ProviderHashDisposition>): void => {
    const was = hashes.get(hash) ?? { verifiedLocally: false, reportedByRegistry: false, signedByKeyIds: [] };
    hashes.set(hash, {
      verifiedLocally: was.verifiedLocally || change.verifiedLocally === true,
      reportedByRegistry: was.reportedByRegistry || change.reportedByRegistry === true,
      signedByKeyIds: [...new Set([...was.signedByKeyIds, ...(change.signedByKeyIds ?? [])])],
    });
  };
  for (const entry of meta.packages.values()) {
    for (const hash of entry.hashes) merge(hash, { reportedByRegistry: true });
  }
  merge(zipHash, { verifiedLocally: true });
  merge(packageHash, { verifiedLocally: true });
  for (const hash of checksumListHashes(sumsText)) {
    merge(hash, { reportedByRegistry: true, signedByKeyIds: keyId === undefined ? [] : [keyId] });
  }
  return {
    summary: keyId === undefined ? "signing skipped" : "signed",
    keyId,
    keyExpired,
    zipHash,
    packageHash,
    hashes,
  };
}
