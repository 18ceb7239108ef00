import { createServer, type Server } from "node:net";
import { inspect } from "node:util";
import { type AuthorizationServer, startAuthorizationServer } from "@tofukit/oauth-server";
import { TEST_TLS } from "@tofukit/oauth-server/test-tls";
import { request } from "undici";
import { afterEach, describe, expect, it } from "vitest";
import { TEST_DISPATCHER } from "../test/loopback.js";
import { LoginError } from "./errors.js";
import { authorizationURL, loginWithAuthorizationCode } from "./login.js";

const servers: AuthorizationServer[] = [];
const blockers: Server[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((s) => s.close()));
  await Promise.all(blockers.splice(0).map((b) => new Promise((r) => b.close(r))));
});

type ServerOptions = Omit<Parameters<typeof startAuthorizationServer>[0], "key" | "cert">;

async function authServer(options: ServerOptions = {}) {
  const s = await startAuthorizationServer({ ...options, key: TEST_TLS.key, cert: TEST_TLS.cert });
  servers.push(s);
  return s;
}

/** What a browser does with the authorization URL: follow it, then the redirect to the listener. */
async function browse(url: URL): Promise<{ status: number; body: string; redirect: string }> {
  const first = await request(url, { dispatcher: TEST_DISPATCHER });
  await first.body.dump();
  const redirect = String(first.headers.location);
  const second = await request(redirect);
  return { status: second.statusCode, body: await second.body.text(), redirect };
}

/** A port range every port of which is taken. */
async function busyRange(count: number): Promise<{ minPort: number; maxPort: number }> {
  for (let base = 41000; base < 60000; base += 97) {
    const taken: Server[] = [];
    for (let p = base; p < base + count; p++) {
      const s = createServer();
      const ok = await new Promise<boolean>((resolve) => {
        s.once("error", () => resolve(false));
        s.listen({ port: p, host: "127.0.0.1", exclusive: true }, () => resolve(true));
      });
      if (!ok) break;
      taken.push(s);
    }
    if (taken.length === count) {
      blockers.push(...taken);
      return { minPort: base, maxPort: base + count - 1 };
    }
    await Promise.all(taken.map((b) => new Promise((r) => b.close(r))));
  }
  throw new Error("no free range to block");
}

async function rejection(promise: Promise<unknown>): Promise<LoginError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(LoginError);
    return error as LoginError;
  }
  throw new Error("expected the login to fail");
}

