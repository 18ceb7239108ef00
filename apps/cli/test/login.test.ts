// `tofukit login` and `logout` end to end: the built CLI against a local HTTPS registry whose
// login.v1 client is a real authorization server checking PKCE and state, with a scripted browser.
import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { get as httpGet } from "node:http";
import { get as httpsGet } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type AuthorizationServer, startAuthorizationServer } from "@tofukit/oauth-server";
import { TEST_TLS } from "@tofukit/oauth-server/test-tls";
import { afterEach, describe, expect, it } from "vitest";
import { cliDir, runCliAsync } from "./run-cli.js";

const CA_FILE = TEST_TLS.caFile;
const bin = join(cliDir, "bin", "tofukit.cjs");

const servers: AuthorizationServer[] = [];
const children: ChildProcess[] = [];
afterEach(async () => {
  for (const c of children.splice(0)) c.kill("SIGKILL");
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

type ServerOptions = Omit<Parameters<typeof startAuthorizationServer>[0], "key" | "cert">;

async function registry(options: ServerOptions = {}) {
  const s = await startAuthorizationServer({ ...options, key: TEST_TLS.key, cert: TEST_TLS.cert });
  servers.push(s);
  return s;
}

function freshHome(): string {
  return mkdtempSync(join(tmpdir(), "tofukit-login-"));
}

const credentialsFile = (home: string) => join(home, ".terraform.d", "credentials.tfrc.json");

interface Session {
  readonly child: ChildProcess;
  /** Resolves with the authorization URL once the CLI printed it. */
  readonly url: Promise<URL>;
  readonly done: Promise<{ status: number | null; stdout: string; stderr: string }>;
}

function startLogin(args: readonly string[], home: string, input?: string): Session {
  const child = spawn(process.execPath, [bin, "login", ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: home },
    timeout: 30_000,
  });
  children.push(child);
  let stdout = "";
  let stderr = "";
  let found: (u: URL) => void = () => undefined;
  const url = new Promise<URL>((resolve) => {
    found = resolve;
  });
  child.stdout?.setEncoding("utf8").on("data", (s: string) => {
    stdout += s;
    const m = /URL to access the login page for \S+:\n {4}(\S+)/.exec(stdout);
    if (m) found(new URL(m[1]!));
  });
  child.stderr?.setEncoding("utf8").on("data", (s: string) => {
    stderr += s;
  });
  if (input === undefined) child.stdin?.end();
  else child.stdin?.end(input);
  const done = new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
    child.on("close", (status) => resolve({ status, stdout, stderr }));
  });
  return { child, url, done };
}

/** The browser: the authorization page, then its redirect to the CLI's listener. */
async function browse(url: URL): Promise<number> {
  const location = await new Promise<string>((resolve, reject) => {
    httpsGet(url, { ca: TEST_TLS.ca }, (res) => {
      res.resume();
      resolve(String(res.headers.location));
    }).on("error", reject);
  });
  return new Promise<number>((resolve, reject) => {
    httpGet(location, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    }).on("error", reject);
  });
}

/** Whether anything still listens at a URL. */
function reachable(url: string): Promise<boolean> {
  return new Promise((resolve) => {
    httpGet(url, (res) => {
      res.resume();
      resolve(true);
    }).on("error", () => resolve(false));
  });
}

