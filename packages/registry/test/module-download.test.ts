// Downloading module packages end to end against a real HTTPS registry on 127.0.0.1 (discovery,
// modules.v1, and the packages it points at), and git packages from a bare repository made here.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  writeFileSync,
} from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer, type Server } from "node:https";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSecureContext } from "node:tls";
import { Disco } from "@tofukit/disco";
import { forComparison } from "@tofukit/hostname";
import { gzipSync, zipSync } from "fflate";
import { Agent } from "undici";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  downloadRegistryModule,
  downloadRemoteModule,
  ModulePackageError,
  RegistryClient,
  RegistryClientError,
  type RegistryCredentials,
} from "../src/client/index.js";
import { tar } from "./tar-writer.js";

const discoRoot = new URL(
  ".",
  `file://${createRequire(import.meta.url).resolve("@tofukit/disco/package.json")}`,
);
const tls = (name: string) => readFileSync(new URL(`test/fixtures/tls/${name}`, discoRoot), "utf8");
const dispatcher = new Agent({ connect: { secureContext: createSecureContext({ ca: tls("ca.pem") }) } });
const trustingFetch: typeof fetch = (input, init) =>
  fetch(input, { ...init, dispatcher } as unknown as RequestInit);

const SECRET = "module-registry-token-5ecret";
const encode = (s: string) => new TextEncoder().encode(s);

type Handler = (req: IncomingMessage, res: ServerResponse) => void;
const routes = new Map<string, Handler>();
const seen: { url: string; authorization: string | undefined }[] = [];
let server: Server;
let origin = "";
let host = "";

const send =
  (status: number, body: Uint8Array | string, headers: Record<string, string> = {}): Handler =>
  (_req, res) => {
    res.writeHead(status, { "Content-Length": String(Buffer.byteLength(body)), ...headers });
    res.end(body);
  };
const json = (body: unknown) => send(200, JSON.stringify(body), { "Content-Type": "application/json" });

beforeAll(async () => {
  server = createServer({ key: tls("server.key"), cert: tls("server.pem") }, (req, res) => {
    seen.push({ url: req.url ?? "", authorization: req.headers.authorization });
    const handler = routes.get(req.url ?? "");
    if (handler === undefined) {
      res.writeHead(404, { "Content-Type": "text/plain" });
      res.end("not here");
      return;
    }
    handler(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host = origin.slice("https://".length);
  routes.set("/.well-known/terraform.json", json({ "modules.v1": "/v1/modules/" }));
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await dispatcher.close();
});

beforeEach(() => {
  seen.length = 0;
});

function client(): RegistryClient {
  const credentials: RegistryCredentials = {
    forHost: (h) => (h === forComparison(host) ? { token: SECRET } : null),
  };
  return new RegistryClient({
    discovery: new Disco({ credentials, dispatcher, env: {}, retries: 0 }),
    credentials,
    fetch: trustingFetch,
    retries: 0,
    retryDelay: () => 0,
  });
}

const cache = () => mkdtempSync(join(tmpdir(), "tofukit-modules-"));

const networkPackage = gzipSync(
  tar([
    { name: "modules/", type: "dir" },
    { name: "modules/net/main.tf", data: 'variable "cidr" {\n  type = string\n}\n' },
    { name: "main.tf", data: 'variable "name" {}\n' },
    { name: "link.tf", type: "symlink", linkname: "main.tf" },
  ]),
);

async function rejection(promise: Promise<unknown>): Promise<ModulePackageError | RegistryClientError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ModulePackageError || error instanceof RegistryClientError) return error;
    throw error;
  }
  throw new Error("expected a rejection");
}

