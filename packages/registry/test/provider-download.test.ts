// Downloading and verifying a provider package end to end, over HTTPS on two loopback hosts:
// the registry host 127.0.0.1 serves discovery and the package files, the providers.v1 endpoint it
// names lives on 127.0.0.2. The token goes to discovery and to that endpoint, as OpenTofu sends it,
// and never to the package, SHA256SUMS or signature, even on the registry's own host.
import { readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { createSecureContext } from "node:tls";
import { inspect } from "node:util";
import { sha256 } from "@noble/hashes/sha2.js";
import { bytesToHex } from "@noble/hashes/utils.js";
import { Disco } from "@tofukit/disco";
import { forComparison } from "@tofukit/hostname";
import { zipSync } from "fflate";
import * as openpgp from "openpgp";
import { Agent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RegistryClient, RegistryClientError, type RegistryCredentials } from "../src/client/index.js";
import { parseProviderSource, parseProviderVersion, zipHash, zipPackageHash } from "../src/index.js";

// The loopback certificate of @tofukit/disco's network tests: valid for 127.0.0.1 and 127.0.0.2.
const discoRoot = new URL(
  ".",
  `file://${createRequire(import.meta.url).resolve("@tofukit/disco/package.json")}`,
);
const tls = (name: string) => readFileSync(new URL(`test/fixtures/tls/${name}`, discoRoot), "utf8");
const dispatcher = new Agent({ connect: { secureContext: createSecureContext({ ca: tls("ca.pem") }) } });
// The platform fetch, told to trust the test CA (Node's fetch takes an undici dispatcher).
const trustingFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, dispatcher } as unknown as RequestInit);

const SECRET = "s3cr3t-registry-token-value";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
interface Site {
  readonly origin: string;
  readonly routes: Map<string, Handler>;
  readonly seen: { url: string; authorization: string | undefined }[];
  readonly server: Server;
}

async function site(address: string): Promise<Site> {
  const routes = new Map<string, Handler>();
  const seen: Site["seen"] = [];
  const server = createServer({ key: tls("server.key"), cert: tls("server.pem") }, (req, res) => {
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization });
    const handler = routes.get(req.url ?? "");
    if (handler === undefined) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("not here");
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, address, resolve));
  return { origin: `https://${address}:${(server.address() as AddressInfo).port}`, routes, seen, server };
}