describe("tofukit login", () => {
  it("logs in through the browser flow and stores the token with mode 0600", {
    timeout: 60_000,
  }, async () => {
    const as = await registry({ accessToken: "tk.s3cr3t-value" });
    const home = freshHome();
    const session = startLogin([as.server.hostname, "--no-browser", "--yes", "--ca", CA_FILE], home);
    expect(await browse(await session.url)).toBe(200);
    const result = await session.done;
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    expect(result.stdout).toContain("Success! tofukit has obtained and saved an API token.");
    expect(result.stdout + result.stderr).not.toContain("s3cr3t");
    expect(as.refusals).toEqual([]);
    const stored = JSON.parse(readFileSync(credentialsFile(home), "utf8"));
    expect(stored.credentials[as.server.hostname].token).toBe("tk.s3cr3t-value");
    expect(statSync(credentialsFile(home)).mode & 0o777).toBe(0o600);

    const logout = await runCliAsync(["logout", as.server.hostname], { env: { HOME: home } });
    expect(logout.status).toBe(0);
    expect(logout.stdout).toContain(
      `Removing the stored credentials for ${as.server.hostname} from the following file:`,
    );
    expect(logout.stdout).toContain(
      `Success! tofukit has removed the stored API token for ${as.server.hostname}.`,
    );
    expect(JSON.parse(readFileSync(credentialsFile(home), "utf8")).credentials ?? {}).not.toHaveProperty(
      as.server.hostname,
    );
    const again = await runCliAsync(["logout", as.server.hostname], { env: { HOME: home } });
    expect(again.stdout).toBe(`No credentials for ${as.server.hostname} are stored.\n\n`);
  });

  it("asks before anything happens and stops on any answer but yes", { timeout: 60_000 }, async () => {
    const as = await registry();
    const home = freshHome();
    const result = await startLogin([as.server.hostname, "--no-browser", "--ca", CA_FILE], home, "no\n").done;
    expect(result.status).toBe(1);
    expect(result.stdout).toContain("Do you want to proceed?\n  Only 'yes' will be accepted to confirm.");
    expect(result.stderr).toContain("Login cancelled");
    expect(result.stdout).not.toContain("login page");
    expect(() => statSync(credentialsFile(home))).toThrow();
  });

  it("accepts a typed yes at the prompt", { timeout: 60_000 }, async () => {
    const as = await registry();
    const home = freshHome();
    const session = startLogin([as.server.hostname, "--no-browser", "--ca", CA_FILE], home, "yes\n");
    await browse(await session.url);
    expect((await session.done).status).toBe(0);
    expect(JSON.parse(readFileSync(credentialsFile(home), "utf8")).credentials).toHaveProperty(
      as.server.hostname,
    );
  });

  it("stops on Ctrl-C while waiting for the browser and stores nothing", { timeout: 60_000 }, async () => {
    const as = await registry();
    const home = freshHome();
    const session = startLogin([as.server.hostname, "--no-browser", "--yes", "--ca", CA_FILE], home);
    const url = await session.url;
    session.child.kill("SIGINT");
    const result = await session.done;
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Action aborted");
    expect(() => statSync(credentialsFile(home))).toThrow();
    // The listener is gone: the redirect goes nowhere.
    expect(await reachable(url.searchParams.get("redirect_uri") ?? "")).toBe(false);
  });

  it("stores nothing when the authorization server denies access", { timeout: 60_000 }, async () => {
    const as = await registry({
      authorize: (url, res) => {
        const back = new URL(url.searchParams.get("redirect_uri") ?? "");
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        res.writeHead(302, { location: back.href }).end();
        return true;
      },
    });
    const home = freshHome();
    const session = startLogin([as.server.hostname, "--no-browser", "--yes", "--ca", CA_FILE], home);
    await browse(await session.url);
    const result = await session.done;
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("The authorization server refused the login: access_denied");
    expect(() => statSync(credentialsFile(home))).toThrow();
  });

  it("explains a login.v1 client whose ports range is malformed, and stores nothing", {
    timeout: 60_000,
  }, async () => {
    const as = await registry({
      loginService: () => ({
        client: "c",
        authz: "/oauth/authorization",
        token: "/oauth/token",
        ports: [5000],
      }),
    });
    const home = freshHome();
    const result = await startLogin([as.server.hostname, "--no-browser", "--yes", "--ca", CA_FILE], home)
      .done;
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("Warning: Host does not support OpenTofu login");
    // The detail is wrapped inside the diagnostic's frame.
    expect(result.stderr.replaceAll("\n│ ", " ")).toContain(
      'invalid "ports" definition for service login.v1: must be a two-element array',
    );
    expect(result.stderr).toContain("╷\n│ Error: Host does not support OpenTofu tokens API\n│\n");
    expect(() => statSync(credentialsFile(home))).toThrow();
  });

  it("refuses to log in where credentials are configured by hand", { timeout: 60_000 }, async () => {
    const as = await registry();
    const home = freshHome();
    writeFileSync(join(home, ".tofurc"), `credentials "${as.server.hostname}" {\n  token = "by-hand"\n}\n`);
    const result = await startLogin([as.server.hostname, "--no-browser", "--yes", "--ca", CA_FILE], home)
      .done;
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`Credentials for ${as.server.hostname} are manually configured`);
    const logout = await runCliAsync(["logout", as.server.hostname], { env: { HOME: home } });
    expect(logout.status).toBe(1);
    expect(logout.stderr).toContain('The "tofukit logout" command cannot log out');
  });

  it("needs exactly one host, and a valid one", async () => {
    const none = await runCliAsync(["login"]);
    expect(none.status).toBe(2);
    // Rendered as every command renders a diagnostic.
    expect(none.stderr).toBe(
      "╷\n│ Error: Unexpected argument\n│\n│ The login command expects exactly one argument: the host to log in to.\n╵\n",
    );
    const bad = await runCliAsync(["login", "not a host"]);
    expect(bad.status).toBe(1);
    expect(bad.stderr).toContain("Invalid hostname");
  });
});
