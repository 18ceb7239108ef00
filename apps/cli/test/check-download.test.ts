// `tofukit check --download` against an HTTPS registry on 127.0.0.1 that this test serves: the
// registry module is downloaded into the cache and checked, and a second check asks nothing.
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { defaultModuleCacheDir } from "../src/commands/check-download.js";
import { demoCertificates } from "../src/tls/demo-certificates.js";
import { clusterRegistry } from "./cluster-registry.js";
import { moduleDir, runCliAsync } from "./run-cli.js";

const TOKEN = "cli-download-test-token";
const { ca, cert, key } = demoCertificates();
const caFile = join(mkdtempSync(join(tmpdir(), "tofukit-ca-")), "ca.pem");
writeFileSync(caFile, ca);
let host = "";
const { server, requests } = clusterRegistry({ cert, key });

beforeAll(
  () =>
    new Promise<void>((resolve) =>
      server.listen(0, "127.0.0.1", () => {
        host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
        resolve();
      }),
    ),
);
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("tofukit check --download", () => {
  it("downloads a registry module, finds the mistake in the values it is given, and reuses the cache", async () => {
    const dir = moduleDir({
      "main.tf": `module "cluster" {\n  source  = "${host}/acme/cluster/aws"\n  version = "~> 1.0"\n  size    = 12\n}\n`,
    });
    const cacheDir = join(mkdtempSync(join(tmpdir(), "tofukit-cli-cache-")), "modules");
    mkdirSync(cacheDir);
    const configFile = join(cacheDir, "tofu.rc");
    writeFileSync(configFile, `credentials "${host}" {\n  token = "${TOKEN}"\n}\n`);
    const env = { NODE_EXTRA_CA_CERTS: caFile, TF_CLI_CONFIG_FILE: configFile };

    const without = await runCliAsync(["check", dir], { env });
    expect(without.stderr).toContain(
      `module.cluster not checked (${host}/acme/cluster/aws): a registry module that is not installed (no .terraform/modules/modules.json: run "tofu init", or check with --download).`,
    );
    expect(requests).toEqual([]);

    const run = await runCliAsync(["check", dir, "--download", "--cache-dir", cacheDir], { env });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("At most 10 nodes.");
    expect(run.stderr).not.toContain("not checked");
    expect(run.stderr).not.toContain(TOKEN);
    expect(requests.map((r) => r.url)).toEqual([
      "/.well-known/terraform.json",
      "/v1/modules/acme/cluster/aws/versions",
      "/v1/modules/acme/cluster/aws/1.0.0/download",
      "/files/cluster-1.0.0.zip",
    ]);
    // The token goes to the registry's API, never to the package.
    expect(requests.at(-1)?.authorization).toBeUndefined();
    expect(requests[1]?.authorization).toBe(`Bearer ${TOKEN}`);

    requests.length = 0;
    const again = await runCliAsync(["check", dir, "--download", "--cache-dir", cacheDir, "--json"], { env });
    expect(again.status).toBe(1);
    expect(requests).toEqual([]);
    const out = JSON.parse(again.stdout);
    expect(out.modules.map((m: { address: string }) => m.address)).toEqual(["module.cluster"]);
    expect(out.unchecked).toEqual([]);
  });

  it("trusts the registry and the archives it downloads through --ca, without NODE_EXTRA_CA_CERTS", async () => {
    const dir = moduleDir({
      "main.tf": [
        `module "cluster" {\n  source  = "${host}/acme/cluster/aws"\n  version = "~> 1.0"\n  size    = 12\n}\n`,
        `module "remote" {\n  source = "https://${host}/files/remote.zip"\n  size   = 11\n}\n`,
      ].join(""),
    });
    const cache = () => mkdtempSync(join(tmpdir(), "tofukit-ca-cache-"));
    // Without it the private CA is not trusted: neither the registry nor the archive is reached.
    const untrusted = await runCliAsync(["check", dir, "--download", "--cache-dir", cache()]);
    expect(untrusted.status).toBe(0);
    expect(untrusted.stderr).toMatch(/module\.cluster not checked .*could not be downloaded: .*certificate/);
    expect(untrusted.stderr).toMatch(/module\.remote not checked .*could not be downloaded: .*certificate/);

    requests.length = 0;
    const run = await runCliAsync([
      "check",
      dir,
      "--download",
      "--cache-dir",
      cache(),
      "--ca",
      caFile,
      "--json",
    ]);
    expect(run.status).toBe(1);
    const out = JSON.parse(run.stdout);
    expect(out.unchecked).toEqual([]);
    expect(out.modules.map((m: { address: string }) => m.address).sort()).toEqual([
      "module.cluster",
      "module.remote",
    ]);
    expect(
      out.diagnostics.map(
        (d: { summary: string; extra: { module: string } }) => `${d.extra.module}: ${d.summary}`,
      ),
    ).toEqual(["module.cluster: Invalid value for variable", "module.remote: Invalid value for variable"]);
    expect(requests.map((r) => r.url).sort()).toEqual([
      "/.well-known/terraform.json",
      "/files/cluster-1.0.0.zip",
      "/files/remote.zip",
      "/v1/modules/acme/cluster/aws/1.0.0/download",
      "/v1/modules/acme/cluster/aws/versions",
    ]);
  });

  it("refuses --ca without --download, which alone goes to the network", async () => {
    const run = await runCliAsync(["check", moduleDir({ "main.tf": "" }), "--ca", caFile]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("Error: --ca needs --download.\n");
  });

  it("keeps a module it cannot download unchecked, with the registry's reason", async () => {
    const dir = moduleDir({
      "main.tf": `module "gone" {\n  source  = "${host}/acme/gone/aws"\n  version = "1.0.0"\n}\n`,
    });
    const run = await runCliAsync(
      ["check", dir, "--download", "--cache-dir", mkdtempSync(join(tmpdir(), "c-"))],
      {
        env: { NODE_EXTRA_CA_CERTS: caFile },
      },
    );
    expect(run.status).toBe(0);
    expect(run.stderr).toContain(
      `module.gone not checked (${host}/acme/gone/aws): a registry module that could not be downloaded: module ${host}/acme/gone/aws not found.`,
    );
  });

  it("keeps its cache under XDG_CACHE_HOME, else the user's cache directory", () => {
    expect(defaultModuleCacheDir({ XDG_CACHE_HOME: "/x/cache", HOME: "/home/u" }, "linux")).toBe(
      "/x/cache/tofukit/modules",
    );
    expect(defaultModuleCacheDir({ HOME: "/home/u" }, "linux")).toBe("/home/u/.cache/tofukit/modules");
    expect(defaultModuleCacheDir({ HOME: "/Users/u" }, "darwin")).toBe(
      "/Users/u/Library/Caches/tofukit/modules",
    );
  });
});
