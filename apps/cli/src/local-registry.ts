// A module and provider registry on 127.0.0.1 over HTTPS, for the demo and the tests: service
// discovery, modules.v1 (versions, download locations) and providers.v1 (versions, package
// metadata), and the package files themselves: one zip per platform, a SHA256SUMS listing them
// all and its detached OpenPGP signature by a key made when the registry starts.
// Faults can be switched on per path (an HTTP status), a package can be tampered with and the
// signature replaced by another key's, so that every failure has a real registry behind it.
import { createHash } from "node:crypto";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { zipSync } from "fflate";

/** A module the registry publishes: `namespace/name/system` and its versions. */
interface LocalModule {
  readonly namespace: string;
  readonly name: string;
  readonly system: string;
  readonly versions: readonly string[];
}

/** A provider the registry publishes, every version for every platform (`os_arch`). */
interface LocalProvider {
  readonly namespace: string;
  readonly type: string;
  readonly versions: readonly string[];
  readonly platforms: readonly string[];
}

interface LocalRegistryOptions {
  /** The server's certificate and key (PEM), such as demoCertificates() makes. */
  readonly cert: string;
  readonly key: string;
  readonly modules?: readonly LocalModule[];
  readonly providers?: readonly LocalProvider[];
  /** When set, the API (not discovery, not the package files) answers 401 without this bearer token. */
  readonly token?: string;
}

/** One request the registry received: what was asked and whether it carried a bearer token. */
interface LocalRegistryRequest {
  readonly path: string;
  readonly authorization: string | undefined;
}

export interface LocalRegistry {
  /** `127.0.0.1:PORT`, the host part of the registry's source addresses. */
  readonly host: string;
  /** `https://127.0.0.1:PORT`. */
  readonly origin: string;
  /** The ASCII-armored public key SHA256SUMS is signed with. */
  readonly signingKey: string;
  /** Every request so far, in order. */
  readonly requests: LocalRegistryRequest[];
  /** Answers `status` to every request whose path starts with `pathPrefix` (0 removes the fault). */
  fail(pathPrefix: string, status: number): void;
  /** Removes every fault. */
  clearFaults(): void;
  /** Serves a different zip for one provider package than SHA256SUMS and the metadata describe. */
  tamper(namespace: string, type: string, version: string, platform: string): void;
  /** Serves every package as published again. */
  untamper(): void;
  /** Signs SHA256SUMS with a key the registry does not publish from now on. */
  signWithUnknownKey(): Promise<void>;
  /** Signs SHA256SUMS with the published key again. */
  signWithOwnKey(): Promise<void>;
  /** The zip served for a provider package (for computing the expected hashes). */
  archive(namespace: string, type: string, version: string, platform: string): Uint8Array;
  close(): Promise<void>;
}

// A fixed modification time: the same provider package is the same bytes at every start.
const ZIP_TIME = new Date("2024-01-01T00:00:00Z");

function providerArchive(type: string, version: string, platform: string): Uint8Array {
  const program = `#!/bin/sh\necho "terraform-provider-${type} ${version} for ${platform}"\n`;
  return zipSync(
    { [`terraform-provider-${type}_v${version}`]: [new TextEncoder().encode(program), { mtime: ZIP_TIME }] },
    { mtime: ZIP_TIME },
  );
}

const sha256Hex = (bytes: Uint8Array): string => createHash("sha256").update(bytes).digest("hex");

interface Signer {
  readonly publicKey: string;
  readonly keyId: string;
  sign(data: Uint8Array): Promise<Uint8Array>;
}

async function newSigner(name: string): Promise<Signer> {
  const openpgp = await import("openpgp");
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: "ecc",
    curve: "ed25519Legacy",
    userIDs: [{ name }],
    format: "armored",
  });
  const key = await openpgp.readPrivateKey({ armoredKey: privateKey });
  return {
    publicKey,
    keyId: key.getKeyID().toHex().toUpperCase(),
    sign: async (data) =>
      openpgp.sign({
        message: await openpgp.createMessage({ binary: data }),
        signingKeys: key,
        detached: true,
        format: "binary",
      }),
  };
}

interface Release {
  readonly sums: Uint8Array;
  signature: Uint8Array;
  readonly archives: Map<string, Uint8Array>;
}