const send =
  (status: number, body: Uint8Array | string, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { "Content-Length": String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  };

let registry: Site;
let api: Site;
let signingKey: string;
const archive = zipSync({
  "terraform-provider-null_v2.1.0": new TextEncoder().encode("#!/bin/sh\necho hi\n"),
});
const shasum = bytesToHex(sha256(archive));
const filename = "terraform-provider-null_2.1.0_linux_amd64.zip";
const sums = new TextEncoder().encode(`${shasum}  ${filename}\n`);
let signature: Uint8Array;

beforeAll(async () => {
  [registry, api] = await Promise.all([site("127.0.0.1"), site("127.0.0.2")]);
  const { privateKey, publicKey } = await openpgp.generateKey({
    type: "ecc",
    curve: "ed25519Legacy",
    userIDs: [{ name: "Provider Signing" }],
    format: "armored",
  });
  signingKey = publicKey;
  signature = await openpgp.sign({
    message: await openpgp.createMessage({ binary: sums }),
    signingKeys: await openpgp.readPrivateKey({ armoredKey: privateKey }),
    detached: true,
    format: "binary",
  });
  registry.routes.set(
    "/.well-known/terraform.json",
    send(200, JSON.stringify({ "providers.v1": `${api.origin}/v1/providers/` }), {
      "Content-Type": "application/json",
    }),
  );
  registry.routes.set("/files/p.zip", send(200, archive, { "Content-Type": "application/zip" }));
  registry.routes.set("/files/SHA256SUMS", send(200, sums));
  registry.routes.set("/files/SHA256SUMS.sig", send(200, signature));
});

afterAll(async () => {
  for (const s of [registry, api]) {
    s.server.closeAllConnections();
    await new Promise((resolve) => s.server.close(resolve));
  }
  await dispatcher.close();
});

const registryHost = () => forComparison(registry.origin.slice("https://".length));
const provider = () => parseProviderSource(`${registry.origin.slice("https://".length)}/example/null`);

function clientWithToken(options: { retries?: number } = {}): { client: RegistryClient; disco: Disco } {
  const credentials: RegistryCredentials = {
    forHost: (host) => (host === registryHost() ? { token: SECRET } : null),
  };
  const disco = new Disco({ credentials, dispatcher, env: {}, retries: 0 });
  const client = new RegistryClient({
    discovery: disco,
    credentials,
    fetch: trustingFetch,
    retries: options.retries ?? 0,
    retryDelay: () => 0,
  });
  return { client, disco };
}

function downloadAnswer(change: Record<string, unknown> = {}): Handler {
  return send(
    200,
    JSON.stringify({
      protocols: ["5.0"],
      os: "linux",
      arch: "amd64",
      filename,
      download_url: `${registry.origin}/files/p.zip`,
      shasum,
      shasums_url: `${registry.origin}/files/SHA256SUMS`,
      shasums_signature_url: `${registry.origin}/files/SHA256SUMS.sig`,
      signing_keys: { gpg_public_keys: [{ key_id: "ignored", ascii_armor: signingKey }] },
      ...change,
    }),
    { "Content-Type": "application/json" },
  );
}

async function metaFor(client: RegistryClient, version: string) {
  return client.providerPackage(provider(), parseProviderVersion(version), { os: "linux", arch: "amd64" });
}

// Every way an error can be shown: none may reveal the token.
function expectNoToken(value: unknown): void {
  for (const text of [
    value instanceof Error ? value.message : "",
    String(value),
    inspect(value, { depth: 10, showHidden: true }),
    JSON.stringify(value) ?? "",
  ]) {
    expect(text).not.toContain(SECRET);
  }
}

describe("fetchVerifiedProviderPackage", () => {
  it("downloads, checks and hashes a package; the token reaches only discovery and the endpoint", async () => {
    api.routes.set("/v1/providers/example/null/2.1.0/download/linux/amd64", downloadAnswer());
    const { client, disco } = clientWithToken();
    const meta = await metaFor(client, "2.1.0");
    const got = await client.fetchVerifiedProviderPackage(meta);
    expect(got.archive).toEqual(archive);
    expect(got.zipHash).toBe(zipHash(archive));
    expect(got.packageHash).toBe(zipPackageHash(archive));
    expect(got.summary).toBe("signed");
    expect(got.keyId).toBe(
      (await openpgp.readKey({ armoredKey: signingKey })).getKeyID().toHex().toUpperCase(),
    );

    const bearer = `Bearer ${SECRET}`;
    expect(registry.seen.find((r) => r.url === "/.well-known/terraform.json")?.authorization).toBe(bearer);
    expect(api.seen.at(-1)).toEqual({
      url: "/v1/providers/example/null/2.1.0/download/linux/amd64",
      authorization: bearer,
    });
    const files = registry.seen.filter((r) => r.url.startsWith("/files/"));
    expect(files.map((r) => r.url)).toEqual(["/files/SHA256SUMS", "/files/SHA256SUMS.sig", "/files/p.zip"]);
    for (const r of files) expect(r.authorization).toBeUndefined();
    expectNoToken(client);
    expectNoToken(disco);
  });

  it("refuses a package whose bytes changed on the way", async () => {
    api.routes.set(
      "/v1/providers/example/null/2.1.1/download/linux/amd64",
      downloadAnswer({ download_url: "/files/changed.zip" }),
    );
    const { client } = clientWithToken();
    const meta = await metaFor(client, "2.1.1");
    // A relative download URL resolves against the endpoint's URL, on the other host: still no token.
    expect(meta.downloadURL.origin).toBe(api.origin);
    api.routes.set(
      "/files/changed.zip",
      send(
        200,
        archive.map((b, i) => (i === 10 ? b ^ 1 : b)),
      ),
    );
    await expect(client.fetchVerifiedProviderPackage(meta)).rejects.toMatchObject({
      code: "TOFUKIT_REGISTRY_PACKAGE_CHECKSUM",
      message: expect.stringMatching(/^archive has incorrect checksum zh:[0-9a-f]{64} \(expected zh:/),
    });
    expect(api.seen.find((r) => r.url === "/files/changed.zip")?.authorization).toBeUndefined();
  });
});

describe("fetchProviderPackage failures", () => {
  async function failure(version: string, change: Record<string, unknown>, options = {}) {
    api.routes.set(`/v1/providers/example/null/${version}/download/linux/amd64`, downloadAnswer(change));
    const { client } = clientWithToken();
    const meta = await metaFor(client, version);
    try {
      await client.fetchProviderPackage(meta, options);
    } catch (error) {
      expect(error).toBeInstanceOf(RegistryClientError);
      expectNoToken(error);
      return error as RegistryClientError;
    }
    throw new Error("the download succeeded");
  }

  it("reports a missing SHA256SUMS as OpenTofu does", async () => {
    const error = await failure("3.0.0", { shasums_url: `${registry.origin}/files/none` });
    expect(error).toMatchObject({ code: "TOFUKIT_REGISTRY_QUERY_FAILED", status: 404 });
    expect(error.message).toBe(
      `could not query provider registry for ${provider()}: failed to retrieve authentication checksums for provider: 404 Not Found returned from ${registry.origin.slice(8)}`,
    );
  });

  it("reports a missing signature as OpenTofu does", async () => {
    const error = await failure("3.0.1", { shasums_signature_url: `${registry.origin}/files/none` });
    expect(error.message).toBe(
      `could not query provider registry for ${provider()}: failed to retrieve cryptographic signature for provider: 404 Not Found returned from ${registry.origin.slice(8)}`,
    );
  });

  it("reports a package that is not there", async () => {
    const error = await failure("3.0.2", { download_url: `${registry.origin}/files/none.zip` });
    expect(error).toMatchObject({ code: "TOFUKIT_REGISTRY_DOWNLOAD_FAILED", status: 404 });
    expect(error.message).toBe(`unsuccessful request to ${registry.origin}/files/none.zip: 404 Not Found`);
  });

  it("refuses a package over the size limit, by its declared length or by its bytes", async () => {
    const declared = await failure("3.0.3", {}, { maxPackageBytes: 100 });
    expect(declared.code).toBe("TOFUKIT_REGISTRY_DOWNLOAD_TOO_LARGE");
    expect(declared.message).toBe(
      `${registry.origin}/files/p.zip: response is too large (${archive.length} bytes; limit 100)`,
    );
    registry.routes.set("/files/chunked.zip", (_req, res) => {
      res.writeHead(200);
      res.write(archive.subarray(0, 60));
      setTimeout(() => res.end(archive.subarray(60)), 10);
    });
    const streamed = await failure(
      "3.0.4",
      { download_url: `${registry.origin}/files/chunked.zip` },
      {
        maxPackageBytes: 100,
      },
    );
    expect(streamed.code).toBe("TOFUKIT_REGISTRY_DOWNLOAD_TOO_LARGE");
    expect(streamed.message).toBe(
      `${registry.origin}/files/chunked.zip: response is too large (more than 100 bytes)`,
    );
  });

  it("gives up on a server that does not answer in time", async () => {
    registry.routes.set("/files/stall.zip", () => undefined);
    const error = await failure(
      "3.0.5",
      { download_url: `${registry.origin}/files/stall.zip` },
      { timeout: 300 },
    );
    expect(error.code).toBe("TOFUKIT_REGISTRY_TIMEOUT");
    expect(error.message).toBe(
      `${registry.origin.slice(8)}: request failed: Get "${registry.origin}/files/stall.zip": context deadline exceeded`,
    );
  });

  it("reports a body cut short", async () => {
    registry.routes.set("/files/short.zip", (_req, res) => {
      res.writeHead(200, { "Content-Length": String(archive.length) });
      res.write(archive.subarray(0, 20));
      setTimeout(() => res.destroy(), 10);
    });
    const error = await failure("3.0.6", { download_url: `${registry.origin}/files/short.zip` });
    expect(error.code).toBe("TOFUKIT_REGISTRY_DOWNLOAD_FAILED");
  });

  it("retries a failing package download and says how it ended", async () => {
    let tries = 0;
    registry.routes.set("/files/flaky.zip", (_req, res) => {
      tries++;
      res.writeHead(502, { "Content-Length": "0" });
      res.end();
    });
    const error = await failure(
      "3.0.8",
      { download_url: `${registry.origin}/files/flaky.zip` },
      {
        packageRetries: 2,
      },
    );
    expect(tries).toBe(3);
    expect(error).toMatchObject({ code: "TOFUKIT_REGISTRY_DOWNLOAD_FAILED", status: 502 });
    expect(error.message).toBe(
      `${registry.origin.slice(8)}: request failed after 3 attempts: 502 Bad Gateway returned from ${registry.origin}/files/flaky.zip`,
    );
  });

  it("says an interrupted download was interrupted", async () => {
    const controller = new AbortController();
    // The caller gives up once the package request has arrived and is left unanswered.
    registry.routes.set("/files/slow.zip", () => controller.abort());
    const error = await failure(
      "3.0.7",
      { download_url: `${registry.origin}/files/slow.zip` },
      {
        signal: controller.signal,
      },
    );
    expect(error.message).toBe("provider download was interrupted");
  });
});

describe("the token in errors", () => {
  it("appears in no error of a rejected, failing or unreachable endpoint", async () => {
    const { client } = clientWithToken({ retries: 1 });
    const cases: [string, Handler | undefined][] = [
      ["4.0.0", send(401, "no")],
      ["4.0.1", send(500, "boom")],
      ["4.0.2", (req) => req.socket.destroy()],
      ["4.0.3", send(200, "{not json")],
    ];
    for (const [version, handler] of cases) {
      const path = `/v1/providers/example/null/${version}/download/linux/amd64`;
      if (handler !== undefined) api.routes.set(path, handler);
      const error = await metaFor(client, version).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(RegistryClientError);
      expectNoToken(error);
    }
    expectNoToken(client);
  });
});
