import { forComparison } from "@tofukit/hostname";
import { type ConnectProxy, startConnectProxy } from "@tofukit/test-support/connect-proxy";
import { fetch, request } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, type LoopbackServer, startServer, TEST_CA } from "../test/loopback.js";
import { Disco } from "./disco.js";
import { DiscoveryError, ProxyError } from "./errors.js";
import { ProxyDispatcher } from "./proxy-dispatcher.js";

// A CONNECT proxy on 127.0.0.1 tunnels every destination to the test server, so a non-loopback
// name (registry.test and *.disco.test, in the test certificate) is reached without any DNS.
let target: LoopbackServer;
let proxy: ConnectProxy;
let guarded: ConnectProxy;
beforeAll(async () => {
  target = await startServer((req, res, self) => {
    // registry.test/moved → 127.0.0.1/to-mirror (loopback, direct) → mirror.disco.test (proxied).
    if (req.url === "/moved") {
      res.writeHead(302, { location: `https://127.0.0.1:${self.port}/to-mirror` }).end();
      return;
    }
    if (req.url === "/to-mirror") {
      res.writeHead(302, { location: "https://mirror.disco.test/.well-known/terraform.json" }).end();
      return;
    }
    json({ "modules.v1": "/v1/modules/" })(req, res, self);
  });
  proxy = await startConnectProxy({ route: () => target.port });
  guarded = await startConnectProxy({ route: () => target.port, credentials: "proxyuser:pr0xy-s3cret" });
});
afterAll(async () => {
  await proxy.close();
  await guarded.close();
  await target.close();
});