/** Starts the registry on 127.0.0.1 on a free port. */
export async function startLocalRegistry(options: LocalRegistryOptions): Promise<LocalRegistry> {
  const signer = await newSigner("tofukit local registry");
  const releases = new Map<string, Release>();
  const tampered = new Map<string, Uint8Array>();
  const releaseKey = (ns: string, type: string, version: string) => `${ns}/${type}/${version}`;
  const fileName = (type: string, version: string, platform: string) =>
    `terraform-provider-${type}_${version}_${platform}.zip`;
  for (const p of options.providers ?? []) {
    for (const version of p.versions) {
      const archives = new Map(p.platforms.map((pl) => [pl, providerArchive(p.type, version, pl)]));
      const sums = new TextEncoder().encode(
        [...archives]
          .map(([pl, zip]) => `${sha256Hex(zip)}  ${fileName(p.type, version, pl)}\n`)
          .sort()
          .join(""),
      );
      releases.set(releaseKey(p.namespace, p.type, version), {
        sums,
        signature: await signer.sign(sums),
        archives,
      });
    }
  }

  const requests: LocalRegistryRequest[] = [];
  const faults = new Map<string, number>();
  let origin = "";

  const json = (res: import("node:http").ServerResponse, status: number, body: unknown) => {
    const text = JSON.stringify(body);
    res.writeHead(status, { "Content-Type": "application/json", "Content-Length": Buffer.byteLength(text) });
    res.end(text);
  };
  const bytes = (res: import("node:http").ServerResponse, body: Uint8Array) => {
    res.writeHead(200, { "Content-Type": "application/octet-stream", "Content-Length": body.byteLength });
    res.end(body);
  };
  const notFound = (res: import("node:http").ServerResponse) => json(res, 404, { errors: ["Not Found"] });

  const server: Server = createServer({ cert: options.cert, key: options.key }, (req, res) => {
    const path = new URL(req.url ?? "/", "https://127.0.0.1").pathname;
    requests.push({ path, authorization: req.headers.authorization });
    for (const [prefix, status] of faults) {
      if (path.startsWith(prefix)) return json(res, status, { errors: [`fault ${status}`] });
    }
    if (path === "/.well-known/terraform.json") {
      return json(res, 200, { "modules.v1": "/v1/modules/", "providers.v1": "/v1/providers/" });
    }
    const parts = path.split("/").slice(1).map(decodeURIComponent);
    if (parts[0] === "v1" && options.token !== undefined) {
      if (req.headers.authorization !== `Bearer ${options.token}`) {
        return json(res, 401, { errors: ["Unauthorized"] });
      }
    }
    if (parts[0] === "v1" && parts[1] === "modules") {
      const [ns, name, system, version, action] = parts.slice(2);
      const mod = options.modules?.find((m) => m.namespace === ns && m.name === name && m.system === system);
      if (mod === undefined) return notFound(res);
      if (version === "versions" && parts.length === 6) {
        return json(res, 200, { modules: [{ versions: mod.versions.map((v) => ({ version: v })) }] });
      }
      if (action === "download" && parts.length === 7 && mod.versions.includes(version ?? "")) {
        res.writeHead(204, {
          "X-Terraform-Get": `git::https://git.example.com/${ns}/terraform-${system}-${name}.git?ref=v${version}`,
        });
        return res.end();
      }
      return notFound(res);
    }
    if (parts[0] === "v1" && parts[1] === "providers") {
      const [ns, type, version, action, os, arch] = parts.slice(2);
      const provider = options.providers?.find((p) => p.namespace === ns && p.type === type);
      if (provider === undefined || ns === undefined || type === undefined) return notFound(res);
      if (version === "versions" && parts.length === 5) {
        return json(res, 200, {
          versions: provider.versions.map((v) => ({
            version: v,
            protocols: ["5.0"],
            platforms: provider.platforms.map((pl) => {
              const [o, a] = pl.split("_");
              return { os: o, arch: a };
            }),
          })),
        });
      }
      const platform = `${os}_${arch}`;
      if (
        action === "download" &&
        parts.length === 8 &&
        version !== undefined &&
        provider.versions.includes(version) &&
        provider.platforms.includes(platform)
      ) {
        const release = releases.get(releaseKey(ns, type, version));
        const zip = release?.archives.get(platform);
        if (zip === undefined) return notFound(res);
        const files = `${origin}/files/${ns}/${type}/${version}`;
        return json(res, 200, {
          protocols: ["5.0"],
          os,
          arch,
          filename: fileName(type, version, platform),
          download_url: `${files}/${fileName(type, version, platform)}`,
          shasum: sha256Hex(zip),
          shasums_url: `${files}/terraform-provider-${type}_${version}_SHA256SUMS`,
          shasums_signature_url: `${files}/terraform-provider-${type}_${version}_SHA256SUMS.sig`,
          signing_keys: { gpg_public_keys: [{ key_id: signer.keyId, ascii_armor: signer.publicKey }] },
        });
      }
      return notFound(res);
    }
    if (parts[0] === "files" && parts.length === 5) {
      const [, ns, type, version, file] = parts as [string, string, string, string, string];
      const release = releases.get(releaseKey(ns, type, version));
      if (release === undefined) return notFound(res);
      if (file === `terraform-provider-${type}_${version}_SHA256SUMS`) return bytes(res, release.sums);
      if (file === `terraform-provider-${type}_${version}_SHA256SUMS.sig`)
        return bytes(res, release.signature);
      for (const [platform, zip] of release.archives) {
        if (file === fileName(type, version, platform)) {
          return bytes(res, tampered.get(`${releaseKey(ns, type, version)}/${platform}`) ?? zip);
        }
      }
    }
    return notFound(res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  origin = `https://127.0.0.1:${port}`;

  return {
    host: `127.0.0.1:${port}`,
    origin,
    signingKey: signer.publicKey,
    requests,
    fail(pathPrefix, status) {
      if (status === 0) faults.delete(pathPrefix);
      else faults.set(pathPrefix, status);
    },
    clearFaults() {
      faults.clear();
    },
    tamper(ns, type, version, platform) {
      tampered.set(
        `${releaseKey(ns, type, version)}/${platform}`,
        providerArchive(type, `${version}-changed`, platform),
      );
    },
    untamper() {
      tampered.clear();
    },
    async signWithUnknownKey() {
      const other = await newSigner("someone else");
      for (const release of releases.values()) release.signature = await other.sign(release.sums);
    },
    async signWithOwnKey() {
      for (const release of releases.values()) release.signature = await signer.sign(release.sums);
    },
    archive(ns, type, version, platform) {
      const zip = releases.get(releaseKey(ns, type, version))?.archives.get(platform);
      if (zip === undefined) throw new Error(`no package ${ns}/${type} ${version} ${platform}`);
      return zip;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
