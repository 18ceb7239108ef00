// `tofukit registry`, `outdated` and `lock` end to end: the built CLI against a real HTTPS
// registry on 127.0.0.1 (src/local-registry.ts) publishing modules and OpenPGP-signed providers.
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { TEST_TLS } from "@tofukit/oauth-server/test-tls";
import { zipHash, zipPackageHash } from "@tofukit/registry";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type LocalRegistry, startLocalRegistry } from "../src/local-registry.js";
import { moduleDir, type RunOptions, runCliAsync } from "./run-cli.js";

const TOKEN = "s3cr3t.registry.token";
let reg: LocalRegistry;

beforeAll(async () => {
  reg = await startLocalRegistry({
    cert: TEST_TLS.cert,
    key: TEST_TLS.key,
    modules: [
      {
        namespace: "acme",
        name: "network",
        system: "aws",
        versions: ["1.0.0", "1.2.0", "1.10.1", "2.0.0", "2.1.0-beta1"],
      },
      { namespace: "acme", name: "dns", system: "aws", versions: ["0.3.0", "0.4.0"] },
    ],
    providers: [
      {
        namespace: "acme",
        type: "cloud",
        versions: ["1.0.0", "1.1.0", "2.0.0"],
        platforms: ["linux_amd64", "darwin_arm64", "windows_amd64"],
      },
      { namespace: "acme", type: "dns", versions: ["0.9.0"], platforms: ["linux_amd64", "darwin_arm64"] },
    ],
    token: TOKEN,
  });
});

afterAll(async () => {
  await reg.close();
});

beforeEach(() => {
  reg.clearFaults();
  reg.requests.length = 0;
});

// The token for the registry's host, as OpenTofu reads it from the environment.
const tokenVar = () => `TF_TOKEN_${reg.host.replaceAll(".", "_")}`;

function env(extra: Record<string, string> = {}): Record<string, string> {
  return { [tokenVar()]: TOKEN, ...extra };
}

function tofukit(args: readonly string[], options: RunOptions = {}) {
  return runCliAsync([...args, "--ca", TEST_TLS.caFile], { env: env(), ...options });
}

/** Standard error with the framing's line breaks taken out, for texts that wrap. */
function prose(stderr: string): string {
  return stderr.replaceAll("\n│ ", " ");
}

function expectNoToken(...texts: string[]): void {
  for (const t of texts) expect(t).not.toContain(TOKEN);
}

