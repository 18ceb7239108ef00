import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, type LoopbackServer, startServer, TEST_DISPATCHER } from "../test/loopback.js";
import { Disco } from "./disco.js";
import type { DiscoveryError } from "./errors.js";
import { isRedirect, redirectTarget, sameOrigin } from "./redirects.js";

const WELL_KNOWN = "/.well-known/terraform.json";
const credentials = { forHost: () => ({ token: "s3cret" }) };
const DOC = { "modules.v1": "v1/modules/" };

// `chain` redirects `hopCount` times (through /hop/k) before serving DOC.
let chain: LoopbackServer;
let other: LoopbackServer;
let plain: LoopbackServer;
let redirectStatus = 302;
let hopCount = 0;
beforeAll(async () => {
  chain = await startServer((req, res) => {
    const path = req.url ?? "/";
    const left = path === WELL_KNOWN ? hopCount : Number(path.slice("/hop/".length));
    if (left > 0) res.writeHead(redirectStatus, { location: `/hop/${left - 1}` }).end();
    else json(DOC)(req, res, chain);
  });
  // `other` sends `/back?to=<url>` back to <url>.
  other = await startServer((req, res) => {
    const to = new URL(req.url ?? "/", other.origin).searchParams.get("to");
    if (to !== null) res.writeHead(302, { location: to }).end();
    else json(DOC)(req, res, other);
  });
  plain = await startServer(json(DOC), { tls: false });
});
afterAll(() => Promise.all([chain.close(), other.close(), plain.close()]));

function hops(n: number): void {
  hopCount = n;
}

async function discover(options: { maxRedirects?: number } = {}) {
  const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0, credentials, ...options });
  try {
    return await disco.discover(chain.hostname);
  } finally {
    await disco.close();
  }
}

describe("following redirects", () => {
  it("follows exactly 10 redirects by default, as the OpenTofu CLI", async () => {
    hops(10);
    const host = await discover();
    expect(host.discoveryURL).toBe(`${chain.origin}/hop/0`);
    hops(11);
    const error = (await discover().catch((e: unknown) => e)) as DiscoveryError;
    expect(error.code).toBe("TOFUKIT_DISCO_TOO_MANY_REDIRECTS");
    expect(error.message).toBe(
      `failed to request discovery document: Get "/hop/0": stopped after 10 redirects`,
    );
  });

  it("follows exactly the configured number", async () => {
    hops(3);
    await expect(discover({ maxRedirects: 3 })).resolves.toBeDefined();
    hops(4);
    await expect(discover({ maxRedirects: 3 })).rejects.toThrow(
      'failed to request discovery document: Get "/hop/0": stopped after 3 redirects',
    );
    hops(1);
    await expect(discover({ maxRedirects: 0 })).rejects.toThrow("stopped after 0 redirects");
  });

  it.each([301, 302, 303, 307, 308])("follows a %i with GET", async (status) => {
    redirectStatus = status;
    hops(1);
    try {
      await expect(discover()).resolves.toBeDefined();
    } finally {
      redirectStatus = 302;
    }
  });

  it("stops a redirect loop at the limit", async () => {
    const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0 });
    const loop = await startServer((_req, res) => res.writeHead(302, { location: "/loop" }).end());
    await expect(disco.discover(loop.hostname)).rejects.toThrow('Get "/loop": stopped after 10 redirects');
    expect(loop.requests.length).toBe(11);
    await disco.close();
    await loop.close();
  });

  it("resolves relative service URLs against the final URL", async () => {
    const target = await startServer((req, res) => {
      if (req.url === WELL_KNOWN) res.writeHead(302, { location: "/base/dir/disco.json?x=1" }).end();
      else
        json({ "modules.v1": "v1/mods", "login.v1": { client: "c", authz: "../authz", token: "/token" } })(
          req,
          res,
          target,
        );
    });
    const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0 });
    const host = await disco.discover(target.hostname);
    expect(host.discoveryURL).toBe(`${target.origin}/base/dir/disco.json?x=1`);
    expect(host.serviceURL("modules.v1").href).toBe(`${target.origin}/base/dir/v1/mods`);
    expect(host.oauthClient("login.v1").authorizationURL?.href).toBe(`${target.origin}/base/authz`);
    await disco.close();
    await target.close();
  });
});