describe("downloadRegistryModule", () => {
  beforeAll(() => {
    routes.set(
      "/v1/modules/acme/network/aws/versions",
      json({
        modules: [
          {
            versions: [
              { version: "1.0.0" },
              { version: "1.2.0" },
              { version: "v1.3.0-beta1" },
              { version: "2.0.0" },
              { version: "not a version" },
            ],
          },
        ],
      }),
    );
    for (const v of ["1.0.0", "1.2.0", "2.0.0"]) {
      routes.set(
        `/v1/modules/acme/network/aws/${v}/download`,
        send(204, "", { "X-Terraform-Get": `/files/network-${v}.tar.gz` }),
      );
      routes.set(`/files/network-${v}.tar.gz`, send(200, networkPackage));
    }
  });

  it("picks the newest allowed version, downloads it with no token and applies the subdirectory", async () => {
    const cacheDir = cache();
    const got = await downloadRegistryModule(client(), `${host}/acme/network/aws//modules/net`, "~> 1.0", {
      cacheDir,
      fetch: trustingFetch,
    });
    expect(got.version).toBe("1.2.0");
    expect(got.location).toBe(`${origin}/files/network-1.2.0.tar.gz`);
    expect(got.dir).toBe(join(got.packageDir, "modules", "net"));
    expect(readFileSync(join(got.dir, "main.tf"), "utf8")).toContain('variable "cidr"');
    expect(readlinkSync(join(got.packageDir, "link.tf"))).toBe("main.tf");
    const byUrl = new Map(seen.map((s) => [s.url, s.authorization]));
    expect(byUrl.get("/v1/modules/acme/network/aws/versions")).toBe(`Bearer ${SECRET}`);
    expect(byUrl.has("/files/network-1.2.0.tar.gz")).toBe(true);
    expect(byUrl.get("/files/network-1.2.0.tar.gz")).toBeUndefined();
    // Nothing is left behind in the temporary area.
    expect(readdirSync(join(cacheDir, ".tmp"))).toEqual([]);
  });

  it("asks for a prerelease only when the constraint names it exactly", async () => {
    routes.set(
      "/v1/modules/acme/network/aws/1.3.0-beta1/download",
      send(204, "", { "X-Terraform-Get": "/files/network-1.2.0.tar.gz" }),
    );
    const got = await downloadRegistryModule(client(), `${host}/acme/network/aws`, "1.3.0-beta1", {
      cacheDir: cache(),
      fetch: trustingFetch,
    });
    expect(got.version).toBe("1.3.0-beta1");
    const none = await rejection(
      downloadRegistryModule(client(), `${host}/acme/network/aws`, "> 2.0.0", {
        cacheDir: cache(),
        fetch: trustingFetch,
      }),
    );
    expect(none.code).toBe("TOFUKIT_REGISTRY_MODULE_NO_MATCHING_VERSION");
    expect(none.message).toBe(
      `there is no available version of module "${host}/acme/network/aws" which matches the given version constraint "> 2.0.0"`,
    );
  });

  it("reuses the cache: a second download makes no request", async () => {
    const cacheDir = cache();
    const first = await downloadRegistryModule(client(), `${host}/acme/network/aws`, ">= 1.0, < 2.0", {
      cacheDir,
      fetch: trustingFetch,
    });
    seen.length = 0;
    const second = await downloadRegistryModule(client(), `${host}/acme/network/aws//modules/net`, "~> 1.2", {
      cacheDir,
      fetch: trustingFetch,
    });
    expect(seen).toEqual([]);
    expect(second.version).toBe(first.version);
    expect(second.dir).toBe(join(first.dir, "modules", "net"));
  });

  it("shares one download between concurrent calls", async () => {
    const cacheDir = cache();
    const [a, b] = await Promise.all([
      downloadRegistryModule(client(), `${host}/acme/network/aws`, "2.0.0", {
        cacheDir,
        fetch: trustingFetch,
      }),
      downloadRegistryModule(client(), `${host}/acme/network/aws`, "2.0.0", {
        cacheDir,
        fetch: trustingFetch,
      }),
    ]);
    expect(a.dir).toBe(b.dir);
    expect(seen.filter((s) => s.url === "/files/network-2.0.0.tar.gz")).toHaveLength(1);
  });

  it("reports a module the registry does not know, and a refused token, in OpenTofu's words", async () => {
    const missing = await rejection(
      downloadRegistryModule(client(), `${host}/acme/missing/aws`, undefined, { cacheDir: cache() }),
    );
    expect(missing.code).toBe("TOFUKIT_REGISTRY_MODULE_NOT_FOUND");
    expect(missing.message).toBe(`module ${host}/acme/missing/aws not found`);
    routes.set("/v1/modules/acme/private/aws/versions", send(401, "no"));
    const refused = await rejection(
      downloadRegistryModule(client(), `${host}/acme/private/aws`, undefined, { cacheDir: cache() }),
    );
    expect(refused.message).toBe("error looking up module versions: 401 Unauthorized");
    expect(refused.message).not.toContain(SECRET);
  });

  it("sends the registry's token to a direct location on its own host only when asked to", async () => {
    const zip = zipSync({ "main.tf": encode('variable "x" {}\n') });
    routes.set(
      "/v1/modules/acme/direct/aws/versions",
      json({ modules: [{ versions: [{ version: "1.0.0" }] }] }),
    );
    routes.set("/files/direct.zip", send(200, zip));
    for (const use of [true, false]) {
      routes.set(
        "/v1/modules/acme/direct/aws/1.0.0/download",
        json({ location: "/files/direct.zip", use_registry_credentials: use }),
      );
      seen.length = 0;
      const got = await downloadRegistryModule(client(), `${host}/acme/direct/aws`, undefined, {
        cacheDir: cache(),
      });
      expect(readFileSync(join(got.dir, "main.tf"), "utf8")).toBe('variable "x" {}\n');
      const download = seen.find((s) => s.url === "/files/direct.zip");
      expect(download?.authorization).toBe(use ? `Bearer ${SECRET}` : undefined);
    }
  });
});

