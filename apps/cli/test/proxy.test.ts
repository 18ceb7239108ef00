// The CLI behind a forward proxy, end to end: HTTPS_PROXY names a CONNECT proxy on 127.0.0.1 that
// tunnels every host to this test's HTTPS registry, and the commands name the registry by a
// non-loopback name (registry.test, in the test certificate), as a user behind a proxy would.
import { mkdtempSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { TEST_TLS } from "@tofukit/oauth-server/test-tls";
import { type ConnectProxy, startConnectProxy } from "@tofukit/test-support/connect-proxy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clusterRegistry } from "./cluster-registry.js";
import { moduleDir, runCliAsync } from "./run-cli.js";

const TOKEN = "proxy-test-registry-token";
const PROXY_SECRET = "pr0xy-pa55word";
const { server, requests } = clusterRegistry(TEST_TLS);

let proxy: ConnectProxy;
let guarded: ConnectProxy;
beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  proxy = await startConnectProxy({ route: () => port });
  guarded = await startConnectProxy({ route: () => port, credentials: `carol:${PROXY_SECRET}` });
});
afterAll(async () => {
  await Promise.all([proxy.close(), guarded.close()]);
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
});

const env = (proxyURL: string) => ({ HTTPS_PROXY: proxyURL, TF_TOKEN_registry_test: TOKEN });
const versions = ["registry", "versions", "registry.test/acme/cluster/aws", "--ca", TEST_TLS.caFile];

describe("the CLI through HTTPS_PROXY", () => {
  it("lists versions with discovery and the registry API through the proxy", async () => {
    requests.length = 0;
    const before = proxy.tunnels.length;
    const run = await runCliAsync([...versions, "--json"], { env: env(proxy.url) });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout).versions).toEqual(["2.0.0", "1.0.0"]);
    expect(new Set(proxy.tunnels.slice(before))).toEqual(new Set(["registry.test:443"]));
    expect(requests.map((r) => `${r.host}${r.url}`)).toEqual([
      "registry.test/.well-known/terraform.json",
      "registry.test/v1/modules/acme/cluster/aws/versions",
    ]);
    expect(requests[1]?.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("downloads a registry module for check --download through the proxy", async () => {
    requests.length = 0;
    const before = proxy.tunnels.length;
    const dir = moduleDir({
      "main.tf":
        'module "cluster" {\n  source  = "registry.test/acme/cluster/aws"\n  version = "~> 1.0"\n  size    = 12\n}\n',
    });
    const cacheDir = mkdtempSync(join(tmpdir(), "tofukit-cli-proxy-cache-"));
    const run = await runCliAsync(
      ["check", dir, "--download", "--cache-dir", cacheDir, "--ca", TEST_TLS.caFile, "--json"],
      { env: env(proxy.url) },
    );
    expect(run.status).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.unchecked).toEqual([]);
    expect(out.diagnostics.map((d: { summary: string }) => d.summary)).toEqual([
      "Invalid value for variable",
    ]);
    expect(requests.map((r) => `${r.host}${r.url}`)).toEqual([
      "registry.test/.well-known/terraform.json",
      "registry.test/v1/modules/acme/cluster/aws/versions",
      "registry.test/v1/modules/acme/cluster/aws/1.0.0/download",
      "registry.test/files/cluster-1.0.0.zip",
    ]);
    expect(requests.at(-1)?.authorization).toBeUndefined();
    expect(new Set(proxy.tunnels.slice(before))).toEqual(new Set(["registry.test:443"]));
  });

  it("names a proxy that refuses, never with its user name or password", async () => {
    const wrong = {
      ...env(`http://carol:wrong-${PROXY_SECRET}@127.0.0.1:${guarded.port}`),
      TF_REGISTRY_DISCOVERY_RETRY: "0",
    };
    const shown = `Proxy Authentication Required (from proxy http://127.0.0.1:${guarded.port})`;
    const run = await runCliAsync(versions, { env: wrong });
    expect(run.status).not.toBe(0);
    expect(run.stderr.replaceAll("\n│ ", " ")).toContain(shown);
    expect(run.stdout + run.stderr).not.toMatch(/pa55word|carol/);

    const json = await runCliAsync([...versions, "--json"], { env: wrong });
    const error = JSON.parse(json.stdout).error;
    expect(error.message).toContain(shown);
    expect(json.stdout).not.toMatch(/pa55word|carol/);

    const right = await runCliAsync([...versions, "--json"], {
      env: env(`http://carol:${PROXY_SECRET}@127.0.0.1:${guarded.port}`),
    });
    expect(right.status).toBe(0);
    expect(JSON.parse(right.stdout).versions).toEqual(["2.0.0", "1.0.0"]);
  });
});
