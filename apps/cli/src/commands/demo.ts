// `tofukit demo`: a tour without network access. It checks the embedded buckets module (the
// optional-attributes example of the OpenTofu documentation) and the documentation's call of it
// with null for optional attributes, and runs service discovery against
// a loopback HTTPS registry it starts itself, with certificates made for the occasion, then logs in
// to a local registry through its login.v1 OAuth client. Last, a local module and provider registry
// (OpenPGP-signed provider packages) is listed, checked for outdated versions, and locked.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { createServer, get as httpsGet } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { checkModuleTree, checkVariables, loadModuleTree } from "@tofukit/config";
import { loadModuleDirectory, nodeModuleTreeReader } from "@tofukit/config/node";
import { HostCredentials, loadCliConfig } from "@tofukit/credentials";
import { consoleString } from "@tofukit/cty";
import { Disco, loginWithAuthorizationCode } from "@tofukit/disco";
import { displayOf, forComparison } from "@tofukit/hostname";
import { startAuthorizationServer } from "@tofukit/oauth-server";
import { type CommandIO, EXIT_INVALID, EXIT_OK } from "../io.js";
import { startLocalRegistry } from "../local-registry.js";
import { writeDiagnostics } from "../render/problem.js";
import { demoCertificates } from "../tls/demo-certificates.js";
import { runLock } from "./lock.js";
import { runOutdated } from "./outdated.js";
import { runRegistryVersions } from "./registry.js";

const examples = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "examples");

function heading(io: CommandIO, text: string): void {
  io.stdout.write(`\n${io.out.bold(text)}\n\n`);
}

function checkBuckets(io: CommandIO): boolean {
  const dir = join(examples, "buckets");
  heading(io, "1. A module's variables, checked offline: examples/buckets");
  io.stdout.write(
    io.out.dim("   variables.tf declares list(object({...})) with optional attributes and defaults;\n"),
  );
  io.stdout.write(
    io.out.dim("   terraform.tfvars gives three buckets. The value OpenTofu computes (tofu console):\n\n"),
  );
  // An empty environment: TF_VAR_ variables of the caller must not change the example.
  const { files, module } = loadModuleDirectory(dir);
  const result = checkVariables(module, { files, env: {} });
  writeDiagnostics(io, result.diagnostics, result.sources);
  const buckets = result.variables.find((v) => v.declaration.name === "buckets")?.value;
  if (buckets === undefined) return false;
  io.stdout.write(`${consoleString(buckets)}\n`);
  return true;
}

/** The documentation's module call, checked with legacy_filenames false, then true. */
function checkBucketsCall(io: CommandIO): boolean {
  const dir = join(examples, "buckets-module");
  heading(io, "1b. A module call, followed into the module: examples/buckets-module");
  io.stdout.write(
    io.out.dim("   main.tf passes null for the website's documents unless var.legacy_filenames is true,\n"),
  );
  io.stdout.write(io.out.dim("   so the module's optional defaults apply. module.buckets.var.buckets:\n"));
  const { files, module } = loadModuleDirectory(dir);
  const tree = loadModuleTree(module, nodeModuleTreeReader(dir));
  let ok = true;
  for (const legacy of [false, true]) {
    const result = checkModuleTree(tree, {
      files,
      env: {},
      args: [{ kind: "var", raw: `legacy_filenames=${legacy}` }],
    });
    writeDiagnostics(io, result.diagnostics, result.sources);
    const value = result.values.get("module.buckets.var.buckets");
    if (value === undefined) {
      ok = false;
      continue;
    }
    io.stdout.write(io.out.dim(`\n   --var legacy_filenames=${legacy}\n\n`));
    io.stdout.write(`${consoleString(value)}\n`);
  }
  return ok;
}

type DemoTLS = ReturnType<typeof demoCertificates>;