it("reports a direct location that is not there with the status", async () => {
  routes.set("/v1/modules/acme/gone/aws/versions", json({ modules: [{ versions: [{ version: "1.0.0" }] }] }));
  routes.set(
    "/v1/modules/acme/gone/aws/1.0.0/download",
    json({ location: "/files/gone.zip", use_registry_credentials: false }),
  );
  const cacheDir = cache();
  const error = await rejection(
    downloadRegistryModule(client(), `${host}/acme/gone/aws`, undefined, { cacheDir }),
  );
  expect(error).toBeInstanceOf(RegistryClientError);
  expect(error.code).toBe("TOFUKIT_REGISTRY_DOWNLOAD_FAILED");
  expect(error.message).toBe(`error downloading '${origin}/files/gone.zip': bad response code: 404`);
  expect((error as RegistryClientError).status).toBe(404);
  expect(existsSync(join(cacheDir, "registry"))).toBe(false);
});

it("never sends the registry's token to a direct location on another host", async () => {
  const other = createServer({ key: tls("server.key"), cert: tls("server.pem") }, (req, res) => {
    seen.push({ url: `other:${req.url}`, authorization: req.headers.authorization });
    const body = zipSync({ "main.tf": encode("") });
    res.writeHead(200, { "Content-Length": String(body.length) });
    res.end(body);
  });
  await new Promise<void>((resolve) => other.listen(0, "127.0.0.2", resolve));
  try {
    const otherOrigin = `https://127.0.0.2:${(other.address() as AddressInfo).port}`;
    routes.set(
      "/v1/modules/acme/elsewhere/aws/versions",
      json({ modules: [{ versions: [{ version: "1.0.0" }] }] }),
    );
    routes.set(
      "/v1/modules/acme/elsewhere/aws/1.0.0/download",
      json({ location: `${otherOrigin}/pkg.zip`, use_registry_credentials: true }),
    );
    await downloadRegistryModule(client(), `${host}/acme/elsewhere/aws`, undefined, { cacheDir: cache() });
    expect(seen.find((s) => s.url === "other:/pkg.zip")).toEqual({
      url: "other:/pkg.zip",
      authorization: undefined,
    });
    expect(seen.find((s) => s.url === "/v1/modules/acme/elsewhere/aws/versions")?.authorization).toBe(
      `Bearer ${SECRET}`,
    );
  } finally {
    other.closeAllConnections();
    await new Promise((resolve) => other.close(resolve));
  }
});

