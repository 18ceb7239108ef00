// downloadModuleTree against a real registry on 127.0.0.1: a registry module and the remote
// module it calls are downloaded into a cache, followed, and checked like local ones.
import { mkdtempSync } from "node:fs";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RegistryClient } from "@tofukit/registry/client";
import { zipSync } from "fflate";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { checkModuleTree } from "../src/index.js";
import { downloadModuleTree, loadModuleDirectory, nodeModuleTreeReader } from "../src/node.js";
import { moduleDir } from "./module-dir.js";

const encode = (s: string) => new TextEncoder().encode(s);
const routes = new Map<string, (req: IncomingMessage, res: ServerResponse) => void>();
const seen: string[] = [];
let server: Server;
let origin = "";
let host = "";

const send =
  (status: number, body: string | Uint8Array, headers: Record<string, string> = {}) =>
  (_req: IncomingMessage, res: ServerResponse) => {
    res.writeHead(status, headers);
    res.end(body);
  };

beforeAll(async () => {
  server = createServer((req, res) => {
    seen.push(req.url ?? "");
    (routes.get(req.url ?? "") ?? send(404, "not here"))(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  host = origin.slice("http://".length);
  routes.set(
    "/v1/modules/acme/bucket/aws/versions",
    send(200, JSON.stringify({ modules: [{ versions: [{ version: "1.0.0" }, { version: "1.1.0" }] }] })),
  );
  routes.set(
    "/v1/modules/acme/bucket/aws/1.1.0/download",
    send(204, "", { "X-Terraform-Get": "/pkg/bucket.zip" }),
  );
  routes.set(
    "/pkg/bucket.zip",
    send(
      200,
      zipSync({
        "main.tf": encode(
          [
            'variable "name" {\n  type = string\n  validation {\n    condition     = length(var.name) < 5\n    error_message = "The name is too long."\n  }\n}\n',
            `module "tags" {\n  source = "${origin}/pkg/tags.zip"\n  tags   = "not a map"\n}\n`,
            'module "inside" {\n  source = "./modules/inside"\n}\n',
            'module "escape" {\n  source = "../../../.."\n}\n',
          ].join(""),
        ),
        "modules/inside/main.tf": encode('variable "v" {\n  default = 1\n}\n'),
      }),
    ),
  );
  routes.set(
    "/pkg/tags.zip",
    send(200, zipSync({ "main.tf": encode('variable "tags" {\n  type = map(string)\n}\n') })),
  );
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

const client = () =>
  new RegistryClient({
    discovery: { serviceURL: async () => new URL(`${origin}/v1/modules/`) },
    retries: 0,
  });

describe("downloadModuleTree", () => {
  it("downloads registry and remote calls, follows them and finds the mistakes inside", async () => {
    const dir = moduleDir({
      "main.tf": [
        `module "bucket" {\n  source  = "${host}/acme/bucket/aws"\n  version = "~> 1.0"\n  name    = "far-too-long"\n}\n`,
        `module "missing" {\n  source  = "${host}/acme/missing/aws"\n  version = "1.0.0"\n}\n`,
      ].join(""),
    });
    const cacheDir = mkdtempSync(join(tmpdir(), "tofukit-cache-"));
    const root = loadModuleDirectory(dir);
    const events: string[] = [];
    const tree = await downloadModuleTree(root.module, {
      client: client(),
      cacheDir,
      reader: nodeModuleTreeReader(dir),
      onModule: (e) =>
        events.push(`${e.key}: ${"module" in e ? (e.module.version ?? "remote") : e.error.message}`),
    });
    expect(tree.modules.map((m) => m.address)).toEqual([
      "module.bucket",
      "module.bucket.module.tags",
      "module.bucket.module.inside",
    ]);
    expect(tree.modules[0]?.dir.startsWith(cacheDir)).toBe(true);
    // The calls of one module are downloaded together, in no particular order.
    expect(events.sort()).toEqual([
      "bucket.tags: remote",
      "bucket: 1.1.0",
      `missing: module ${host}/acme/missing/aws not found`,
    ]);
    expect(tree.unchecked.map((u) => `${u.address} ${u.code}: ${u.reason}`)).toEqual([
      'module.bucket.module.escape outside-package: its relative path ../../../.. has too many "../" segments: it leaves the module package',
      `module.missing download-failed: a registry module that could not be downloaded: module ${host}/acme/missing/aws not found`,
    ]);
    const result = checkModuleTree(tree, { files: root.files });
    expect(result.diagnostics.map((d) => `${d.extra?.module ?? ""}: ${d.summary}`)).toEqual([
      "module.bucket: Invalid value for variable",
      "module.bucket.module.tags: Invalid value for input variable",
    ]);

    // The cache serves a second check without a request.
    seen.length = 0;
    const again = await downloadModuleTree(root.module, {
      client: client(),
      cacheDir,
      reader: nodeModuleTreeReader(dir),
    });
    expect(again.modules.map((m) => m.dir)).toEqual(tree.modules.map((m) => m.dir));
    expect(seen.filter((u) => !u.includes("missing"))).toEqual([]);
  });

  it("says by a code why a call is not downloaded: a version or source that is an expression, the limit", async () => {
    const dir = moduleDir({
      "main.tf": [
        'variable "v" {\n  default = "1.0.0"\n}\n',
        `locals {\n  tags = "${origin}/pkg/tags.zip"\n}\n`,
        `module "versioned" {\n  source  = "${host}/acme/bucket/aws"\n  version = var.v\n}\n`,
        'module "named" {\n  source = local.tags\n}\n',
      ].join(""),
    });
    const root = loadModuleDirectory(dir);
    seen.length = 0;
    const download = (maxDownloads: number) =>
      downloadModuleTree(root.module, {
        client: client(),
        cacheDir: mkdtempSync(join(tmpdir(), "tofukit-cache-")),
        reader: nodeModuleTreeReader(dir),
        maxDownloads,
      });
    const result = checkModuleTree(await download(10), { files: root.files });
    expect(result.unchecked.map((u) => `${u.address} ${u.code}: ${u.reason}`)).toEqual([
      "module.versioned dynamic-version: a registry module whose version is an expression, which cannot be downloaded",
      "module.named not-downloaded: a remote module named by an expression, which is not downloaded",
    ]);
    expect((await download(0)).unchecked.map((u) => `${u.address} ${u.code}: ${u.reason}`)).toEqual([
      "module.versioned too-many-downloads: more than 0 module packages to download",
      "module.named dynamic-source: its source is an expression, which only a check of the caller's values can evaluate",
    ]);
    expect(seen).toEqual([]);
  });
});