describe("Disco through a proxy", () => {
  it("tunnels discovery of a remote host through HTTPS_PROXY", async () => {
    const disco = new Disco({ ca: TEST_CA, env: { HTTPS_PROXY: proxy.url }, retries: 0 });
    const host = await disco.discover(forComparison("registry.test"));
    expect(host.serviceURL("modules.v1").href).toBe("https://registry.test/v1/modules/");
    expect(proxy.tunnels).toContain("registry.test:443");
    expect(target.requests.at(-1)?.headers.host).toBe("registry.test");
    await disco.close();
  });

  it("connects to loopback hosts directly even with a proxy configured", async () => {
    const before = proxy.tunnels.length;
    const disco = new Disco({ ca: TEST_CA, env: { HTTPS_PROXY: proxy.url }, retries: 0 });
    await disco.discover(target.hostname);
    expect(proxy.tunnels.length).toBe(before);
    await disco.close();
  });

  it("connects directly to a host NO_PROXY names", async () => {
    const before = proxy.tunnels.length;
    const disco = new Disco({
      ca: TEST_CA,
      env: { https_proxy: proxy.url, no_proxy: "example.org, .test" },
      retries: 0,
      timeout: 5000,
    });
    const failure = await disco.discover(forComparison("registry.test")).catch((e: unknown) => e);
    // Without the proxy the name must be resolved, which it cannot be.
    expect(failure).toBeInstanceOf(DiscoveryError);
    expect((failure as DiscoveryError).code).toBe("TOFUKIT_DISCO_NETWORK");
    expect(proxy.tunnels.length).toBe(before);
    await disco.close();
  });

  it("sends the proxy's credentials from its URL, and names it without them when it refuses", async () => {
    const port = guarded.port;
    const good = new Disco({
      ca: TEST_CA,
      env: { HTTPS_PROXY: `http://proxyuser:pr0xy-s3cret@127.0.0.1:${port}` },
      retries: 0,
    });
    await good.discover(forComparison("registry.test"));
    await good.close();

    const bad = new Disco({
      ca: TEST_CA,
      env: { HTTPS_PROXY: `http://proxyuser:wrong-s3cret@127.0.0.1:${port}` },
      retries: 0,
    });
    const failure = await bad.discover(forComparison("registry.test")).catch((e: unknown) => e);
    await bad.close();
    expect(failure).toBeInstanceOf(DiscoveryError);
    const error = failure as DiscoveryError;
    expect(error.code).toBe("TOFUKIT_DISCO_PROXY");
    expect(error.message).toBe(
      `failed to request discovery document: Get "https://registry.test/.well-known/terraform.json": Proxy Authentication Required (from proxy http://127.0.0.1:${port})`,
    );
    expect(error.cause).toBeInstanceOf(ProxyError);
    expect((error.cause as ProxyError).status).toBe(407);
    expect((error.cause as ProxyError).proxy).toBe(`http://127.0.0.1:${port}`);
    expect(JSON.stringify({ message: error.message, proxy: (error.cause as ProxyError).proxy })).not.toMatch(
      /s3cret|proxyuser/,
    );
  });

  it("reports a proxy that is not listening as a proxy failure", async () => {
    const closed = await startConnectProxy({ route: () => null });
    await closed.close();
    const disco = new Disco({
      ca: TEST_CA,
      env: { HTTPS_PROXY: `http://u:p4ss@127.0.0.1:${closed.port}` },
      retries: 0,
    });
    const failure = (await disco
      .discover(forComparison("registry.test"))
      .catch((e: unknown) => e)) as DiscoveryError;
    await disco.close();
    expect(failure.code).toBe("TOFUKIT_DISCO_PROXY");
    expect(failure.message).toContain(
      `proxyconnect tcp: dial tcp 127.0.0.1:${closed.port}: connect: connection refused (proxy http://127.0.0.1:${closed.port})`,
    );
    expect(failure.message).not.toContain("p4ss");
  });

  it("judges each redirect target on its own, as Go judges each request", async () => {
    const dispatcher = new ProxyDispatcher({
      ca: TEST_CA,
      env: { HTTPS_PROXY: proxy.url, NO_PROXY: "registry.test:8443" },
    });
    expect(dispatcher.proxyFor("https://registry.test/")).toBe(proxy.url);
    expect(dispatcher.proxyFor("https://registry.test:8443/")).toBeNull();
    expect(dispatcher.proxyFor("https://127.0.0.1:9/")).toBeNull();
    const before = proxy.tunnels.length;
    const response = await fetch("https://registry.test/moved", { dispatcher });
    expect(response.status).toBe(200);
    expect(response.url).toBe("https://mirror.disco.test/.well-known/terraform.json");
    await response.arrayBuffer();
    expect(proxy.tunnels.slice(before)).toEqual(["registry.test:443", "mirror.disco.test:443"]);
    expect(target.requests.slice(-3).map((r) => `${r.headers.host}${r.url}`)).toEqual([
      "registry.test/moved",
      `127.0.0.1:${target.port}/to-mirror`,
      "mirror.disco.test/.well-known/terraform.json",
    ]);

    // Disco leaves a dispatcher it was given open.
    const disco = new Disco({ dispatcher, retries: 0, env: {} });
    const host = await disco.discover(forComparison("mirror.disco.test"));
    expect(host.serviceURL("modules.v1").href).toBe("https://mirror.disco.test/v1/modules/");
    await disco.close();
    const again = await request("https://mirror.disco.test/.well-known/terraform.json", { dispatcher });
    expect(again.statusCode).toBe(200);
    await again.body.dump();
    await dispatcher.close();
    await expect(request("https://mirror.disco.test/", { dispatcher })).rejects.toThrow(/closed/i);
  });
});

describe("ProxyDispatcher", () => {
  it("gives handlers of undici's newer interface the ProxyError too", async () => {
    const dispatcher = new ProxyDispatcher({
      ca: TEST_CA,
      env: { HTTPS_PROXY: `http://proxyuser:nope@127.0.0.1:${guarded.port}` },
    });
    const error = await new Promise<Error>((resolve) => {
      dispatcher.dispatch(
        { origin: "https://registry.test", path: "/", method: "GET" },
        {
          onRequestStart() {},
          onResponseStart() {},
          onResponseData() {},
          onResponseEnd() {},
          onResponseError(_controller, failure) {
            resolve(failure);
          },
        },
      );
    });
    await dispatcher.close();
    expect(error).toBeInstanceOf(ProxyError);
    expect((error as ProxyError).status).toBe(407);
  });

  it("refuses requests that would use a proxy setting it cannot parse, without showing it", async () => {
    const dispatcher = new ProxyDispatcher({ env: { HTTPS_PROXY: "http://user:hunter2@[::1" } });
    const failure = await request("https://registry.test/", { dispatcher }).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ProxyError);
    expect((failure as ProxyError).message).toBe("invalid proxy address (an unparsable proxy URL)");
    expect(JSON.stringify({ ...(failure as object), message: (failure as Error).message })).not.toContain(
      "hunter2",
    );
    await dispatcher.close();
  });
});