describe("downloadRemoteModule over http(s)", () => {
  const zip = zipSync({
    "main.tf": encode('variable "region" {}\n'),
    "sub/": new Uint8Array(),
    "sub/x.tf": encode(""),
  });
  const sha256 = createHash("sha256").update(zip).digest("hex");
  beforeAll(() => {
    routes.set("/pkg/module.zip", send(200, zip));
    routes.set("/pkg/module", send(200, zip));
    routes.set("/pkg/secret.zip", send(401, "who are you"));
    routes.set("/pkg/slip.zip", send(200, zipSync({ "ok.tf": encode(""), "../../evil.tf": encode("x") })));
    routes.set(
      "/pkg/link.tgz",
      send(200, gzipSync(tar([{ name: "escape", type: "symlink", linkname: "../../../etc/passwd" }]))),
    );
    routes.set("/pkg/module.tar.bz2", send(200, "BZh"));
    routes.set(
      "/pkg/meta?terraform-get=1",
      send(200, `<html><meta name="terraform-get" content="${origin}/pkg/module.zip//sub"></html>`),
    );
  });

  it("downloads an archive, verifies its checksum and applies the subdirectory", async () => {
    const got = await downloadRemoteModule(`${origin}/pkg/module.zip//sub?checksum=sha256:${sha256}`, {
      cacheDir: cache(),
      fetch: trustingFetch,
    });
    expect(got.dir).toBe(join(got.packageDir, "sub"));
    expect(existsSync(join(got.packageDir, "main.tf"))).toBe(true);
    expect(got.version).toBeUndefined();
  });

  it("sends package requests through a dispatcher, as RegistryClient sends API requests", async () => {
    // The private CA is trusted only through the dispatcher: the global fetch refuses the server.
    const refused = await rejection(downloadRemoteModule(`${origin}/pkg/module.zip`, { cacheDir: cache() }));
    expect(refused.code).toBe("TOFUKIT_REGISTRY_MODULE_DOWNLOAD_FAILED");
    expect(refused.message).toMatch(/certificate/i);
    const got = await downloadRemoteModule(`${origin}/pkg/module.zip`, { cacheDir: cache(), dispatcher });
    expect(readFileSync(join(got.dir, "main.tf"), "utf8")).toBe('variable "region" {}\n');
    // A registry module's package too, with the same dispatcher beside the client's.
    const trusting = new RegistryClient({
      discovery: new Disco({ dispatcher, env: {}, retries: 0 }),
      dispatcher,
      retries: 0,
    });
    routes.set(
      "/v1/modules/acme/trusted/aws/versions",
      json({ modules: [{ versions: [{ version: "1.0.0" }] }] }),
    );
    routes.set(
      "/v1/modules/acme/trusted/aws/1.0.0/download",
      send(204, "", { "X-Terraform-Get": "/pkg/module.zip" }),
    );
    const trusted = await downloadRegistryModule(trusting, `${host}/acme/trusted/aws`, "1.0.0", {
      cacheDir: cache(),
      dispatcher,
    });
    expect(trusted.version).toBe("1.0.0");
    expect(existsSync(join(trusted.packageDir, "main.tf"))).toBe(true);
  });

  it("takes the format from archive=", async () => {
    const got = await downloadRemoteModule(`${origin}/pkg/module?archive=zip`, {
      cacheDir: cache(),
      fetch: trustingFetch,
    });
    expect(readFileSync(join(got.dir, "main.tf"), "utf8")).toBe('variable "region" {}\n');
  });

  it("follows a terraform-get meta tag", async () => {
    const got = await downloadRemoteModule(`${origin}/pkg/meta`, { cacheDir: cache(), fetch: trustingFetch });
    expect(readdirSync(got.dir)).toEqual(["x.tf"]);
  });

  it("refuses a package whose checksum differs, leaving nothing in the cache", async () => {
    const cacheDir = cache();
    const wrong = "0".repeat(64);
    const error = await rejection(
      downloadRemoteModule(`${origin}/pkg/module.zip?checksum=${wrong}`, { cacheDir, fetch: trustingFetch }),
    );
    expect(error.code).toBe("TOFUKIT_REGISTRY_MODULE_CHECKSUM_MISMATCH");
    expect(error.message).toBe(
      `Checksums did not match for ${origin}/pkg/module.zip.\nExpected: ${wrong}\nGot: ${sha256}\n*sha256.digest`,
    );
    expect(existsSync(join(cacheDir, "remote"))).toBe(false);
    const bad = await rejection(
      downloadRemoteModule(`${origin}/pkg/module.zip?checksum=sha256:abc`, { cacheDir }),
    );
    expect(bad.code).toBe("TOFUKIT_REGISTRY_MODULE_CHECKSUM_INVALID");
  });

  it("refuses entries outside the package and links out of it", async () => {
    const cacheDir = cache();
    const slip = await rejection(
      downloadRemoteModule(`${origin}/pkg/slip.zip`, { cacheDir, fetch: trustingFetch }),
    );
    expect(slip.code).toBe("TOFUKIT_REGISTRY_MODULE_ARCHIVE_UNSAFE");
    expect(slip.message).toBe("entry contains '..': ../../evil.tf");
    expect(existsSync(join(cacheDir, "evil.tf"))).toBe(false);
    expect(existsSync(join(cacheDir, "..", "evil.tf"))).toBe(false);
    const link = await rejection(
      downloadRemoteModule(`${origin}/pkg/link.tgz`, { cacheDir, fetch: trustingFetch }),
    );
    expect(link.code).toBe("TOFUKIT_REGISTRY_MODULE_ARCHIVE_UNSAFE");
    expect(readdirSync(join(cacheDir, ".tmp"))).toEqual([]);
  });

  it("reports statuses and sizes in go-getter's words", async () => {
    const missing = await rejection(
      downloadRemoteModule(`${origin}/pkg/gone.zip`, { cacheDir: cache(), fetch: trustingFetch }),
    );
    expect(missing.message).toBe(`error downloading '${origin}/pkg/gone.zip': bad response code: 404`);
    expect((missing as ModulePackageError).status).toBe(404);
    const secret = await rejection(
      downloadRemoteModule(`https://user:${SECRET}@${host}/pkg/secret.zip`, {
        cacheDir: cache(),
        fetch: trustingFetch,
      }),
    );
    expect(secret.message).toBe(`error downloading '${origin}/pkg/secret.zip': bad response code: 401`);
    expect(JSON.stringify({ ...secret, message: secret.message })).not.toContain(SECRET);
    const large = await rejection(
      downloadRemoteModule(`${origin}/pkg/module.zip`, {
        cacheDir: cache(),
        fetch: trustingFetch,
        maxDownloadBytes: 64,
      }),
    );
    expect(large.code).toBe("TOFUKIT_REGISTRY_MODULE_TOO_LARGE");
    const unpacked = await rejection(
      downloadRemoteModule(`${origin}/pkg/module.zip`, {
        cacheDir: cache(),
        fetch: trustingFetch,
        maxUnpackedBytes: 4,
      }),
    );
    expect(unpacked.code).toBe("TOFUKIT_REGISTRY_MODULE_TOO_LARGE");
  });

  it("refuses formats and getters it cannot fetch, before any request", async () => {
    const bz2 = await rejection(
      downloadRemoteModule(`${origin}/pkg/module.tar.bz2`, { cacheDir: cache(), fetch: trustingFetch }),
    );
    expect(bz2.code).toBe("TOFUKIT_REGISTRY_MODULE_ARCHIVE_UNSUPPORTED");
    expect(bz2.message).toContain('unsupported archive format "tar.bz2"');
    for (const address of [
      "s3::https://s3.amazonaws.com/bucket/m.zip",
      "gcs::https://www.googleapis.com/storage/v1/b/m.zip",
      "hg::https://example.com/repo",
    ]) {
      const error = await rejection(downloadRemoteModule(address, { cacheDir: cache() }));
      expect(error.code).toBe("TOFUKIT_REGISTRY_MODULE_GETTER_UNSUPPORTED");
    }
    expect(seen.some((s) => s.url.includes("bz2"))).toBe(false);
  });
});

