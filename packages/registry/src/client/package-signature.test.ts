// Provider package authentication with a real OpenPGP signature over SHA256SUMS: keys made here,
// OpenTofu's texts for every failure (package_authentication.go findSigningKey), its result.
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import fc from "fast-check";
import { zipSync } from "fflate";
import * as openpgp from "openpgp";
import { beforeAll, describe, expect, it } from "vitest";
import { parseProviderSource, parseProviderVersion, zipHash, zipPackageHash } from "../index.js";
import { type ProviderPackageMeta, RegistryClientError, verifyProviderPackage } from "./index.js";

const archive = zipSync({ "terraform-provider-null": new TextEncoder().encode("#!/bin/sh\n") });
const shasum = bytesToHex(sha256(archive));
const filename = "terraform-provider-null_2.1.0_linux_amd64.zip";
const other = "a".repeat(64);
const sums = new TextEncoder().encode(
  `${other}  terraform-provider-null_2.1.0_darwin_arm64.zip\n${shasum}  ${filename}\n`,
);

interface TestKey {
  readonly armored: string;
  readonly id: string;
  sign(document: Uint8Array, date?: Date): Promise<Uint8Array>;
}

async function makeKey(options: { date?: Date; keyExpirationTime?: number } = {}): Promise<TestKey> {
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: "ecc",
    curve: "ed25519Legacy",
    userIDs: [{ name: "Provider Signing", email: "signing@example.com" }],
    format: "armored",
    ...options,
  });
  const key = await openpgp.readPrivateKey({ armoredKey: privateKey });
  return {
    armored: publicKey,
    id: key.getKeyID().toHex().toUpperCase(),
    sign: async (document, date) =>
      openpgp.sign({
        message: await openpgp.createMessage({ binary: document }),
        signingKeys: key,
        detached: true,
        format: "binary",
        ...(date === undefined ? {} : { date }),
      }),
  };
}

let signer: TestKey;
let stranger: TestKey;
let signature: Uint8Array;

beforeAll(async () => {
  [signer, stranger] = await Promise.all([makeKey(), makeKey()]);
  signature = await signer.sign(sums);
});

function meta(change: Partial<ProviderPackageMeta> = {}): ProviderPackageMeta {
  return {
    provider: parseProviderSource("example.com/hashicorp/null"),
    version: parseProviderVersion("2.1.0"),
    platform: { os: "linux", arch: "amd64" },
    protocols: ["5.0"],
    filename,
    downloadURL: new URL("https://example.com/p.zip"),
    shasum,
    shasumsURL: new URL("https://example.com/SHA256SUMS"),
    shasumsSignatureURL: new URL("https://example.com/SHA256SUMS.sig"),
    signingKeys: [signer.armored],
    packages: new Map([
      ["linux_amd64", { hashes: [`zh:${shasum}`, "h1:fromregistry="], size: archive.length }],
    ]),
    ...change,
  };
}

const unsigned = (reason: string) =>
  `the provider is not signed with a valid signing key; please contact the provider author (${reason})`;

async function failure(promise: Promise<unknown>): Promise<RegistryClientError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(RegistryClientError);
    return error as RegistryClientError;
  }
  throw new Error("verification passed");
}