describe("loginWithAuthorizationCode", () => {
  it("obtains a token with PKCE and the state check, and the listener answers once", async () => {
    const as = await authServer();
    let visited: Awaited<ReturnType<typeof browse>> | undefined;
    const token = await loginWithAuthorizationCode(as.client(), {
      dispatcher: TEST_DISPATCHER,
      openAuthorizationURL: async (url) => {
        visited = await browse(url);
      },
    });
    expect(token.reveal()).toBe("s3cr3t.t0ken");
    expect(token.tokenType).toBe("bearer");
    expect(as.refusals).toEqual([]);
    expect(visited?.status).toBe(200);
    expect(visited?.body).toContain("tofukit login");
    expect(visited?.redirect).toMatch(/^http:\/\/localhost:\d+\/login\?code=code-1&state=/);
    // The listener is closed once it answered.
    await expect(request(visited!.redirect)).rejects.toThrow();
  });

  it("never shows the token when printed, logged or serialized", async () => {
    const as = await authServer();
    const token = await loginWithAuthorizationCode(as.client(), {
      dispatcher: TEST_DISPATCHER,
      openAuthorizationURL: async (url) => void (await browse(url)),
    });
    for (const shown of [String(token), JSON.stringify({ token }), inspect(token), `${token}`]) {
      expect(shown).not.toContain("s3cr3t");
    }
  });

  it("sends the parameters of RFC 6749 and RFC 7636 in the authorization URL", () => {
    const url = authorizationURL(
      {
        id: "cli",
        authorizationURL: new URL("https://auth.example/authorize?tenant=a"),
        tokenURL: new URL("https://auth.example/token"),
        minPort: 1024,
        maxPort: 65535,
        grantTypes: new Set(["authz_code"]),
        scopes: ["read", "write"],
      },
      "http://localhost:1234/login",
      "st",
      "ch",
    );
    expect(url.href).toBe(
      "https://auth.example/authorize?tenant=a&client_id=cli&code_challenge=ch&code_challenge_method=S256&redirect_uri=http%3A%2F%2Flocalhost%3A1234%2Flogin&response_type=code&scope=read+write&state=st",
    );
  });

  it("refuses a redirect with the wrong state and keeps waiting until cancelled", async () => {
    const as = await authServer({
      authorize: (url, res) => {
        const back = new URL(url.searchParams.get("redirect_uri") ?? "");
        back.searchParams.set("code", "stolen");
        back.searchParams.set("state", "not-the-state");
        res.writeHead(302, { location: back.href }).end();
        return true;
      },
    });
    const controller = new AbortController();
    let status = 0;
    const error = await rejection(
      loginWithAuthorizationCode(as.client(), {
        dispatcher: TEST_DISPATCHER,
        signal: controller.signal,
        openAuthorizationURL: async (url) => {
          status = (await browse(url)).status;
          controller.abort();
        },
      }),
    );
    expect(status).toBe(400);
    expect(error.code).toBe("TOFUKIT_DISCO_LOGIN_CANCELLED");
    expect(as.tokenRequests).toHaveLength(0);
  });

  it("reports access_denied from the authorization server and requests no token", async () => {
    const as = await authServer({
      authorize: (url, res) => {
        const back = new URL(url.searchParams.get("redirect_uri") ?? "");
        back.searchParams.set("error", "access_denied");
        back.searchParams.set("error_description", "The user said no\r\nInjected: line");
        back.searchParams.set("state", url.searchParams.get("state") ?? "");
        res.writeHead(302, { location: back.href }).end();
        return true;
      },
    });
    const error = await rejection(
      loginWithAuthorizationCode(as.client(), {
        dispatcher: TEST_DISPATCHER,
        openAuthorizationURL: async (url) => void (await browse(url)),
      }),
    );
    expect(error.code).toBe("TOFUKIT_DISCO_LOGIN_DENIED");
    expect(error.message).toBe(
      "The authorization server refused the login: access_denied (The user said no  Injected: line); nothing was stored.",
    );
    expect(as.tokenRequests).toHaveLength(0);
  });

  it("fails with OpenTofu's message when every port of the range is busy", async () => {
    const as = await authServer();
    const range = await busyRange(3);
    let opened = false;
    const error = await rejection(
      loginWithAuthorizationCode(as.client(range), {
        openAuthorizationURL: () => {
          opened = true;
        },
      }),
    );
    expect(error.code).toBe("TOFUKIT_DISCO_LOGIN_NO_PORT");
    expect(error.summary).toBe("Can't start temporary login server");
    expect(error.message).toBe(
      `The login process uses OAuth, which requires starting a temporary HTTP server on localhost. However, no TCP port numbers between ${range.minPort} and ${range.maxPort} are available to create such a server.`,
    );
    expect(opened).toBe(false);
  });

  it("listens on the first free port of the range", async () => {
    const as = await authServer();
    const range = await busyRange(2);
    // Free the first port only: the listener must take it rather than any other.
    const first = blockers.shift()!;
    await new Promise((r) => first.close(r));
    let redirect = "";
    await loginWithAuthorizationCode(as.client({ minPort: range.minPort, maxPort: range.maxPort + 5 }), {
      dispatcher: TEST_DISPATCHER,
      openAuthorizationURL: async (url) => {
        redirect = new URL(url).searchParams.get("redirect_uri") ?? "";
        await browse(url);
      },
    });
    expect(redirect).toBe(`http://localhost:${range.minPort}/login`);
  });

  it("gives up on a slow token endpoint at the token timeout", async () => {
    const as = await authServer({
      token: async (_form, res) => {
        await new Promise((r) => setTimeout(r, 3000));
        if (!res.destroyed) res.writeHead(200, { "content-type": "application/json" }).end("{}");
        return true;
      },
    });
    const error = await rejection(
      loginWithAuthorizationCode(as.client(), {
        dispatcher: TEST_DISPATCHER,
        tokenTimeout: 300,
        openAuthorizationURL: async (url) => void (await browse(url)),
      }),
    );
    expect(error.code).toBe("TOFUKIT_DISCO_LOGIN_TIMEOUT");
    expect(error.message).toMatch(/did not answer within 300 ms\.$/);
  });

  it("closes the listener when cancelled while waiting (Ctrl-C)", async () => {
    const as = await authServer();
    const controller = new AbortController();
    let redirect = "";
    const pending = loginWithAuthorizationCode(as.client(), {
      signal: controller.signal,
      openAuthorizationURL: (url) => {
        redirect = url.searchParams.get("redirect_uri") ?? "";
        setTimeout(() => controller.abort(), 20);
      },
    });
    const error = await rejection(pending);
    expect(error.code).toBe("TOFUKIT_DISCO_LOGIN_CANCELLED");
    await expect(request(redirect)).rejects.toThrow();
  });

  it("times out when the browser never comes back", async () => {
    const as = await authServer();
    const error = await rejection(
      loginWithAuthorizationCode(as.client(), {
        callbackTimeout: 100,
        openAuthorizationURL: () => undefined,
      }),
    );
    expect(error.code).toBe("TOFUKIT_DISCO_LOGIN_TIMEOUT");
  });

  it("reports an OAuth error response of the token endpoint as Go's oauth2 does", async () => {
    const as = await authServer({
      token: (_form, res) => {
        res.writeHead(400, { "content-type": "application/json" });
        res.end(JSON.stringify({ error: "invalid_grant", error_description: "code expired" }));
        return true;
      },
    });
    const error = await rejection(
      loginWithAuthorizationCode(as.client(), {
        dispatcher: TEST_DISPATCHER,
        openAuthorizationURL: async (url) => void (await browse(url)),
      }),
    );
    expect(error.code).toBe("TOFUKIT_DISCO_LOGIN_TOKEN_REQUEST");
    expect(error.summary).toBe("Failed to obtain auth token");
    expect(error.message).toBe(
      'The remote server did not assign an auth token: oauth2: "invalid_grant" "code expired".',
    );
  });

  it("refuses a response without access_token, and a token that cannot go in a header", async () => {
    for (const [body, code] of [
      [{ token_type: "bearer" }, "TOFUKIT_DISCO_LOGIN_TOKEN_REQUEST"],
      [{ access_token: "bad\r\ntoken" }, "TOFUKIT_DISCO_LOGIN_INVALID_TOKEN"],
      [{ access_token: "t€" }, "TOFUKIT_DISCO_LOGIN_INVALID_TOKEN"],
    ] as const) {
      const as = await authServer({
        token: (_form, res) => {
          res.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(body));
          return true;
        },
      });
      const error = await rejection(
        loginWithAuthorizationCode(as.client(), {
          dispatcher: TEST_DISPATCHER,
          openAuthorizationURL: async (url) => void (await browse(url)),
        }),
      );
      expect(error.code).toBe(code);
      expect(error.message).not.toContain("token\r");
    }
  });

  it("never sends the code to another origin a token endpoint redirects to", async () => {
    const elsewhere = await authServer();
    const as = await authServer({
      token: (_form, res) => {
        res.writeHead(307, { location: `${elsewhere.server.origin}/oauth/token` }).end();
        return true;
      },
    });
    const error = await rejection(
      loginWithAuthorizationCode(as.client(), {
        dispatcher: TEST_DISPATCHER,
        openAuthorizationURL: async (url) => void (await browse(url)),
      }),
    );
    expect(error.code).toBe("TOFUKIT_DISCO_LOGIN_TOKEN_REQUEST");
    expect(error.message).toContain("redirected to another origin");
    expect(elsewhere.tokenRequests).toHaveLength(0);
  });

  it("refuses a client without the authz_code grant before listening", async () => {
    const as = await authServer();
    const error = await rejection(
      loginWithAuthorizationCode(as.client({ grantTypes: new Set(["password"]) }), {
        openAuthorizationURL: () => undefined,
      }),
    );
    expect(error.code).toBe("TOFUKIT_DISCO_LOGIN_UNSUPPORTED_GRANT");
  });

  it("answers 404 to any other path and method without ending the wait", async () => {
    const as = await authServer();
    const token = await loginWithAuthorizationCode(as.client(), {
      dispatcher: TEST_DISPATCHER,
      openAuthorizationURL: async (url) => {
        const listener = new URL(url.searchParams.get("redirect_uri") ?? "");
        const other = await request(new URL("/other", listener));
        expect(other.statusCode).toBe(404);
        await other.body.dump();
        const post = await request(listener, { method: "POST" });
        expect(post.statusCode).toBe(404);
        await post.body.dump();
        await browse(url);
      },
    });
    expect(token.reveal()).toBe("s3cr3t.t0ken");
  });
});