describe("downloadRemoteModule with git", () => {
  let bare = "";
  beforeAll(() => {
    const root = mkdtempSync(join(tmpdir(), "tofukit-git-"));
    const work = join(root, "work");
    bare = join(root, "repo.git");
    const git = (args: string[], cwd: string) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
        cwd,
        env: { PATH: process.env.PATH ?? "", HOME: root, GIT_CONFIG_NOSYSTEM: "1" },
        stdio: "pipe",
      });
    mkdirSync(join(work, "modules", "db"), { recursive: true });
    git(["init", "-q", "-b", "main", work], root);
    writeFileSync(join(work, "modules", "db", "main.tf"), 'variable "engine" {}\n');
    git(["add", "."], work);
    git(["commit", "-q", "-m", "v1"], work);
    git(["tag", "v1.0.0"], work);
    writeFileSync(join(work, "modules", "db", "main.tf"), 'variable "engine2" {}\n');
    git(["commit", "-q", "-am", "v2"], work);
    git(["clone", "-q", "--bare", work, bare], root);
  });

  it("clones a ref of a local repository with the subdirectory", async () => {
    const got = await downloadRemoteModule(`git::file://${bare}//modules/db?ref=v1.0.0`, {
      cacheDir: cache(),
      allowFileURLs: true,
    });
    expect(readFileSync(join(got.dir, "main.tf"), "utf8")).toBe('variable "engine" {}\n');
    const shallow = await downloadRemoteModule(`git::file://${bare}//modules/db?depth=1`, {
      cacheDir: cache(),
      allowFileURLs: true,
    });
    expect(readFileSync(join(shallow.dir, "main.tf"), "utf8")).toBe('variable "engine2" {}\n');
  });

  it("refuses file URLs unless allowed, and reports git's failure", async () => {
    const refused = await rejection(downloadRemoteModule(`git::file://${bare}`, { cacheDir: cache() }));
    expect(refused.code).toBe("TOFUKIT_REGISTRY_MODULE_GETTER_UNSUPPORTED");
    const failed = await rejection(
      downloadRemoteModule(`git::file://${bare}?ref=no-such-ref`, { cacheDir: cache(), allowFileURLs: true }),
    );
    expect(failed.code).toBe("TOFUKIT_REGISTRY_MODULE_GIT_FAILED");
    expect(failed.message).toMatch(
      /^error downloading 'file:\/\/.*repo\.git\?ref=no-such-ref': git exited with 128: fatal: /,
    );
  });
});
