import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoCertificates } from "../src/tls/demo-certificates.js";
import { cliDir, moduleDir, runCli, runCliAsync } from "./run-cli.js";

describe("tofukit type", () => {
  it("prints the canonical type string", () => {
    const run = runCli(["type", 'list(object({b=number, a=optional(string,"x")}))']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('list(object({a=string,b=number}))\n\nDefaults\n  [*].a = "x"\n');
  });

  it("prints the cty JSON type and the defaults with --json", () => {
    const out = JSON.parse(runCli(["type", 'object({a=optional(list(string), ["x"])})', "--json"]).stdout);
    expect(out).toEqual({
      valid: true,
      string: "object({a=list(string)})",
      type: ["object", { a: ["list", "string"] }, ["a"]],
      hasDefaults: true,
      defaults: [{ path: ".a", type: ["list", "string"], value: ["x"] }],
    });
  });

  it("reports an invalid constraint with OpenTofu's diagnostic and exits 1", () => {
    const run = runCli(["type", "list(optional(string))"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("│ Error: Invalid type specification\n");
    expect(run.stderr).toContain(
      '│ Keyword "optional" is valid only as a modifier for object type attributes.\n',
    );
    expect(run.stderr).toContain("│    1: list(optional(string))\n");
  });
});

describe("tofukit convert", () => {
  it("converts as OpenTofu does and renders like tofu console", () => {
    const run = runCli(["convert", "--type", "list(any)", "--value", '["a", 1, true]']);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe('tolist([\n  "a",\n  "1",\n  "true",\n])\n');
  });

  it("applies optional-attribute defaults", () => {
    const run = runCli([
      "convert",
      "--type",
      "object({name=string, port=optional(number, 443)})",
      "--value",
      '{name = "web"}',
    ]);
    expect(run.stdout).toBe('{\n  "name" = "web"\n  "port" = 443\n}\n');
  });

  it("reads a JSON file", () => {
    const dir = moduleDir({ "v.json": '{"a": 12345678901234567890.5}' });
    const run = runCli(["convert", "--type", "map(number)", "--file", join(dir, "v.json"), "--json"]);
    expect(JSON.parse(run.stdout.replace(/12345678901234567890\.5/, '"exact"'))).toMatchObject({
      valid: true,
      value: { a: "exact" },
    });
    expect(run.stdout).toContain("12345678901234567890.5");
  });

  it("explains a value that does not fit, with its path", () => {
    const run = runCli(["convert", "--type", "list(object({n=number}))", "--value", '[{n = 1}, {n = "x"}]']);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "│ The given value is not suitable for list(object({n=number})): a number is required.\n│\n│ The problem is at [1].n.\n",
    );
    const json = JSON.parse(
      runCli(["convert", "--type", "list(object({n=number}))", "--value", '[{n = 1}, {n = "x"}]', "--json"])
        .stdout,
    );
    expect(json).toMatchObject({
      valid: false,
      error: "a number is required",
      path: "[1].n",
      code: expect.stringMatching(/^TOFUKIT_/),
    });
  });

  it("rejects variables and functions in the value", () => {
    const run = runCli(["convert", "--type", "string", "--value", "upper(var.x)"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/Function calls not allowed|Variables not allowed/);
  });

  it("needs exactly one of --value and --file", () => {
    const run = runCli(["convert", "--type", "string"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("Error: Give the value with exactly one of --value HCL or --file FILE.\n");
  });

  it("explains a missing file", () => {
    const run = runCli(["convert", "--type", "string", "--file", "nope.hcl"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe("Error: Cannot read nope.hcl: no such file.\n");
  });
});

describe("tofukit hostname and token-var", () => {
  it("prints comparison forms with their display forms", () => {
    const run = runCli(["hostname", "Bücher.example:443", "registry.opentofu.org"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toBe("xn--bcher-kva.example  (shown as bücher.example)\nregistry.opentofu.org\n");
  });

  it("explains invalid names and exits 1", () => {
    const run = runCli(["hostname", "xn--bcher-kva.example"]);
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('hostname label "xn--bcher-kva" specified in punycode format');
  });

  it("has a --json form", () => {
    const out = JSON.parse(runCli(["hostname", "--json", "MÜNCHEN.DE:08080", "foo_bar"]).stdout);
    expect(out).toEqual([
      {
        name: "MÜNCHEN.DE:08080",
        valid: true,
        comparison: "xn--mnchen-3ya.de:8080",
        display: "münchen.de:8080",
      },
      {
        name: "foo_bar",
        valid: false,
        error: "idna: disallowed rune U+005F",
        code: "TOFUKIT_HOSTNAME_DISALLOWED_RUNE",
        display: "foo_bar",
      },
    ]);
  });

  it("names the TF_TOKEN_ variable for a host", () => {
    expect(runCli(["token-var", "app.terraform.io"]).stdout).toBe("TF_TOKEN_app_terraform_io\n");
    expect(runCli(["token-var", "my-registry.example.com"]).stdout).toBe(
      "TF_TOKEN_my__registry_example_com\n",
    );
  });
});

describe("tofukit discover", () => {
  const { ca, cert, key } = demoCertificates();
  const caFile = join(mkdtempSync(join(tmpdir(), "tofukit-ca-")), "ca.pem");
  writeFileSync(caFile, ca);
  let port = 0;
  let lastAuthorization: string | undefined;
  const server = createServer({ cert, key }, (req, res) => {
    lastAuthorization = req.headers.authorization;
    res
      .writeHead(200, { "Content-Type": "application/json" })
      .end(JSON.stringify({ "modules.v1": "/m/", "login.v1": { client: "c" } }));
  });
  beforeAll(
    () =>
      new Promise<void>((resolve) =>
        server.listen(0, "127.0.0.1", () => {
          port = (server.address() as AddressInfo).port;
          resolve();
        }),
      ),
  );
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("lists the services, sending the token from TF_TOKEN_", async () => {
    const run = await runCliAsync(["discover", `127.0.0.1:${port}`, "--ca", caFile], {
      env: { TF_TOKEN_127_0_0_1: "unused" },
    });
    expect(run.stderr).toBe("");
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`  modules.v1  https://127.0.0.1:${port}/m/\n`);
    expect(run.stdout).toContain("  login.v1    ");
  });

  it("prints one service's URL", async () => {
    const run = await runCliAsync(["discover", `127.0.0.1:${port}`, "modules.v1", "--ca", caFile]);
    expect(run.stdout).toBe(`https://127.0.0.1:${port}/m/\n`);
    expect(lastAuthorization).toBeUndefined();
  });

  it("fails clearly on an untrusted certificate", async () => {
    const run = await runCliAsync(["discover", `127.0.0.1:${port}`]);
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^╷\n│ Error: Service discovery failed for 127\.0\.0\.1:\d+\n│\n│ /);
    expect(run.stderr.replaceAll("\n│ ", " ")).toMatch(/discovery document.*certificate/i);
  });

  it("refuses a bad --timeout", () => {
    const run = runCli(["discover", "example.com", "--timeout", "soon"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('Error: --timeout takes a positive number of seconds, not "soon".\n');
  });
});

describe("tofukit credentials", () => {
  it("stores a token from standard input, gets it without printing it, and forgets it", () => {
    const home = moduleDir({});
    const env = { HOME: home };
    const store = runCli(["credentials", "store", "registry.example.com"], { env, input: "tok-123\n" });
    expect(store.stderr).toContain("Stored a token for registry.example.com");
    expect(store.status).toBe(0);
    // ~/.terraform.d did not exist: it is created, private, as OpenTofu's login does not.
    const file = join(home, ".terraform.d", "credentials.tfrc.json");
    expect(statSync(join(home, ".terraform.d")).mode & 0o777).toBe(0o700);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(JSON.parse(readFileSync(file, "utf8"))).toEqual({
      credentials: { "registry.example.com": { token: "tok-123" } },
    });
    const get = runCli(["credentials", "get", "registry.example.com"], { env });
    expect(get.stdout).toBe("A token for registry.example.com is configured (use --show to print it).\n");
    expect(get.stdout + get.stderr).not.toContain("tok-123");
    expect(runCli(["credentials", "get", "registry.example.com", "--show"], { env }).stdout).toBe(
      "tok-123\n",
    );
    expect(runCli(["credentials", "forget", "registry.example.com"], { env }).status).toBe(0);
    expect(runCli(["credentials", "get", "registry.example.com"], { env }).status).toBe(1);
  });

  it("renders a failure as every command renders a diagnostic, without the token", () => {
    const home = moduleDir({ ".terraform.d": "not a directory" });
    const run = runCli(["credentials", "store", "registry.example.com"], {
      env: { HOME: home, TF_CLI_CONFIG_FILE: join(home, "none.tfrc") },
      input: "tok-secret-456\n",
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain(
      "╷\n│ Error: Failed to save API token\n│\n│ cannot create the directory for ",
    );
    expect(run.stderr).toMatch(/: file exists\n╵\n$/);
    expect(run.stdout + run.stderr).not.toContain("tok-secret-456");
  });

  it("renders the CLI configuration's problems as diagnostics, and puts them in the --json answer", () => {
    const home = moduleDir({ "bad.tfrc": 'credentials "x.example.com" {\n  token = \n' });
    const env = { HOME: home, TF_CLI_CONFIG_FILE: join(home, "bad.tfrc") };
    const text = runCli(["credentials", "get", "registry.example.com"], { env });
    expect(text.status).toBe(1);
    expect(text.stderr).toMatch(/^╷\n│ Error: Error parsing \S+bad\.tfrc: .*Invalid expression/);
    expect(text.stderr).toMatch(/\n╵\nNo credentials for registry\.example\.com\.\n$/);
    const json = runCli(["credentials", "get", "registry.example.com", "--json"], { env });
    expect(json.stderr).toBe("");
    const answer = JSON.parse(json.stdout);
    expect(answer).toMatchObject({ host: "registry.example.com", found: false });
    expect(answer.diagnostics).toEqual([
      expect.objectContaining({
        severity: "error",
        summary: expect.stringMatching(/^Error parsing \S+bad\.tfrc: /),
        subject: null,
      }),
    ]);
  });

  it("refuses an unknown action", () => {
    const run = runCli(["credentials", "list", "example.com"]);
    expect(run.status).toBe(2);
    expect(run.stderr).toBe('Error: Unknown action "list": use get, store or forget.\n');
  });
});

describe("the command line as a new user meets it", () => {
  it("suggests the command meant by a typo", () => {
    const run = runCli(["chek", "."]);
    expect(run.status).toBe(2);
    expect(run.stderr).toContain("unknown command 'chek'");
    expect(run.stderr).toContain("Did you mean check?");
  });

  it.each([
    "check",
    "convert",
    "type",
    "hostname",
    "token-var",
    "discover",
    "credentials",
    "login",
    "registry versions",
    "registry location",
    "outdated",
    "lock",
    "demo",
  ])("has --help for %s", (command) => {
    const run = runCli([...command.split(" "), "--help"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(`Usage: tofukit ${command}`);
    if (command !== "demo") expect(run.stdout).toContain("Examples:");
  });

  it("lists every command in the top-level help", () => {
    const run = runCli(["--help"]);
    for (const command of [
      "check",
      "convert",
      "type",
      "hostname",
      "token-var",
      "discover",
      "credentials",
      "login",
      "logout",
      "registry",
      "outdated",
      "lock",
      "demo",
    ]) {
      expect(run.stdout).toContain(`  ${command}`);
    }
  });

  it("never colors output that is not a terminal", () => {
    expect(runCli(["check", "examples/buckets"]).stderr).not.toContain("\x1b[");
  });

  it("runs the demo without network access", () => {
    const run = runCli(["demo"]);
    expect(run.status).toBe(0);
    expect(run.stdout).toContain('"routing_rules" = tostring(null)');
    expect(run.stdout).toContain('"error_document" = "error.html"');
    expect(run.stdout).toContain('"error_document" = "ERROR.HTM"');
    expect(run.stdout).toMatch(/modules\.v1 {4}https:\/\/127\.0\.0\.1:\d+\/v1\/modules\//);
    expect(run.stdout).toMatch(/token obtained and stored in \S+credentials\.tfrc\.json \(mode 600\)/);
    expect(run.stdout).toContain("it reads: [redacted token]");
    expect(run.stdout).toMatch(
      /provider\.cloud +127\.0\.0\.1:\d+\/acme\/cloud +~> 5\.0, >= 5\.1\.0 +- +5\.3\.0 +6\.0\.0 +behind/,
    );
    // The local module's constraint is combined with the root's.
    expect(run.stdout).toContain('constraints = "~> 5.0, >= 5.1.0"');
    expect(run.stdout).toMatch(
      /- Retrieved 127\.0\.0\.1:\d+\/acme\/cloud 5\.3\.0 for darwin_arm64 \(signed, key ID [0-9A-F]{16}\)/,
    );
    expect(run.stdout).toMatch(/ {7}"zh:[0-9a-f]{64}",\n(?: {7}"zh:[0-9a-f]{64}",\n){2} {5}\]/);
  });
});

describe("a closed standard output", () => {
  // The reading end is closed before the CLI writes anything, as when `head -n 1` has exited.
  function runWithClosedStdout(args: readonly string[]): Promise<{ status: number | null; stderr: string }> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, [join(cliDir, "bin", "tofukit.cjs"), ...args], {
        cwd: cliDir,
        env: { PATH: process.env.PATH ?? "", HOME: tmpdir() },
        stdio: ["ignore", "pipe", "pipe"],
        timeout: 20_000,
      });
      child.stdout.destroy();
      let stderr = "";
      child.stderr.setEncoding("utf8").on("data", (s: string) => {
        stderr += s;
      });
      child.on("error", reject);
      child.on("close", (status) => resolve({ status, stderr }));
    });
  }

  it.each(["demo", "check --help", "check examples/buckets"])(
    "ends `tofukit %s` quietly with status 0",
    async (command) => {
      const run = await runWithClosedStdout(command.split(" "));
      // check's summary goes to standard error, which stays open.
      expect(run.stderr).not.toMatch(/EPIPE|internal error|\n +at /);
      expect(run.status).toBe(0);
    },
  );
});