describe("verifyProviderPackage", () => {
  it("accepts a package signed by the registry's key, and says which key", async () => {
    const got = await verifyProviderPackage(meta(), archive, { sha256sums: sums, signature });
    expect(got.summary).toBe("signed");
    expect(got.keyId).toMatch(/^[0-9A-F]{16}$/);
    expect(got.keyId).toBe(signer.id);
    expect(got.keyExpired).toBe(false);
    expect(got.zipHash).toBe(zipHash(archive));
    expect(got.packageHash).toBe(zipPackageHash(archive));
    // Every line of the signed list is vouched for, the other platform's too.
    expect(got.hashes.get(`zh:${other}`)).toEqual({
      verifiedLocally: false,
      reportedByRegistry: true,
      signedByKeyIds: [signer.id],
    });
    expect(got.hashes.get(`zh:${shasum}`)).toEqual({
      verifiedLocally: true,
      reportedByRegistry: true,
      signedByKeyIds: [signer.id],
    });
    expect(got.hashes.get(zipPackageHash(archive))).toEqual({
      verifiedLocally: true,
      reportedByRegistry: false,
      signedByKeyIds: [],
    });
    expect(got.hashes.get("h1:fromregistry=")?.reportedByRegistry).toBe(true);
  });

  it("reads SHA256SUMS given as text too", async () => {
    const got = await verifyProviderPackage(meta(), archive, {
      sha256sums: new TextDecoder().decode(sums),
      signature,
    });
    expect(got.summary).toBe("signed");
  });

  it("refuses a tampered archive before looking at the signature", async () => {
    const tampered = archive.slice();
    tampered[tampered.length - 1] = tampered.at(-1)! ^ 1;
    const error = await failure(verifyProviderPackage(meta(), tampered, { sha256sums: sums, signature }));
    expect(error.code).toBe("TOFUKIT_REGISTRY_PACKAGE_CHECKSUM");
    expect(error.message).toBe(`archive has incorrect checksum ${zipHash(tampered)} (expected zh:${shasum})`);
  });

  it("refuses a checksum list whose line for the file was changed", async () => {
    const changed = new TextEncoder().encode(`${"b".repeat(64)}  ${filename}\n`);
    const error = await failure(verifyProviderPackage(meta(), archive, { sha256sums: changed, signature }));
    expect(error.message).toBe(
      `checksum list has unexpected SHA-256 hash ${"b".repeat(64)} (expected ${shasum})`,
    );
  });

  it("refuses a checksum list changed elsewhere: the signature no longer matches", async () => {
    const changed = new TextEncoder().encode(`${"c".repeat(64)}  other.zip\n${shasum}  ${filename}\n`);
    const error = await failure(verifyProviderPackage(meta(), archive, { sha256sums: changed, signature }));
    expect(error.code).toBe("TOFUKIT_REGISTRY_PACKAGE_SIGNATURE");
    expect(error.message).toMatch(
      /^the provider is not signed with a valid signing key; please contact the provider author \(error checking signature: .+\)$/,
    );
  });

  it("refuses a signature by a key the registry did not list", async () => {
    const error = await failure(
      verifyProviderPackage(meta({ signingKeys: [stranger.armored] }), archive, {
        sha256sums: sums,
        signature,
      }),
    );
    expect(error.message).toBe(unsigned("authentication signature from unknown issuer"));
  });

  it("tries each key in turn", async () => {
    const got = await verifyProviderPackage(
      meta({ signingKeys: [stranger.armored, signer.armored] }),
      archive,
      {
        sha256sums: sums,
        signature,
      },
    );
    expect(got.keyId).toBe(signer.id);
  });

  it("stops at a key that does not decode, even when a later one would do", async () => {
    const error = await failure(
      verifyProviderPackage(meta({ signingKeys: ["not a key", signer.armored] }), archive, {
        sha256sums: sums,
        signature,
      }),
    );
    expect(error.message).toMatch(/^the provider is not signed .*\(error decoding signing key: .+\)$/);
  });

  it("refuses a signature that does not parse", async () => {
    const error = await failure(
      verifyProviderPackage(meta(), archive, { sha256sums: sums, signature: new Uint8Array([1, 2, 3]) }),
    );
    expect(error.message).toMatch(/\(error checking signature: .+\)$/);
  });

  it("uses the keys given in place of the registry's", async () => {
    const error = await failure(
      verifyProviderPackage(meta(), archive, { sha256sums: sums, signature, keys: [stranger.armored] }),
    );
    expect(error.message).toBe(unsigned("authentication signature from unknown issuer"));
  });

  it("skips signing only for registry.opentofu.org without keys, unless told to enforce it", async () => {
    const official = meta({ provider: parseProviderSource("hashicorp/null"), signingKeys: [] });
    const got = await verifyProviderPackage(official, archive, {
      sha256sums: sums,
      signature: new Uint8Array(),
    });
    expect(got.summary).toBe("signing skipped");
    expect(got.keyId).toBeUndefined();
    expect(got.hashes.get(`zh:${other}`)).toEqual({
      verifiedLocally: false,
      reportedByRegistry: true,
      signedByKeyIds: [],
    });
    const enforced = await failure(
      verifyProviderPackage(official, archive, { sha256sums: sums, signature, enforceSignature: true }),
    );
    expect(enforced.message).toBe(unsigned("authentication signature from unknown issuer"));
    const elsewhere = await failure(
      verifyProviderPackage(meta({ signingKeys: [] }), archive, { sha256sums: sums, signature }),
    );
    expect(elsewhere.message).toBe(unsigned("authentication signature from unknown issuer"));
  });

  it("accepts an expired key with keyExpired set, and refuses it when expiry is enforced", async () => {
    const past = new Date(Date.now() - 10 * 86_400_000);
    const old = await makeKey({ date: past, keyExpirationTime: 3600 });
    const oldSignature = await old.sign(sums, new Date(past.getTime() + 60_000));
    const expiredMeta = meta({ signingKeys: [old.armored] });
    const got = await verifyProviderPackage(expiredMeta, archive, {
      sha256sums: sums,
      signature: oldSignature,
    });
    expect(got).toMatchObject({ summary: "signed", keyId: old.id, keyExpired: true });
    const error = await failure(
      verifyProviderPackage(expiredMeta, archive, {
        sha256sums: sums,
        signature: oldSignature,
        enforceKeyExpiration: true,
      }),
    );
    expect(error.message).toBe(unsigned("authentication signature from unknown issuer"));
    // An expired key that did not make the signature is passed over.
    const both = await verifyProviderPackage(meta({ signingKeys: [old.armored, signer.armored] }), archive, {
      sha256sums: sums,
      signature,
    });
    expect(both).toMatchObject({ keyId: signer.id, keyExpired: false });
  });

  it("answers arbitrary keys and signatures with its own error, never another", async () => {
    const armorLike = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc
        .uint8Array({ maxLength: 120 })
        .map(
          (b) =>
            `-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n${Buffer.from(b).toString("base64")}\n-----END PGP PUBLIC KEY BLOCK-----\n`,
        ),
    );
    const signatureLike = fc.oneof(
      fc.uint8Array({ maxLength: 200 }),
      fc
        .integer({ min: 0, max: signature.length - 1 })
        .map((i) => signature.map((b, j) => (i === j ? b ^ 0x10 : b))),
    );
    await fc.assert(
      fc.asyncProperty(fc.array(armorLike, { maxLength: 2 }), signatureLike, async (keys, sig) => {
        try {
          await verifyProviderPackage(meta({ signingKeys: keys }), archive, {
            sha256sums: sums,
            signature: sig,
          });
        } catch (error) {
          expect(error).toBeInstanceOf(RegistryClientError);
          expect((error as RegistryClientError).code).toBe("TOFUKIT_REGISTRY_PACKAGE_SIGNATURE");
        }
      }),
      { numRuns: 150 },
    );
  });
});