describe("tofukit registry versions", () => {
  it("lists a module's versions newest first, and what a constraint selects", async () => {
    const all = await tofukit(["registry", "versions", `${reg.host}/acme/network/aws`, "--json"]);
    expect(all.status).toBe(0);
    const json = JSON.parse(all.stdout);
    expect(json).toMatchObject({ kind: "module", address: `${reg.host}/acme/network/aws`, ok: true });
    expect(json.versions).toEqual(["2.1.0-beta1", "2.0.0", "1.10.1", "1.2.0", "1.0.0"]);

    const constrained = await tofukit([
      "registry",
      "versions",
      `${reg.host}/acme/network/aws`,
      "--constraint",
      "~> 1.2",
      "--json",
    ]);
    expect(JSON.parse(constrained.stdout)).toMatchObject({
      constraint: "~> 1.2",
      allowed: ["1.10.1", "1.2.0"],
      newestAllowed: "1.10.1",
    });
    const text = await tofukit([
      "registry",
      "versions",
      `${reg.host}/acme/network/aws`,
      "--constraint",
      "~> 1.2",
    ]);
    expect(text.stdout).toContain("~> 1.2 allows 2; 1.10.1 would be selected");
  });

  it("reads three parts with a host in front as a provider, and its constraint by the provider engine", async () => {
    const r = await tofukit([
      "registry",
      "versions",
      `${reg.host}/acme/cloud`,
      "--constraint",
      "~> 1",
      "--json",
    ]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      kind: "provider",
      address: `${reg.host}/acme/cloud`,
      versions: ["2.0.0", "1.1.0", "1.0.0"],
      constraint: "~> 1.0",
      allowed: ["1.1.0", "1.0.0"],
      newestAllowed: "1.1.0",
      warnings: [],
    });
  });

  it("sends the token only to the registry's API, and never prints it", async () => {
    const r = await tofukit(["registry", "versions", `${reg.host}/acme/cloud`]);
    expect(r.status).toBe(0);
    expectNoToken(r.stdout, r.stderr);
    const api = reg.requests.filter((q) => q.path.startsWith("/v1/"));
    expect(api.length).toBeGreaterThan(0);
    for (const q of api) expect(q.authorization).toBe(`Bearer ${TOKEN}`);
  });

  it("fails with the registry's texts: 404, 401 and 5xx", async () => {
    const missing = await tofukit(["registry", "versions", `${reg.host}/acme/nothing/aws`]);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toMatch(/^╷\n│ Error: Error accessing remote module registry\n│\n│ /);
    expect(prose(missing.stderr)).toContain(`module ${reg.host}/acme/nothing/aws not found`);

    const anonymous = await runCliAsync(
      ["registry", "versions", `${reg.host}/acme/network/aws`, "--ca", TEST_TLS.caFile, "--json"],
      { env: {} },
    );
    expect(anonymous.status).toBe(1);
    const error = JSON.parse(anonymous.stdout).error;
    expect(error.code).toMatch(/^TOFUKIT_REGISTRY_/);
    expect(error.message).toMatch(/401|nauthori/);

    reg.fail("/v1/providers/", 503);
    const down = await tofukit(["registry", "versions", `${reg.host}/acme/cloud`]);
    expect(down.status).toBe(1);
    expect(down.stderr).toContain("│ Error: Failed to query available provider packages\n");
    expect(down.stderr).toContain("503");
    expectNoToken(missing.stderr, anonymous.stdout, down.stderr);
  });

  it("refuses --module with --provider", async () => {
    const r = await tofukit(["registry", "versions", "acme/cloud", "--module", "--provider"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("--module and --provider cannot be used together.");
  });
});

describe("tofukit registry location", () => {
  it("prints where a module version's package is", async () => {
    const r = await tofukit([
      "registry",
      "location",
      `${reg.host}/acme/network/aws//modules/vpc`,
      "1.2.0",
      "--json",
    ]);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({
      ok: true,
      kind: "indirect",
      location: "git::https://git.example.com/acme/terraform-aws-network.git//modules/vpc?ref=v1.2.0",
    });
    const text = await tofukit(["registry", "location", `${reg.host}/acme/network/aws`, "1.2.0"]);
    expect(text.stdout).toBe("git::https://git.example.com/acme/terraform-aws-network.git?ref=v1.2.0\n");
  });
});

function configuration(): string {
  return `
terraform {
  required_providers {
    cloud = {
      source  = "${reg.host}/acme/cloud"
      version = "~> 1.0"
    }
    dns = {
      source = "${reg.host}/acme/dns"
    }
  }
}

module "net" {
  source  = "${reg.host}/acme/network/aws"
  version = "~> 1.2"
}

module "dns" {
  source  = "${reg.host}/acme/dns/aws"
  version = "0.4.0"
}

module "local" {
  source = "./modules/local"
}

module "git" {
  source = "git::https://example.com/infra.git?ref=v1"
}
`;
}

describe("tofukit outdated", () => {
  it("lists behind, up-to-date and non-registry dependencies, in file order", async () => {
    const dir = moduleDir({ "main.tf": configuration() });
    const r = await tofukit(["outdated", dir, "--json"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    const rows = JSON.parse(r.stdout).dependencies;
    expect(rows).toEqual([
      expect.objectContaining({
        name: "module.net",
        constraint: "~> 1.2",
        wanted: "1.10.1",
        latest: "2.0.0",
        status: "behind",
      }),
      expect.objectContaining({ name: "module.dns", wanted: "0.4.0", latest: "0.4.0", status: "up-to-date" }),
      expect.objectContaining({ name: "module.local", status: "not-registry", wanted: null }),
      expect.objectContaining({ name: "module.git", status: "not-registry" }),
      expect.objectContaining({
        name: "provider.cloud",
        constraint: "~> 1.0",
        wanted: "1.1.0",
        latest: "2.0.0",
        status: "behind",
      }),
      expect.objectContaining({
        name: "provider.dns",
        constraint: null,
        wanted: "0.9.0",
        latest: "0.9.0",
        status: "up-to-date",
      }),
    ]);
    // Each host discovered once, each address asked once.
    expect(reg.requests.filter((q) => q.path === "/.well-known/terraform.json")).toHaveLength(1);
    expect(reg.requests.filter((q) => q.path.endsWith("/versions"))).toHaveLength(4);

    const text = await tofukit(["outdated", dir]);
    expect(text.stdout).toMatch(
      /module\.net\s+\S+acme\/network\/aws\s+~> 1\.2\s+-\s+1\.10\.1\s+2\.0\.0\s+behind/,
    );
    const strict = await tofukit(["outdated", dir, "--exit-code"]);
    expect(strict.status).toBe(1);
  });

  it("is up to date when every wanted version is the latest", async () => {
    const dir = moduleDir({
      "main.tf": `module "dns" {\n  source  = "${reg.host}/acme/dns/aws"\n  version = ">= 0.3"\n}\n`,
    });
    const r = await tofukit(["outdated", dir, "--exit-code"]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/module\.dns .* 0\.4\.0\s+0\.4\.0\s+up-to-date/);
  });

  it("reports each failing registry request on its row: 404, 401, 5xx; never the token", async () => {
    const dir = moduleDir({
      "main.tf": `${configuration()}\nmodule "gone" {\n  source = "${reg.host}/acme/gone/aws"\n}\n`,
    });
    reg.fail("/v1/providers/acme/cloud/", 502);
    const r = await tofukit(["outdated", dir, "--json"]);
    expect(r.status).toBe(1);
    const rows = JSON.parse(r.stdout).dependencies as {
      name: string;
      status: string;
      error?: { message: string };
    }[];
    const byName = new Map(rows.map((row) => [row.name, row]));
    expect(byName.get("module.gone")).toMatchObject({
      status: "error",
      error: { message: `module ${reg.host}/acme/gone/aws not found` },
    });
    expect(byName.get("provider.cloud")?.status).toBe("error");
    expect(byName.get("provider.cloud")?.error?.message).toContain("502");
    expect(byName.get("module.net")?.status).toBe("behind");
    expectNoToken(r.stdout, r.stderr);

    const anonymous = await runCliAsync(["outdated", dir, "--ca", TEST_TLS.caFile], { env: {} });
    expect(anonymous.status).toBe(1);
    expect(prose(anonymous.stderr)).toMatch(/Error: Failed to check module\.net\n│ .*(401|nauthori)/);
  });
});

const PLATFORMS = ["linux_amd64", "darwin_arm64", "windows_amd64"];
const DNS_PLATFORMS = ["linux_amd64", "darwin_arm64"];

/** The hashes tofu records for a package downloaded for `downloaded` platforms. */
function expectedHashes(
  type: string,
  version: string,
  platforms: readonly string[],
  downloaded: readonly string[],
) {
  const zh = platforms.map((p) => zipHash(reg.archive("acme", type, version, p)));
  const h1 = downloaded.map((p) => zipPackageHash(reg.archive("acme", type, version, p)));
  return [...new Set([...h1, ...zh])].sort();
}

function block(type: string, version: string, constraints: string | null, hashes: readonly string[]) {
  const head =
    constraints === null
      ? `  version = "${version}"\n`
      : `  version     = "${version}"\n  constraints = "${constraints}"\n`;
  return `provider "${reg.host}/acme/${type}" {\n${head}  hashes = [\n${hashes.map((h) => `    "${h}",\n`).join("")}  ]\n}\n`;
}

const HEADER =
  '# This file is maintained automatically by "tofu init".\n# Manual edits may be lost in future updates.\n';

describe("tofukit lock", () => {
  const providersOnly = () =>
    `terraform {\n  required_providers {\n    cloud = {\n      source  = "${reg.host}/acme/cloud"\n      version = "~> 1.0"\n    }\n    dns = {\n      source = "${reg.host}/acme/dns"\n    }\n  }\n}\n`;

  it("writes a new lock file byte for byte as tofu does", async () => {
    const dir = moduleDir({ "main.tf": providersOnly() });
    const r = await tofukit(["lock", dir, "--platform", "linux_amd64", "--platform", "darwin_arm64"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("- Retrieved");
    expect(r.stdout).toContain("signed, key ID");
    const expected =
      HEADER +
      "\n" +
      block(
        "cloud",
        "1.1.0",
        "~> 1.0",
        expectedHashes("cloud", "1.1.0", PLATFORMS, ["linux_amd64", "darwin_arm64"]),
      ) +
      "\n" +
      block(
        "dns",
        "0.9.0",
        null,
        expectedHashes("dns", "0.9.0", DNS_PLATFORMS, ["linux_amd64", "darwin_arm64"]),
      );
    expect(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8")).toBe(expected);
    // The package files are fetched without credentials.
    for (const q of reg.requests.filter((x) => x.path.startsWith("/files/")))
      expect(q.authorization).toBeUndefined();
    expectNoToken(r.stdout, r.stderr);
    expect(readdirSync(dir).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("keeps the locked version and its hashes, adds the new ones, keeps other providers' entries", async () => {
    const other = `provider "registry.opentofu.org/hashicorp/null" {\n  version = "3.2.2"\n  hashes = [\n    "h1:other",\n  ]\n}\n`;
    const old = `${HEADER}\n${block("cloud", "1.0.0", "~> 1.0", ["h1:earlier"])}\n${other}`;
    const dir = moduleDir({ "main.tf": providersOnly(), ".terraform.lock.hcl": old });
    const r = await tofukit(["lock", dir, "--platform", "linux_amd64"]);
    expect(r.stderr).toBe("");
    expect(r.status).toBe(0);
    expect(r.stdout).toContain("Additional checksums for this platform are now tracked in the lock file");
    const cloud = ["h1:earlier", ...expectedHashes("cloud", "1.0.0", PLATFORMS, ["linux_amd64"])].sort();
    const dns = expectedHashes("dns", "0.9.0", DNS_PLATFORMS, ["linux_amd64"]);
    const merged = `${HEADER}\n${block("cloud", "1.0.0", "~> 1.0", cloud)}\n${block("dns", "0.9.0", null, dns)}\n${other}`;
    expect(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8")).toBe(merged);

    const again = await tofukit(["lock", dir, "--platform", "linux_amd64"]);
    expect(again.status).toBe(0);
    expect(again.stdout).toContain("All checksums for this platform were already tracked in the lock file");
    expect(again.stdout).toContain("found no need for changes");
    expect(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8")).toBe(merged);
  });

  it("--upgrade selects the newest allowed version and drops the old version's hashes", async () => {
    const old = `${HEADER}\n${block("cloud", "1.0.0", "~> 1.0", ["h1:earlier"])}`;
    const dir = moduleDir({
      "main.tf": `terraform {\n  required_providers {\n    cloud = {\n      source  = "${reg.host}/acme/cloud"\n      version = "~> 1.0"\n    }\n  }\n}\n`,
      ".terraform.lock.hcl": old,
    });
    const kept = await tofukit(["lock", dir, "--platform", "linux_amd64"]);
    expect(kept.status).toBe(0);
    expect(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8")).toContain('version     = "1.0.0"');
    const r = await tofukit(["lock", dir, "--platform", "linux_amd64", "--upgrade"]);
    expect(r.status).toBe(0);
    expect(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8")).toBe(
      `${HEADER}\n${block("cloud", "1.1.0", "~> 1.0", expectedHashes("cloud", "1.1.0", PLATFORMS, ["linux_amd64"]))}`,
    );
  });

  it("refuses a locked version the constraints no longer allow, as tofu init does", async () => {
    const old = `${HEADER}\n${block("cloud", "2.0.0", "~> 2.0", ["h1:earlier"])}`;
    const dir = moduleDir({ "main.tf": providersOnly(), ".terraform.lock.hcl": old });
    const r = await tofukit(["lock", dir, "--platform", "linux_amd64"]);
    expect(r.status).toBe(1);
    expect(prose(r.stderr)).toContain(
      `locked provider ${reg.host}/acme/cloud 2.0.0 does not match configured version constraint ~> 1.0; must use tofu init -upgrade to allow selection of new versions`,
    );
    expect(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8")).toBe(old);
  });

  it("rejects a tampered package and leaves the lock file alone", async () => {
    const dir = moduleDir({ "main.tf": providersOnly(), ".terraform.lock.hcl": HEADER });
    reg.tamper("acme", "dns", "0.9.0", "linux_amd64");
    try {
      const r = await tofukit(["lock", dir, "--platform", "linux_amd64"]);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("Could not retrieve providers for locking");
      expect(r.stderr).toMatch(/checksum|SHA256SUMS|size/);
      expectNoToken(r.stdout, r.stderr);
      expect(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8")).toBe(HEADER);
    } finally {
      reg.untamper();
    }
  });

  it("rejects a signature by a key the registry does not publish", async () => {
    const dir = moduleDir({ "main.tf": providersOnly() });
    await reg.signWithUnknownKey();
    try {
      const r = await tofukit(["lock", dir, "--platform", "linux_amd64"]);
      expect(r.status).toBe(1);
      expect(r.stderr).toContain("Could not retrieve providers for locking");
      expect(r.stderr).toMatch(/signature|key/i);
      expect(readdirSync(dir)).toEqual(["main.tf"]);
    } finally {
      await reg.signWithOwnKey();
    }
  });

  it("refuses a malformed platform", async () => {
    const dir = moduleDir({ "main.tf": providersOnly() });
    const r = await tofukit(["lock", dir, "--platform", "Linux-amd64"]);
    expect(r.status).toBe(2);
    expect(r.stderr).toContain("must be two words separated by an underscore");
  });
});

describe("tofukit lock and outdated over the module tree", () => {
  const required = (entries: Record<string, { type: string; version?: string }>) =>
    `terraform {\n  required_providers {\n${Object.entries(entries)
      .map(
        ([name, e]) =>
          `    ${name} = {\n      source = "${reg.host}/acme/${e.type}"\n${e.version === undefined ? "" : `      version = "${e.version}"\n`}    }\n`,
      )
      .join("")}  }\n}\n`;

  const tree = (childCloud: string) => ({
    "main.tf": `${required({ cloud: { type: "cloud", version: "~> 1.0" } })}
module "app" {
  source = "./modules/app"
}

module "net" {
  source  = "${reg.host}/acme/network/aws"
  version = "~> 1.0"
}

module "gone" {
  source = "./modules/gone"
}
`,
    // A provider only a child requires (dns), and a second constraint on cloud under another local name.
    "modules/app/main.tf": required({
      compute: { type: "cloud", version: childCloud },
      dns: { type: "dns" },
    }),
    ".terraform/modules/modules.json": JSON.stringify({
      Modules: [
        { Key: "", Source: "", Dir: "." },
        {
          Key: "net",
          Source: `${reg.host}/acme/network/aws`,
          Version: "1.2.0",
          Dir: ".terraform/modules/net",
        },
      ],
    }),
    // The installed module requires dns too, and calls a registry module tofu has not installed.
    ".terraform/modules/net/main.tf": `${required({ dns: { type: "dns", version: ">= 0.5" } })}
module "zone" {
  source  = "${reg.host}/acme/dns/aws"
  version = "0.3.0"
}
`,
  });

  it("locks the providers of every module with their combined constraints, and reports unread calls", async () => {
    const dir = moduleDir(tree(">= 1.1"));
    const r = await tofukit(["lock", dir, "--platform", "linux_amd64"]);
    expect(r.status).toBe(0);
    expect(r.stderr).toContain(
      "Warning: module.gone (./modules/gone) was not read: its directory modules/gone cannot be read",
    );
    expect(r.stderr).toContain(`Warning: module.net.module.zone (${reg.host}/acme/dns/aws) was not read`);
    expect(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8")).toBe(
      `${HEADER}\n${block("cloud", "1.1.0", "~> 1.0, >= 1.1.0", expectedHashes("cloud", "1.1.0", PLATFORMS, ["linux_amd64"]))}\n${block("dns", "0.9.0", ">= 0.5.0", expectedHashes("dns", "0.9.0", DNS_PLATFORMS, ["linux_amd64"]))}`,
    );
    expectNoToken(r.stdout, r.stderr);
  });

  it("fails as tofu init does when no version meets the constraints of all modules", async () => {
    const dir = moduleDir(tree(">= 2.0"));
    const r = await tofukit(["lock", dir, "--platform", "linux_amd64"]);
    expect(r.status).toBe(1);
    expect(r.stderr).toContain("│ Error: Failed to resolve provider packages\n");
    expect(prose(r.stderr)).toContain(
      `Could not resolve provider ${reg.host}/acme/cloud: no available releases match the given constraints ~> 1.0, >= 2.0.0`,
    );
    expect(readdirSync(dir)).not.toContain(".terraform.lock.hcl");
  });

  it("outdated lists the module calls of every level and the providers of every module", async () => {
    const dir = moduleDir(tree(">= 1.1"));
    const r = await tofukit(["outdated", dir, "--json"]);
    expect(r.status).toBe(0);
    const json = JSON.parse(r.stdout);
    expect(json.dependencies).toEqual([
      expect.objectContaining({ name: "module.app", status: "not-registry" }),
      expect.objectContaining({
        name: "module.net",
        current: "1.2.0",
        wanted: "1.10.1",
        latest: "2.0.0",
        status: "behind",
      }),
      expect.objectContaining({ name: "module.gone", status: "not-registry" }),
      expect.objectContaining({
        name: "module.net.module.zone",
        constraint: "0.3.0",
        current: null,
        wanted: "0.3.0",
        latest: "0.4.0",
        status: "behind",
      }),
      expect.objectContaining({
        name: "provider.cloud,compute",
        requiredBy: ["", "module.app"],
        constraint: "~> 1.0, >= 1.1.0",
        wanted: "1.1.0",
      }),
      expect.objectContaining({
        name: "provider.dns",
        requiredBy: ["module.app", "module.net"],
        constraint: ">= 0.5.0",
        wanted: "0.9.0",
      }),
    ]);
    expect(json.unread).toEqual([
      {
        address: "module.net.module.zone",
        source: `${reg.host}/acme/dns/aws`,
        code: "not-installed",
        reason: 'a registry module that is not installed (run "tofu init")',
      },
      {
        address: "module.gone",
        source: "./modules/gone",
        code: "unreadable",
        reason: "its directory modules/gone cannot be read",
      },
    ]);
    const text = await tofukit(["outdated", dir]);
    expect(text.stdout).toMatch(
      /module\.net\.module\.zone\s+\S+acme\/dns\/aws\s+0\.3\.0\s+-\s+0\.3\.0\s+0\.4\.0\s+behind/,
    );
    expect(text.stderr).toContain("Warning: module.gone (./modules/gone) was not read");
  });
});