async function discoverLocally(io: CommandIO, { ca, cert, key }: DemoTLS): Promise<boolean> {
  let port = 0;
  const server = createServer({ cert, key }, (req, res) => {
    if (req.url === "/.well-known/terraform.json") {
      res.writeHead(301, { Location: "/registry/discovery.json" }).end();
    } else if (req.url === "/registry/discovery.json") {
      res.writeHead(200, { "Content-Type": "application/json" }).end(
        JSON.stringify({
          "modules.v1": "/v1/modules/",
          "providers.v1": `https://127.0.0.1:${port}/v1/providers/`,
          "state.v2": "state/",
          "login.v1": {
            client: "tofu-cli",
            grant_types: ["authz_code"],
            authz: "/oauth/authorization",
            token: "/oauth/token",
            ports: [10000, 10010],
          },
        }),
      );
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  try {
    const hostname = forComparison(`127.0.0.1:${port}`);
    heading(io, `2. Service discovery against a local HTTPS registry (${displayOf(hostname)})`);
    io.stdout.write(
      io.out.dim("   /.well-known/terraform.json redirects to /registry/discovery.json, which lists\n"),
    );
    io.stdout.write(
      io.out.dim("   relative and absolute service URLs; relative ones resolve against the final URL.\n\n"),
    );
    const disco = new Disco({ env: {}, ca, timeout: 5000 });
    const host = await disco.discover(hostname);
    io.stdout.write(`   discovery document: ${host.discoveryURL}\n`);
    for (const id of ["modules.v1", "providers.v1", "state.v2"]) {
      io.stdout.write(`   ${id.padEnd(13)} ${host.serviceURL(id).href}\n`);
    }
    const login = host.oauthClient("login.v1");
    io.stdout.write(
      `   ${"login.v1".padEnd(13)} OAuth client ${JSON.stringify(login.id)}: ${login.authorizationURL?.href ?? "(no authorization URL)"}\n`,
    );
    return true;
  } finally {
    server.close();
  }
}

/** The demo's stand-in for a browser: the authorization page, then its redirect to the listener. */
function followInBrowser(url: URL, ca: string): Promise<void> {
  return new Promise((resolve, reject) => {
    httpsGet(url, { ca }, (page) => {
      page.resume();
      httpGet(String(page.headers.location), (back) => {
        back.resume();
        back.on("end", () => resolve());
      }).on("error", reject);
    }).on("error", reject);
  });
}

async function loginLocally(io: CommandIO, { ca, cert, key }: DemoTLS): Promise<boolean> {
  const registry = await startAuthorizationServer({
    key,
    cert,
    accessToken: `demo.${Date.now().toString(36)}`,
  });
  // A CLI configuration directory of the demo's own: the user's credentials are never touched.
  const home = mkdtempSync(join(tmpdir(), "tofukit-demo-"));
  try {
    const hostname = forComparison(registry.server.hostname);
    heading(io, `3. tofukit login against a local registry (${displayOf(hostname)})`);
    io.stdout.write(
      io.out.dim("   Its login.v1 client is an OAuth server checking PKCE and state. The demo plays the\n"),
    );
    io.stdout.write(
      io.out.dim("   browser: it follows the authorization URL and its redirect to tofukit's listener.\n\n"),
    );
    const host = await new Disco({ env: {}, ca, timeout: 5000 }).discover(hostname);
    const token = await loginWithAuthorizationCode(host.oauthClient("login.v1"), {
      ca: [ca],
      callbackTimeout: 10_000,
      openAuthorizationURL: async (url) => {
        const redirect = url.searchParams.get("redirect_uri") ?? "";
        io.stdout.write(`   authorization URL: ${url.origin}${url.pathname}?… (redirect_uri=${redirect})\n`);
        await followInBrowser(url, ca);
      },
    });
    const source = await (await loadCliConfig({ env: { HOME: home } })).credentialsSource();
    await source.storeForHost(hostname, HostCredentials.fromToken(token.reveal(), "the demo's login"));
    const mode = (statSync(source.credentialsFile).mode & 0o777).toString(8);
    io.stdout.write(`   token obtained and stored in ${source.credentialsFile} (mode ${mode})\n`);
    io.stdout.write(`   printed, logged or serialized, it reads: ${token}\n`);
    await source.forgetForHost(hostname);
    io.stdout.write("   tofukit logout removes it again.\n");
    return true;
  } finally {
    await registry.close();
    rmSync(home, { recursive: true, force: true });
  }
}

/** An indented view of a command's output. */
function indented(io: CommandIO): CommandIO {
  const indent = (s: string) => s.replace(/^(?=.)/gm, "   ");
  return {
    ...io,
    stdout: { write: (s: string) => io.stdout.write(indent(s)) },
    stderr: { write: (s: string) => io.stderr.write(indent(s)) },
  };
}

async function registryLocally(io: CommandIO, { ca, cert, key }: DemoTLS): Promise<boolean> {
  const registry = await startLocalRegistry({
    cert,
    key,
    modules: [{ namespace: "acme", name: "network", system: "aws", versions: ["1.0.0", "1.4.2", "2.0.0"] }],
    providers: [
      {
        namespace: "acme",
        type: "cloud",
        versions: ["4.9.0", "5.0.1", "5.3.0", "6.0.0"],
        platforms: ["linux_amd64", "darwin_arm64", "windows_amd64"],
      },
    ],
  });
  // The user's CLI configuration and credentials are left out: a home of the demo's own.
  const home = mkdtempSync(join(tmpdir(), "tofukit-demo-"));
  const dir = mkdtempSync(join(tmpdir(), "tofukit-demo-module-"));
  try {
    const out = indented({ ...io, env: { HOME: home }, cwd: dir });
    const access = { ca: [ca] };
    heading(io, `4. A local module and provider registry (${registry.host})`);
    io.stdout.write(
      io.out.dim(
        "   modules.v1 and providers.v1 over HTTPS; SHA256SUMS signed with an OpenPGP key made just now.\n",
      ),
    );
    io.stdout.write(
      io.out.dim(`\n   $ tofukit registry versions ${registry.host}/acme/cloud --constraint '~> 5.0'\n\n`),
    );
    const listed = await runRegistryVersions(
      { source: `${registry.host}/acme/cloud`, constraint: "~> 5.0", json: false, ...access },
      out,
    );
    writeFileSync(
      join(dir, "main.tf"),
      `terraform {
  required_providers {
    cloud = {
      source  = "${registry.host}/acme/cloud"
      version = "~> 5.0"
    }
  }
}

module "network" {
  source  = "${registry.host}/acme/network/aws"
  version = "~> 1.0"
}

module "local" {
  source = "./modules/local"
}
`,
    );
    mkdirSync(join(dir, "modules", "local"), { recursive: true });
    writeFileSync(
      join(dir, "modules", "local", "main.tf"),
      `terraform {
  required_providers {
    cloud = {
      source  = "${registry.host}/acme/cloud"
      version = ">= 5.1"
    }
  }
}
`,
    );
    io.stdout.write(
      io.out.dim(
        "\n   A module calling the registry's module and requiring its provider, and a local module\n   narrowing the provider's constraint (both constraints hold):\n",
      ),
    );
    io.stdout.write(io.out.dim("\n   $ tofukit outdated\n\n"));
    const checked = await runOutdated({ dir: ".", json: false, exitCode: false, ...access }, out);
    io.stdout.write(io.out.dim("\n   $ tofukit lock --platform linux_amd64 --platform darwin_arm64\n\n"));
    const locked = await runLock(
      { dir: ".", platforms: ["linux_amd64", "darwin_arm64"], upgrade: false, ...access },
      out,
    );
    if (locked === EXIT_OK) {
      io.stdout.write(io.out.dim("\n   .terraform.lock.hcl:\n\n"));
      out.stdout.write(readFileSync(join(dir, ".terraform.lock.hcl"), "utf8"));
    }
    return listed === EXIT_OK && checked === EXIT_OK && locked === EXIT_OK;
  } finally {
    await registry.close();
    rmSync(home, { recursive: true, force: true });
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runDemo(io: CommandIO): Promise<number> {
  io.stdout.write(
    `${io.out.bold("tofukit")} — OpenTofu's type constraints and service discovery, in TypeScript\n`,
  );
  const checked = checkBuckets(io) && checkBucketsCall(io);
  const tls = demoCertificates();
  const discovered = await discoverLocally(io, tls);
  const loggedIn = await loginLocally(io, tls);
  const registered = await registryLocally(io, tls);
  const buckets = relative(io.cwd, join(examples, "buckets")) || ".";
  const call = relative(io.cwd, join(examples, "buckets-module")) || ".";
  io.stdout.write(
    `\nTry: tofukit check ${buckets} · tofukit check ${call} --show module.buckets.var.buckets · tofukit type 'list(string)' · tofukit hostname Bücher.example · tofukit registry versions hashicorp/aws\n`,
  );
  return checked && discovered && loggedIn && registered ? EXIT_OK : EXIT_INVALID;
}
