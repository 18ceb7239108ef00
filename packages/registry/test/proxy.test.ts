// Registry requests and downloads through the proxy the environment names, end to end: a CONNECT
// proxy on 127.0.0.1 tunnels every host to one HTTPS server that answers by Host header, so the
// client names non-loopback hosts (registry.test for the API, pkg.disco.test for packages) as it
// would in production, where loopback is never proxied.
import { createHash } from "node:crypto";
import { mkdtempSync, readFileSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { Disco, ProxyDispatcher, ProxyError } from "@tofukit/disco";
import { forComparison } from "@tofukit/hostname";
import { type ConnectProxy, startConnectProxy } from "@tofukit/test-support/connect-proxy";
import { zipSync } from "fflate";
import { ProxyAgent } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  downloadRegistryModule,
  downloadRemoteModule,
  ModulePackageError,
  RegistryClient,
  RegistryClientError,
  type RegistryClientOptions,
} from "../src/client/index.js";
import {
  parseModuleSourceRegistry,
  parseModuleVersion,
  parseProviderSource,
  parseProviderVersion,
} from "../src/index.js";

const discoRoot = new URL(
  ".",
  `file://${createRequire(import.meta.url).resolve("@tofukit/disco/package.json")}`,
);
const tlsFile = (name: string) => fileURLToPath(new URL(`test/fixtures/tls/${name}`, discoRoot));
const CA_FILE = tlsFile("ca.pem");

const moduleZip = zipSync({ "main.tf": new TextEncoder().encode('variable "size" {}\n') });
const providerZip = zipSync({ "terraform-provider-null_v1.0.0": new TextEncoder().encode("#!/bin/sh\n") });
const shasum = createHash("sha256").update(providerZip).digest("hex");
const sums = new TextEncoder().encode(`${shasum}  terraform-provider-null_1.0.0_linux_amd64.zip\n`);
const signature = new Uint8Array([1, 2, 3, 4]);

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const json =
  (body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(200, { "Content-Type": "application/json", ...headers }).end(JSON.stringify(body));
  };
const bytes =
  (body: Uint8Array): Handler =>
  (_req, res) => {
    res.writeHead(200, { "Content-Length": String(body.byteLength) }).end(body);
  };

const routes = new Map<string, Handler>([
  [
    "registry.test/.well-known/terraform.json",
    json({ "modules.v1": "/v1/modules/", "providers.v1": "/v1/providers/" }),
  ],
  [
    "registry.test/v1/modules/acme/net/aws/versions",
    json({ modules: [{ versions: [{ version: "1.1.0" }] }] }),
  ],
  [
    "registry.test/v1/modules/acme/net/aws/1.1.0/download",
    (_req, res) => res.writeHead(204, { "X-Terraform-Get": "https://pkg.disco.test/net-1.1.0.zip" }).end(),
  ],
  [
    "registry.test/v1/modules/acme/net/aws/1.0.0/download",
    json({ location: "https://pkg.disco.test/moved/net.zip", use_registry_credentials: false }),
  ],
  // A redirect from the package host to the registry's own.
  [
    "pkg.disco.test/moved/net.zip",
    (_req, res) => res.writeHead(302, { location: "https://registry.test/files/net.zip" }).end(),
  ],
  ["registry.test/files/net.zip", bytes(moduleZip)],
  ["pkg.disco.test/net-1.1.0.zip", bytes(moduleZip)],
  [
    "registry.test/v1/providers/acme/null/versions",
    json({ versions: [{ version: "1.0.0", protocols: ["5.0"] }] }),
  ],
  [
    "registry.test/v1/providers/acme/null/1.0.0/download/linux/amd64",
    json({
      protocols: ["5.0"],
      os: "linux",
      arch: "amd64",
      filename: "terraform-provider-null_1.0.0_linux_amd64.zip",
      download_url: "https://pkg.disco.test/p/null.zip",
      shasum,
      shasums_url: "https://pkg.disco.test/p/SHA256SUMS",
      shasums_signature_url: "https://pkg.disco.test/p/SHA256SUMS.sig",
      signing_keys: { gpg_public_keys: [] },
    }),
  ],
  ["pkg.disco.test/p/null.zip", bytes(providerZip)],
  ["pkg.disco.test/p/SHA256SUMS", bytes(sums)],
  ["pkg.disco.test/p/SHA256SUMS.sig", bytes(signature)],
]);

