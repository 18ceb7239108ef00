// The registry client against a real loopback registry: endpoints, credentials, OpenTofu's
// texts for each status (internal/registry/client_test.go, getproviders/registry_client_test.go),
// and @tofukit/disco's Disco as the service discovery.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { Disco } from "@tofukit/disco";
import { forComparison, type Hostname } from "@tofukit/hostname";
import { Agent, type Dispatcher } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  parseModuleSourceRegistry,
  parseModuleVersion,
  parseProviderSource,
  parseProviderVersion,
} from "../index.js";
import { RegistryClient, RegistryClientError, type ServiceDiscovery } from "./index.js";

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
const seen: { url: string; authorization: string | undefined; version: string | undefined }[] = [];
let server: Server;
let origin: string;

const json =
  (status: number, body: unknown, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { "Content-Type": "application/json", ...headers });
    res.end(typeof body === "string" ? body : JSON.stringify(body));
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push({
      url: req.url ?? "",
      authorization: req.headers.authorization,
      version: req.headers["x-terraform-version"] as string | undefined,
    });
    const handler = routes.get(req.url ?? "");
    if (handler === undefined) {
      res.writeHead(404);
      res.end();
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

// Module endpoints without a trailing slash, as OpenTofu's mock registry publishes them on purpose.
const discovery: ServiceDiscovery = {
  async serviceURL(host: Hostname, id: string): Promise<URL> {
    if (host === "no-providers.example") {
      throw Object.assign(new Error(`host ${host} does not provide a providers service`), {
        code: "TOFUKIT_DISCO_SERVICE_NOT_PROVIDED",
      });
    }
    return new URL(id === "modules.v1" ? `${origin}/v1/modules` : `${origin}/v1/providers/`);
  },
};

const client = new RegistryClient({
  discovery,
  credentials: { forHost: (h) => (h === "private.example" ? { token: "secret-token\n" } : null) },
  openTofuVersion: "1.12.0",
  retryDelay: () => 0,
});

const moduleAddr = parseModuleSourceRegistry("example.com/foo/bar/baz//sub");

describe("modules.v1", () => {
  it("lists versions from the first module", async () => {
    routes.set(
      "/v1/modules/foo/bar/baz/versions",
      json(200, {
        modules: [{ source: "foo/bar/baz", versions: [{ version: "0.1.0" }, { version: "v0.2.0" }] }],
      }),
    );
    expect(await client.moduleVersions(moduleAddr)).toEqual(["0.1.0", "v0.2.0"]);
    expect(seen.at(-1)).toMatchObject({ authorization: undefined, version: "1.12.0" });
  });

  it("sends the user-facing host's token", async () => {
    routes.set("/v1/modules/a/b/c/versions", json(200, { modules: [{ versions: [] }] }));
    expect(await client.moduleVersions(parseModuleSourceRegistry("private.example/a/b/c"))).toEqual([]);
    expect(seen.at(-1)?.authorization).toBe("Bearer secret-token");
  });

  it("says a missing module is not found, host included", async () => {
    await expect(
      client.moduleVersions(parseModuleSourceRegistry("example.com/no/such/mod")),
    ).rejects.toThrowError(
      expect.objectContaining({
        code: "TOFUKIT_REGISTRY_MODULE_NOT_FOUND",
        message: "module example.com/no/such/mod not found",
      }),
    );
  });

  it("reports other statuses", async () => {
    routes.set("/v1/modules/x/y/z/versions", json(401, {}));
    await expect(client.moduleVersions(parseModuleSourceRegistry("example.com/x/y/z"))).rejects.toThrowError(
      "error looking up module versions: 401 Unauthorized",
    );
  });

  it("finds an indirect location in the body, the normalized version in the URL", async () => {
    routes.set(
      "/v1/modules/foo/bar/baz/0.2.0/download",
      json(
        200,
        { location: "git::https://example.com/m.git//inner?ref=v0.2.0" },
        { "X-Terraform-Get": "ignored" },
      ),
    );
    const got = await client.moduleLocation(moduleAddr, parseModuleVersion("v0.2"));
    expect(got.kind).toBe("indirect");
    expect(got.kind === "indirect" && String(got.source)).toBe(
      "git::https://example.com/m.git//inner/sub?ref=v0.2.0",
    );
  });

  it("falls back to X-Terraform-Get and resolves relative locations against the download URL", async () => {
    routes.set("/v1/modules/foo/bar/baz/1.0.0/download", (_req, res) => {
      res.writeHead(204, { "X-Terraform-Get": "/relative-path.zip" });
      res.end();
    });
    const got = await client.moduleLocation(moduleAddr, parseModuleVersion("1.0.0"));
    expect(got.kind === "indirect" && String(got.source)).toBe(`${origin}/relative-path.zip//sub`);
  });

  it("reads a file:// location (TestModuleLocation_readRegistryResponse)", async () => {
    routes.set(
      "/v1/modules/foo/bar/baz/0.3.0/download",
      json(
        200,
        { location: "file:///registry/exists" },
        { "X-Terraform-Get": "file:///registry/exists-header" },
      ),
    );
    const got = await client.moduleLocation(
      parseModuleSourceRegistry("example.com/foo/bar/baz"),
      parseModuleVersion("0.3.0"),
    );
    expect(got.kind === "indirect" && got.source.url).toBe("file:///registry/exists");
  });

  it("reads a direct location with use_registry_credentials", async () => {
    routes.set(
      "/v1/modules/foo/bar/baz/2.0.0/download",
      json(200, { location: "pkg.zip", use_registry_credentials: true }),
    );
    const got = await client.moduleLocation(moduleAddr, parseModuleVersion("2.0.0"));
    expect(got).toEqual({
      kind: "direct",
      url: new URL(`${origin}/v1/modules/foo/bar/baz/2.0.0/pkg.zip`),
      useRegistryCredentials: true,
    });
  });

  it("treats a JSON null as absent", async () => {
    routes.set(
      "/v1/modules/foo/bar/baz/2.1.0/download",
      json(200, { location: "https://example.com/m.zip", use_registry_credentials: null }),
    );
    const got = await client.moduleLocation(moduleAddr, parseModuleVersion("2.1.0"));
    expect(got.kind).toBe("indirect");
  });

  it("gives OpenTofu's texts for bad locations (TestModuleLocation_readRegistryResponse)", async () => {
    const cases: [string, Handler, string][] = [
      [
        "3.0.0",
        json(200, "{"),
        'module "example.com/foo/bar/baz" version "3.0.0" failed to deserialize response body {: ',
      ],
      [
        "3.0.1",
        json(200, { location: "x", use_registry_credentials: "yes" }),
        "must be either true or false",
      ],
      ["3.0.2", json(200, {}), "registry did not return a location for this package"],
      [
        "3.0.3",
        json(200, { location: "boop/bloop" }),
        'registry returned invalid package location "boop/bloop": OpenTofu cannot detect a supported external module source type for boop/bloop',
      ],
      ["3.0.4", json(200, { location: "hashicorp/consul/aws" }), "must be a direct remote package address"],
      [
        "3.0.5",
        json(200, { location: "ftp://x/y", use_registry_credentials: false }),
        'registry returned invalid package URL "ftp://x/y": must be http or https URL',
      ],
      [
        "3.0.6",
        json(200, { location: "https://x/y#z", use_registry_credentials: false }),
        "must not include fragment part",
      ],
      [
        "3.0.7",
        json(422, "bar"),
        'error getting download location for "example.com/foo/bar/baz": 422 Unprocessable Entity resp:bar',
      ],
      ["3.0.8", json(404, ""), 'module "example.com/foo/bar/baz" version "3.0.8" not found'],
      [
        "3.0.9",
        json(200, "<html>"),
        "failed to deserialize response body <html>: invalid character '<' looking for beginning of value",
      ],
    ];
    for (const [version, handler, message] of cases) {
      routes.set(`/v1/modules/foo/bar/baz/${version}/download`, handler);
      await expect(client.moduleLocation(moduleAddr, parseModuleVersion(version))).rejects.toThrowError(
        message,
      );
    }
  });
});

const aws = parseProviderSource("example.com/hashicorp/aws");

describe("providers.v1", () => {
  it("lists versions and warnings", async () => {
    routes.set(
      "/v1/providers/hashicorp/aws/versions",
      json(200, {
        versions: [{ version: "1.0.0", protocols: ["5.0"] }, { version: "2.0.0" }],
        warnings: ["deprecated"],
      }),
    );
    const got = await client.providerVersions(aws);
    expect(got.versions.map((v) => String(v.version))).toEqual(["1.0.0", "2.0.0"]);
    expect(got.versions[0]?.protocols).toEqual(["5.0"]);
    expect(got.warnings).toEqual(["deprecated"]);
  });

  it("fails the whole list on one invalid version", async () => {
    routes.set(
      "/v1/providers/hashicorp/vee/versions",
      json(200, { versions: [{ version: "1.0.0" }, { version: "v1.1.0" }] }),
    );
    await expect(
      client.providerVersions(parseProviderSource("example.com/hashicorp/vee")),
    ).rejects.toThrowError(
      'registry response includes invalid version string "v1.1.0": a "v" prefix should not be used',
    );
  });

  it("says which provider a registry does not know", async () => {
    await expect(
      client.providerVersions(parseProviderSource("example.com/nonexist/nonexist")),
    ).rejects.toThrowError(
      "provider registry example.com does not have a provider named example.com/nonexist/nonexist",
    );
  });

  it("tells missing credentials from rejected ones", async () => {
    routes.set("/v1/providers/p/q/versions", json(401, {}));
    await expect(client.providerVersions(parseProviderSource("example.com/p/q"))).rejects.toThrowError(
      "host example.com requires authentication credentials",
    );
    await expect(client.providerVersions(parseProviderSource("private.example/p/q"))).rejects.toThrowError(
      "host private.example rejected the given authentication credentials",
    );
    routes.set("/v1/providers/p/q/versions", json(500, {}));
    await expect(client.providerVersions(parseProviderSource("example.com/p/q"))).rejects.toThrowError(
      `could not query provider registry for example.com/p/q: request failed after 2 attempts: 500 Internal Server Error returned from ${origin}/v1/providers/p/q/versions`,
    );
  });

  it("reports a broken versions body with encoding/json's words", async () => {
    routes.set("/v1/providers/p/q/versions", json(200, "<html>"));
    await expect(client.providerVersions(parseProviderSource("example.com/p/q"))).rejects.toThrowError(
      "could not query provider registry for example.com/p/q: invalid character '<' looking for beginning of value",
    );
    routes.set("/v1/providers/p/q/versions", json(200, '{"versions": ['));
    await expect(client.providerVersions(parseProviderSource("example.com/p/q"))).rejects.toThrowError(
      "could not query provider registry for example.com/p/q: unexpected EOF",
    );
  });

  it("names a host without a provider registry", async () => {
    await expect(
      client.providerVersions(parseProviderSource("no-providers.example/a/b")),
    ).rejects.toThrowError(
      expect.objectContaining({
        code: "TOFUKIT_REGISTRY_HOST_NO_PROVIDERS",
        message: "host no-providers.example does not offer a OpenTofu provider registry",
      }),
    );
  });

  const shasum = "4fb39849f2e138eb16a18ba0c682635d781cb8c3b25901dd5a792ade9711f501";
  const meta = {
    protocols: ["5.0"],
    os: "linux",
    arch: "amd64",
    filename: "terraform-provider-aws_1.0.0_linux_amd64.zip",
    download_url: "../../pkg.zip",
    shasum,
    shasums_url: "https://example.com/SHA256SUMS",
    shasums_signature_url: "https://example.com/SHA256SUMS.sig",
    signing_keys: {
      gpg_public_keys: [{ key_id: "ignored", ascii_armor: "-----BEGIN PGP PUBLIC KEY BLOCK-----" }],
    },
    packages: { linux_amd64: { hashes: [`zh:${shasum}`, "h1:abc="], package_size: 294 } },
  };

  it("reads a package's metadata, resolving its URLs against the request", async () => {
    routes.set("/v1/providers/hashicorp/aws/1.0.0/download/linux/amd64", json(200, meta));
    const got = await client.providerPackage(aws, parseProviderVersion("1.0.0"), {
      os: "linux",
      arch: "amd64",
    });
    expect(got.downloadURL.href).toBe(`${origin}/v1/providers/hashicorp/aws/1.0.0/pkg.zip`);
    expect(got.shasum).toBe(shasum);
    expect(got.signingKeys).toEqual(["-----BEGIN PGP PUBLIC KEY BLOCK-----"]);
    expect(got.packages.get("linux_amd64")).toEqual({ hashes: [`zh:${shasum}`, "h1:abc="], size: 294 });
  });

  it("checks the metadata in OpenTofu's order", async () => {
    const cases: [Record<string, unknown>, string][] = [
      [
        { protocols: ["4.0"] },
        "provider example.com/hashicorp/aws 1.0.1 is not supported by this version of OpenTofu",
      ],
      [{ protocols: ["five"] }, 'registry response includes invalid version string "five"'],
      [
        { arch: "arm64" },
        "registry response to request for linux_amd64 archive has incorrect target linux_arm64",
      ],
      [
        { download_url: "ftp://x/y" },
        "registry response includes invalid download URL: must use http or https scheme",
      ],
      [
        { packages: { linux: {} } },
        'registry response includes invalid package platform "linux": must be two words separated by an underscore',
      ],
      [
        { packages: { linux_amd64: { hashes: ["nope"] } } },
        'registry response includes invalid package hash "nope"',
      ],
      [{ shasum: "abc" }, 'registry response includes invalid SHA256 hash "abc"'],
    ];
    for (const [change, message] of cases) {
      routes.set("/v1/providers/hashicorp/aws/1.0.1/download/linux/amd64", json(200, { ...meta, ...change }));
      await expect(
        client.providerPackage(aws, parseProviderVersion("1.0.1"), { os: "linux", arch: "amd64" }),
      ).rejects.toThrowError(message);
    }
  });

  it("says a platform is not available", async () => {
    await expect(
      client.providerPackage(aws, parseProviderVersion("9.9.9"), { os: "plan9", arch: "386" }),
    ).rejects.toThrowError(
      expect.objectContaining({
        code: "TOFUKIT_REGISTRY_PLATFORM_NOT_SUPPORTED",
        message: "provider example.com/hashicorp/aws 9.9.9 is not available for plan9_386",
      }),
    );
  });
});

describe("retries (go-retryablehttp as OpenTofu configures it)", () => {
  it("retries a 502 once, then reports it", async () => {
    routes.set("/v1/modules/r/e/t/versions", json(502, {}));
    const before = seen.length;
    await expect(client.moduleVersions(parseModuleSourceRegistry("example.com/r/e/t"))).rejects.toThrowError(
      `request failed after 2 attempts: 502 Bad Gateway returned from ${origin}/v1/modules/r/e/t/versions`,
    );
    expect(seen.length - before).toBe(2);
  });

  it("succeeds when a retry does", async () => {
    let calls = 0;
    routes.set("/v1/modules/r/e/u/versions", (req, res) => {
      calls++;
      (calls === 1 ? json(429, {}) : json(200, { modules: [{ versions: [{ version: "1.0.0" }] }] }))(
        req,
        res,
      );
    });
    expect(await client.moduleVersions(parseModuleSourceRegistry("example.com/r/e/u"))).toEqual(["1.0.0"]);
    expect(calls).toBe(2);
  });

  it("does not retry a 501 or a 404, and honours retries: 0", async () => {
    routes.set("/v1/modules/r/e/v/versions", json(501, {}));
    const before = seen.length;
    await expect(client.moduleVersions(parseModuleSourceRegistry("example.com/r/e/v"))).rejects.toThrowError(
      "error looking up module versions: 501 Not Implemented",
    );
    await expect(
      client.moduleVersions(parseModuleSourceRegistry("example.com/r/e/none")),
    ).rejects.toThrowError("not found");
    expect(seen.length - before).toBe(2);
    routes.set("/v1/modules/r/e/w/versions", json(503, {}));
    const once = new RegistryClient({ discovery, retries: 0 });
    await expect(once.moduleVersions(parseModuleSourceRegistry("example.com/r/e/w"))).rejects.toThrowError(
      `request failed: 503 Service Unavailable returned from ${origin}/v1/modules/r/e/w/versions`,
    );
  });

  it("reports a connection error after its retries", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const nowhere = new RegistryClient({
      discovery: { serviceURL: async () => new URL(`http://127.0.0.1:${port}/v1/providers/`) },
      retryDelay: () => 0,
    });
    await expect(nowhere.providerVersions(aws)).rejects.toThrowError(
      `could not query provider registry for example.com/hashicorp/aws: request failed after 2 attempts: Get "http://127.0.0.1:${port}/v1/providers/hashicorp/aws/versions": `,
    );
  });
});

