// A local registry whose login.v1 client is a real OAuth 2.0 authorization server (HTTPS on
// 127.0.0.1): it serves /.well-known/terraform.json, issues a code for a PKCE challenge and a
// state, and redeems the code only with the matching verifier, redirect URI and client, once.
// Login tests and `tofukit demo` run against it.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { createServer } from "node:https";
import type { AddressInfo } from "node:net";

/** The fields of @tofukit/disco's OAuthClient this server fills in for library tests. */
export interface ClientDefinition {
  readonly id: string;
  readonly authorizationURL: URL | null;
  readonly tokenURL: URL | null;
  readonly minPort: number;
  readonly maxPort: number;
  readonly grantTypes: ReadonlySet<string>;
  readonly scopes: readonly string[] | null;
}

export interface LocalServer {
  readonly port: number;
  /** `127.0.0.1:<port>`. */
  readonly hostname: string;
  /** `https://127.0.0.1:<port>`. */
  readonly origin: string;
}

export interface AuthorizationServerOptions {
  /** The server's TLS key and certificate (PEM), for 127.0.0.1. */
  readonly key: string;
  readonly cert: string;
  /** What the authorization endpoint does instead of issuing a code. */
  readonly authorize?: (req: URL, res: ServerResponse) => boolean;
  /** What the token endpoint does instead of redeeming the code. */
  readonly token?: (form: URLSearchParams, res: ServerResponse) => boolean | Promise<boolean>;
  readonly accessToken?: string;
  /** The login.v1 entry served in /.well-known/terraform.json (default: this server's endpoints). */
  readonly loginService?: (origin: string) => unknown;
}

export interface AuthorizationServer {
  readonly server: LocalServer;
  /** The login.v1 client as discovery would read it, with test overrides. */
  readonly client: (overrides?: Partial<ClientDefinition>) => ClientDefinition;
  /** Token requests that reached the token endpoint. */
  readonly tokenRequests: URLSearchParams[];
  /** Codes redeemed, and why a redemption was refused. */
  readonly refusals: string[];
  close(): Promise<void>;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      text += chunk;
    });
    req.on("end", () => resolve(text));
    req.on("error", reject);
  });
}

export async function startAuthorizationServer(
  options: AuthorizationServerOptions,
): Promise<AuthorizationServer> {
  const issued = new Map<string, { challenge: string; redirect: string; client: string }>();
  const tokenRequests: URLSearchParams[] = [];
  const refusals: string[] = [];
  let counter = 0;
  const https = createServer({ key: options.key, cert: options.cert }, async (req, res) => {
    const url = new URL(req.url ?? "/", "https://127.0.0.1");
    if (req.method === "GET" && url.pathname === "/.well-known/terraform.json") {
      const origin = `https://127.0.0.1:${url.port || (req.socket.localPort ?? 0)}`;
      const login = options.loginService?.(origin) ?? {
        client: "tofukit-test",
        grant_types: ["authz_code"],
        authz: "/oauth/authorization",
        token: "/oauth/token",
      };
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ "modules.v1": "/v1/modules/", "login.v1": login }));
      return;
    }
    if (req.method === "GET" && url.pathname === "/oauth/authorization") {
      if (options.authorize?.(url, res)) return;
      const q = url.searchParams;
      if (q.get("response_type") !== "code" || q.get("code_challenge_method") !== "S256") {
        res.writeHead(400).end("bad authorization request");
        return;
      }
      const code = `code-${++counter}`;
      issued.set(code, {
        challenge: q.get("code_challenge") ?? "",
        redirect: q.get("redirect_uri") ?? "",
        client: q.get("client_id") ?? "",
      });
      const back = new URL(q.get("redirect_uri") ?? "");
      back.searchParams.set("code", code);
      back.searchParams.set("state", q.get("state") ?? "");
      res.writeHead(302, { location: back.href }).end();
      return;
    }
    if (req.method === "POST" && url.pathname === "/oauth/token") {
      const form = new URLSearchParams(await readBody(req));
      tokenRequests.push(form);
      if (await options.token?.(form, res)) return;
      const grant = issued.get(form.get("code") ?? "");
      const verifier = form.get("code_verifier") ?? "";
      const challenge = createHash("sha256").update(verifier).digest("base64url");
      let refusal: string | null = null;
      if (grant === undefined) refusal = "unknown code";
      else if (grant.challenge !== challenge) refusal = "verifier does not match the challenge";
      else if (grant.redirect !== form.get("redirect_uri")) refusal = "redirect_uri differs";
      else if (grant.client !== form.get("client_id")) refusal = "client_id differs";
      else if (form.get("grant_type") !== "authorization_code") refusal = "wrong grant_type";
      if (refusal !== null) {
        refusals.push(refusal);
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "invalid_grant", error_description: refusal }));
        return;
      }
      issued.delete(form.get("code") ?? "");
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ access_token: options.accessToken ?? "s3cr3t.t0ken", token_type: "bearer" }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => https.listen(0, "127.0.0.1", resolve));
  const { port } = https.address() as AddressInfo;
  const server: LocalServer = { port, hostname: `127.0.0.1:${port}`, origin: `https://127.0.0.1:${port}` };
  return {
    server,
    tokenRequests,
    refusals,
    client: (overrides = {}) => ({
      id: "tofukit-test",
      authorizationURL: new URL(`${server.origin}/oauth/authorization`),
      tokenURL: new URL(`${server.origin}/oauth/token`),
      minPort: 1024,
      maxPort: 65535,
      grantTypes: new Set(["authz_code"]),
      scopes: null,
      ...overrides,
    }),
    close: () =>
      new Promise<void>((resolve) => {
        https.closeAllConnections();
        https.close(() => resolve());
      }),
  };
}