let server: Server;
let port = 0;
const seen: string[] = [];
let proxy: ConnectProxy;
let other: ConnectProxy;
let guarded: ConnectProxy;

beforeAll(async () => {
  server = createServer(
    { key: readFileSync(tlsFile("server.key")), cert: readFileSync(tlsFile("server.pem")) },
    (req, res) => {
      const key = `${req.headers.host}${req.url}`;
      seen.push(key);
      const handler = routes.get(key);
      if (handler === undefined) res.writeHead(404).end("not here");
      else handler(req, res);
    },
  );
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  const route = () => port;
  [proxy, other, guarded] = await Promise.all([
    startConnectProxy({ route }),
    startConnectProxy({ route }),
    startConnectProxy({ route, credentials: "alice:pr0xy-s3cret" }),
  ]);
});

afterAll(async () => {
  await Promise.all([proxy.close(), other.close(), guarded.close()]);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

/** A Disco and a RegistryClient reading `env` for the proxy and the test CA, as the CLI passes process.env. */
function clients(env: Record<string, string>, extra: Partial<RegistryClientOptions> = {}) {
  const full = { NODE_EXTRA_CA_CERTS: CA_FILE, ...env };
  const disco = new Disco({ env: full, retries: 0 });
  const client = new RegistryClient({ discovery: disco, env: full, retries: 0, ...extra });
  return {
    disco,
    client,
    close: async () => {
      await client.close();
      await disco.close();
    },
  };
}

const cache = () => mkdtempSync(join(tmpdir(), "tofukit-proxy-cache-"));
const tunnelsSince = (p: ConnectProxy, before: number) => [...new Set(p.tunnels.slice(before))].sort();

describe("RegistryClient through HTTPS_PROXY", () => {
  it("lists module versions, finds the package and downloads it, every request through the proxy", async () => {
    const before = proxy.tunnels.length;
    const env = { HTTPS_PROXY: proxy.url };
    const { client, close } = clients(env);
    const got = await downloadRegistryModule(client, "registry.test/acme/net/aws", "~> 1.0", {
      cacheDir: cache(),
      env: { NODE_EXTRA_CA_CERTS: CA_FILE, ...env },
    });
    expect(got.version).toBe("1.1.0");
    expect(readFileSync(join(got.dir, "main.tf"), "utf8")).toBe('variable "size" {}\n');
    expect(seen).toContain("pkg.disco.test/net-1.1.0.zip");
    expect(tunnelsSince(proxy, before)).toEqual(["pkg.disco.test:443", "registry.test:443"]);

    // A direct location, redirected to another host: each host through its proxy.
    const source = parseModuleSourceRegistry("registry.test/acme/net/aws");
    const location = await client.moduleLocation(source, parseModuleVersion("1.0.0") as never);
    expect(location.kind).toBe("direct");
    const archive = await client.fetchModulePackage(source, location as never);
    expect(archive).toEqual(moduleZip);
    expect(seen.slice(-2)).toEqual(["pkg.disco.test/moved/net.zip", "registry.test/files/net.zip"]);
    await close();
  });

  it("lists provider versions and downloads the package, SHA256SUMS and signature through the proxy", async () => {
    const before = proxy.tunnels.length;
    const { client, close } = clients({ https_proxy: proxy.url });
    const provider = parseProviderSource("registry.test/acme/null");
    const versions = await client.providerVersions(provider);
    expect(versions.versions.map((v) => String(v.version))).toEqual(["1.0.0"]);
    const meta = await client.providerPackage(provider, parseProviderVersion("1.0.0") as never, {
      os: "linux",
      arch: "amd64",
    });
    const files = await client.fetchProviderPackage(meta);
    expect(files.archive).toEqual(providerZip);
    expect(files.sha256sums).toEqual(sums);
    expect(files.signature).toEqual(signature);
    expect(seen.slice(-3)).toEqual([
      "pkg.disco.test/p/SHA256SUMS",
      "pkg.disco.test/p/SHA256SUMS.sig",
      "pkg.disco.test/p/null.zip",
    ]);
    expect(tunnelsSince(proxy, before)).toEqual(["pkg.disco.test:443", "registry.test:443"]);
    await close();
  });

  it("connects directly to the hosts NO_PROXY names", async () => {
    const before = proxy.tunnels.length;
    const { client, close } = clients({ HTTPS_PROXY: proxy.url, NO_PROXY: "disco.test" });
    const provider = parseProviderSource("registry.test/acme/null");
    const meta = await client.providerPackage(provider, parseProviderVersion("1.0.0") as never, {
      os: "linux",
      arch: "amd64",
    });
    // pkg.disco.test is not proxied, so its name must be resolved here, which it cannot be.
    const failure = await client.fetchProviderPackage(meta).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RegistryClientError);
    expect((failure as Error).message).toContain("pkg.disco.test");
    expect(tunnelsSince(proxy, before)).toEqual(["registry.test:443"]);
    await close();
  });

  it("says which proxy refused, without its credentials", async () => {
    // Discovery is forced, so the registry API request is the first to meet the proxy.
    const disco = new Disco({ env: {}, retries: 0 });
    disco.forceHostServices(forComparison("registry.test"), {
      "modules.v1": "https://registry.test/v1/modules/",
    });
    const direct = new RegistryClient({
      discovery: disco,
      env: {
        NODE_EXTRA_CA_CERTS: CA_FILE,
        HTTPS_PROXY: `http://alice:wrong-s3cret@127.0.0.1:${guarded.port}`,
      },
      retries: 0,
    });
    const failure = await direct
      .moduleVersions(parseModuleSourceRegistry("registry.test/acme/net/aws"))
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(RegistryClientError);
    const error = failure as RegistryClientError;
    expect(error.code).toBe("TOFUKIT_REGISTRY_QUERY_FAILED");
    expect(error.message).toBe(
      `request failed: Get "https://registry.test/v1/modules/acme/net/aws/versions": Proxy Authentication Required (from proxy http://127.0.0.1:${guarded.port})`,
    );
    expect(error.cause).toBeInstanceOf(ProxyError);
    expect((error.cause as ProxyError).status).toBe(407);
    expect(error.message).not.toMatch(/alice|s3cret/);
    await direct.close();

    // An archive download through the same proxy: the module download's error carries it too.
    const archive = await downloadRemoteModule("https://pkg.disco.test/net-1.1.0.zip", {
      cacheDir: cache(),
      env: {
        NODE_EXTRA_CA_CERTS: CA_FILE,
        HTTPS_PROXY: `http://alice:wrong-s3cret@127.0.0.1:${guarded.port}`,
      },
    }).catch((e: unknown) => e);
    expect(archive).toBeInstanceOf(ModulePackageError);
    expect((archive as ModulePackageError).message).toBe(
      `error downloading 'https://pkg.disco.test/net-1.1.0.zip': Get "https://pkg.disco.test/net-1.1.0.zip": Proxy Authentication Required (from proxy http://127.0.0.1:${guarded.port})`,
    );
    expect((archive as ModulePackageError).cause).toBeInstanceOf(ProxyError);

    const right = new RegistryClient({
      discovery: disco,
      env: {
        NODE_EXTRA_CA_CERTS: CA_FILE,
        HTTPS_PROXY: `http://alice:pr0xy-s3cret@127.0.0.1:${guarded.port}`,
      },
      retries: 0,
    });
    expect(await right.moduleVersions(parseModuleSourceRegistry("registry.test/acme/net/aws"))).toEqual([
      "1.1.0",
    ]);
    await right.close();
    await disco.close();
  });

  it("sends requests through the caller's own dispatcher, not the environment's proxy", async () => {
    const before = { proxy: proxy.tunnels.length, other: other.tunnels.length };
    const own = new ProxyAgent({ uri: other.url, requestTls: { ca: readFileSync(CA_FILE, "utf8") } });
    const shared = new ProxyDispatcher({
      env: { HTTPS_PROXY: proxy.url },
      ca: readFileSync(CA_FILE, "utf8"),
    });
    const disco = new Disco({ dispatcher: shared, env: {}, retries: 0 });
    const client = new RegistryClient({
      discovery: disco,
      env: { HTTPS_PROXY: proxy.url },
      dispatcher: own,
      retries: 0,
    });
    const versions = await client.moduleVersions(parseModuleSourceRegistry("registry.test/acme/net/aws"));
    expect(versions).toEqual(["1.1.0"]);
    // Discovery went through the shared dispatcher (the environment's proxy), the API call through the caller's.
    expect(proxy.tunnels.length - before.proxy).toBe(1);
    expect(other.tunnels.slice(before.other)).toEqual(["registry.test:443"]);
    await client.close();
    await disco.close();
    await own.close();
    await shared.close();
  });
});