describe("time limits, body limits and the transport", () => {
  it("gives up on a silent registry after TF_REGISTRY_CLIENT_TIMEOUT seconds per attempt, with Go's text", async () => {
    routes.set("/v1/modules/slow/e/v/versions", () => {
      // never answers
    });
    const impatient = new RegistryClient({
      discovery,
      env: { TF_REGISTRY_CLIENT_TIMEOUT: "1", TF_REGISTRY_DISCOVERY_RETRY: "0" },
    });
    await expect(
      impatient.moduleVersions(parseModuleSourceRegistry("example.com/slow/e/v")),
    ).rejects.toThrowError(
      `request failed: Get "${origin}/v1/modules/slow/e/v/versions": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`,
    );
  }, 30_000);

  it("reads TF_REGISTRY_DISCOVERY_RETRY as the number of retries; explicit options win", async () => {
    let hits = 0;
    routes.set("/v1/modules/retry/e/v/versions", (_req, res) => {
      hits++;
      res.writeHead(503);
      res.end();
    });
    const source = parseModuleSourceRegistry("example.com/retry/e/v");
    const fromEnv = new RegistryClient({
      discovery,
      env: { TF_REGISTRY_DISCOVERY_RETRY: "3" },
      retryDelay: () => 0,
    });
    await expect(fromEnv.moduleVersions(source)).rejects.toThrowError("request failed after 4 attempts");
    expect(hits).toBe(4);
    hits = 0;
    const explicit = new RegistryClient({
      discovery,
      env: { TF_REGISTRY_DISCOVERY_RETRY: "3" },
      retries: 0,
      retryDelay: () => 0,
    });
    await expect(explicit.moduleVersions(source)).rejects.toThrowError("request failed: 503");
    expect(hits).toBe(1);
    hits = 0;
    const ignored = new RegistryClient({
      discovery,
      env: { TF_REGISTRY_DISCOVERY_RETRY: "x" },
      retryDelay: () => 0,
    });
    await expect(ignored.moduleVersions(source)).rejects.toThrowError("request failed after 2 attempts");
    expect(hits).toBe(2);
  });

  it("refuses an API answer over its size limit with a typed error", async () => {
    routes.set("/v1/modules/huge/e/v/versions", (_req, res) => {
      res.writeHead(200, { "Content-Type": "application/json", "Content-Length": String(64 << 20) });
      res.end();
    });
    const error = await client
      .moduleVersions(parseModuleSourceRegistry("example.com/huge/e/v"))
      .catch((e) => e);
    expect(error).toBeInstanceOf(RegistryClientError);
    expect(error.code).toBe("TOFUKIT_REGISTRY_INVALID_RESPONSE");
    expect(error.message).toContain("response is too large");
  });

  it("sends every request through the undici dispatcher it is given", async () => {
    const dispatched: string[] = [];
    class Recording extends Agent {
      override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
        dispatched.push(String(options.path));
        return super.dispatch(options, handler);
      }
    }
    routes.set(
      "/v1/modules/via/agent/aws/versions",
      json(200, { modules: [{ versions: [{ version: "1.0.0" }] }] }),
    );
    const agent = new Recording();
    try {
      const viaAgent = new RegistryClient({ discovery, dispatcher: agent });
      expect(await viaAgent.moduleVersions(parseModuleSourceRegistry("example.com/via/agent/aws"))).toEqual([
        "1.0.0",
      ]);
      expect(dispatched).toEqual(["/v1/modules/via/agent/aws/versions"]);
    } finally {
      await agent.close();
    }
  });
});

describe("with @tofukit/disco", () => {
  it("uses forced services of a Disco", async () => {
    const disco = new Disco();
    const host = forComparison("registry.example");
    disco.forceHostServices(host, {
      "modules.v1": `${origin}/v1/modules/`,
      "providers.v1": `${origin}/v1/providers/`,
    });
    routes.set(
      "/v1/modules/foo/bar/baz/versions",
      json(200, { modules: [{ versions: [{ version: "1.0.0" }] }] }),
    );
    const viaDisco = new RegistryClient({ discovery: disco });
    expect(await viaDisco.moduleVersions(parseModuleSourceRegistry("registry.example/foo/bar/baz"))).toEqual([
      "1.0.0",
    ]);
  });

  it("is a RegistryClientError across the board", async () => {
    await expect(
      client.moduleVersions(parseModuleSourceRegistry("example.com/no/such/mod")),
    ).rejects.toBeInstanceOf(RegistryClientError);
  });
});