describe("credentials across redirects", () => {
  it("keeps the token on same-origin hops", async () => {
    hops(2);
    const before = chain.requests.length;
    await discover();
    const sent = chain.requests.slice(before).map((r) => r.headers.authorization);
    expect(sent).toEqual(["Bearer s3cret", "Bearer s3cret", "Bearer s3cret"]);
  });

  it("drops the token on a hop to another port and never sends it again", async () => {
    const start = await startServer((req, res) => {
      if (req.url === WELL_KNOWN) {
        const back = encodeURIComponent(`${start.origin}/final`);
        res.writeHead(302, { location: `${other.origin}/back?to=${back}` }).end();
      } else json(DOC)(req, res, start);
    });
    const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0, credentials });
    const otherBefore = other.requests.length;
    await disco.discover(start.hostname);
    expect(other.requests.slice(otherBefore).map((r) => r.headers.authorization)).toEqual([undefined]);
    // Back on the original origin (A → B → A) the request stays anonymous.
    expect(start.requests.map((r) => [r.url, r.headers.authorization])).toEqual([
      [WELL_KNOWN, "Bearer s3cret"],
      ["/final", undefined],
    ]);
    await disco.close();
    await start.close();
  });

  it("drops the token on a hop to another host name on the same port", async () => {
    const target = await startServer((req, res) => {
      if (req.headers.host?.startsWith("127.0.0.1")) {
        res.writeHead(302, { location: `https://localhost:${target.port}/named` }).end();
      } else json(DOC)(req, res, target);
    });
    const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0, credentials });
    await disco.discover(target.hostname);
    expect(target.requests.map((r) => r.headers.authorization)).toEqual(["Bearer s3cret", undefined]);
    await disco.close();
    await target.close();
  });

  it("follows https → http redirects, without the token", async () => {
    const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0, credentials });
    const start = await startServer((_req, res) =>
      res.writeHead(301, { location: `${plain.origin}${WELL_KNOWN}` }).end(),
    );
    const host = await disco.discover(start.hostname);
    expect(host.discoveryURL).toBe(`${plain.origin}${WELL_KNOWN}`);
    expect(host.serviceURL("modules.v1").href).toBe(`${plain.origin}/.well-known/v1/modules/`);
    expect(plain.requests.at(-1)?.headers.authorization).toBeUndefined();
    await disco.close();
    await start.close();
  });

  it("refuses a redirect to a scheme other than http and https", async () => {
    const start = await startServer((_req, res) =>
      res.writeHead(302, { location: "ftp://127.0.0.1/x" }).end(),
    );
    const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0 });
    await expect(disco.discover(start.hostname)).rejects.toThrow(
      'failed to request discovery document: Get "ftp://127.0.0.1/x": unsupported protocol scheme "ftp"',
    );
    await disco.close();
    await start.close();
  });
});

describe("redirect rules", () => {
  it("treats 301, 302, 303, 307 and 308 as redirects", () => {
    expect([300, 301, 302, 303, 304, 305, 307, 308].filter(isRedirect)).toEqual([301, 302, 303, 307, 308]);
  });

  it("resolves relative locations", () => {
    const from = new URL("https://a.example/x/y?q");
    expect(redirectTarget(from, "z")?.href).toBe("https://a.example/x/z");
    expect(redirectTarget(from, "//b.example/p")?.href).toBe("https://b.example/p");
    expect(redirectTarget(from, "http://[::1")).toBeNull();
  });

  it("compares scheme, host and port", () => {
    const original = new URL("https://a.example/");
    expect(sameOrigin(original, new URL("https://a.example:443/other"))).toBe(true);
    expect(sameOrigin(original, new URL("http://a.example/"))).toBe(false);
    expect(sameOrigin(original, new URL("https://a.example:8443/"))).toBe(false);
    expect(sameOrigin(original, new URL("https://sub.a.example/"))).toBe(false);
  });
});
