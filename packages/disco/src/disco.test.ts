import { subscribe, unsubscribe } from "node:diagnostics_channel";
import type { LookupAddress, LookupOptions } from "node:dns";
import { createSecureContext } from "node:tls";
import { forComparison } from "@tofukit/hostname";
import { Agent } from "undici";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import {
  type Handler,
  type LoopbackServer,
  startServer,
  TEST_CA,
  TEST_DISPATCHER,
} from "../test/loopback.js";
import { Disco } from "./disco.js";
import { DiscoveryError } from "./errors.js";
import { DISCO_CHANNELS } from "./events.js";

let handler: Handler = () => undefined;
let server: LoopbackServer;
beforeAll(async () => {
  server = await startServer((req, res, s) => handler(req, res, s));
});
afterAll(() => server.close());

const discos: Disco[] = [];
afterEach(async () => {
  await Promise.all(discos.splice(0).map((d) => d.close()));
});

function newDisco(options: ConstructorParameters<typeof Disco>[0] = {}): Disco {
  const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0, ...options });
  discos.push(disco);
  return disco;
}

function answer(status: number, body: unknown, delay = 0): Handler {
  return (_req, res) => {
    setTimeout(() => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    }, delay);
  };
}

function requestsDuring<T>(f: () => Promise<T>): Promise<[T, number]> {
  const before = server.requests.length;
  return f().then((value) => [value, server.requests.length - before]);
}

describe("the cache", () => {
  it("answers a second discovery from the cache with the same Host", async () => {
    handler = answer(200, { "modules.v1": "/m/" });
    const disco = newDisco();
    const [[first, second], requests] = await requestsDuring(async () => [
      await disco.discover(server.hostname),
      await disco.discover(server.hostname),
    ]);
    expect(second).toBe(first);
    expect(requests).toBe(1);
  });

  it("caches a 404 until forget, as the reference does", async () => {
    const disco = newDisco();
    handler = answer(404, {});
    expect((await disco.discover(server.hostname)).services).toBeNull();
    handler = answer(200, { "modules.v1": "/m/" });
    expect((await disco.discover(server.hostname)).services).toBeNull();
    disco.forget(server.hostname);
    expect((await disco.discover(server.hostname)).services).toEqual({ "modules.v1": "/m/" });
  });

  it("does not cache errors", async () => {
    const disco = newDisco();
    handler = answer(500, {});
    await expect(disco.discover(server.hostname)).rejects.toThrow("500 Internal Server Error");
    handler = answer(200, {});
    await expect(disco.discover(server.hostname)).resolves.toBeDefined();
  });

  it("keeps results per instance and per exact hostname", async () => {
    handler = answer(200, {});
    const [, requests] = await requestsDuring(async () => {
      await newDisco().discover(server.hostname);
      await newDisco().discover(server.hostname);
    });
    expect(requests).toBe(2);
  });

  it("forgetAll drops every result, forced services included", async () => {
    handler = answer(200, { "modules.v1": "/network/" });
    const disco = newDisco();
    disco.forceHostServices(server.hostname, { "modules.v1": "/forced/" });
    expect((await disco.discover(server.hostname)).serviceURL("modules.v1").pathname).toBe("/forced/");
    disco.forgetAll();
    expect((await disco.discover(server.hostname)).serviceURL("modules.v1").pathname).toBe("/network/");
  });
});

describe("concurrent discoveries", () => {
  it("share one request per host", async () => {
    handler = answer(200, { "modules.v1": "/m/" }, 50);
    const disco = newDisco();
    const [hosts, requests] = await requestsDuring(() =>
      Promise.all(Array.from({ length: 8 }, () => disco.discover(server.hostname))),
    );
    expect(requests).toBe(1);
    expect(new Set(hosts).size).toBe(1);
  });

  it("share the failure too, and the next call tries again", async () => {
    handler = answer(503, {}, 30);
    const disco = newDisco();
    const results = await Promise.allSettled([
      disco.discover(server.hostname),
      disco.discover(server.hostname),
    ]);
    expect(results.map((r) => r.status)).toEqual(["rejected", "rejected"]);
    handler = answer(200, {});
    await expect(disco.discover(server.hostname)).resolves.toBeDefined();
  });

  it("let one caller give up while the others get the result", async () => {
    handler = answer(200, {}, 80);
    const disco = newDisco();
    const controller = new AbortController();
    const leaving = disco.discover(server.hostname, { signal: controller.signal });
    const staying = disco.discover(server.hostname, { signal: new AbortController().signal });
    controller.abort();
    await expect(leaving).rejects.toMatchObject({ code: "TOFUKIT_DISCO_ABORTED" });
    await expect(staying).resolves.toBeDefined();
  });

  it("cancel the request when every caller has given up", async () => {
    handler = () => undefined;
    const disco = newDisco();
    const controller = new AbortController();
    const only = disco.discover(server.hostname, { signal: controller.signal });
    setTimeout(() => controller.abort(), 20);
    await expect(only).rejects.toBeInstanceOf(DiscoveryError);
    handler = answer(200, { "modules.v1": "/fresh/" });
    expect((await disco.discover(server.hostname)).services).toEqual({ "modules.v1": "/fresh/" });
  });

  it("do not let a forgotten request fill the cache", async () => {
    handler = answer(200, { "modules.v1": "/old/" }, 50);
    const disco = newDisco();
    const old = disco.discover(server.hostname);
    disco.forget(server.hostname);
    await old;
    handler = answer(200, { "modules.v1": "/new/" });
    expect((await disco.discover(server.hostname)).services).toEqual({ "modules.v1": "/new/" });
  });
});

describe("forceHostServices", () => {
  const offline = forComparison("registry.invalid");

  it("answers without any network request, resolving relative URLs against the well-known URL", async () => {
    const disco = newDisco();
    disco.forceHostServices(offline, {
      "modules.v1": "rel/",
      "providers.v1": "/p/",
      "x.v1": "https://cdn.example/x",
    });
    const host = await disco.discover(offline);
    expect(host.discoveryURL).toBe("https://registry.invalid/.well-known/terraform.json");
    expect(host.serviceURL("modules.v1").href).toBe("https://registry.invalid/.well-known/rel/");
    expect(host.serviceURL("providers.v1").href).toBe("https://registry.invalid/p/");
    expect(host.serviceURL("x.v1").href).toBe("https://cdn.example/x");
  });

  it("reads null as an empty map: services are not provided, naming the host", async () => {
    const disco = newDisco();
    disco.forceHostServices(offline, null);
    const host = await disco.discover(offline);
    expect(host.services).toEqual({});
    expect(() => host.serviceURL("modules.v1")).toThrow(
      "host registry.invalid does not provide a modules service",
    );
  });

  it("copies and freezes the services it is given", async () => {
    const disco = newDisco();
    const services: Record<string, unknown> = { "modules.v1": "/a/" };
    disco.forceHostServices(offline, services);
    services["modules.v1"] = "/b/";
    const host = await disco.discover(offline);
    expect(host.serviceURL("modules.v1").pathname).toBe("/a/");
    expect(Object.isFrozen(host.services)).toBe(true);
  });

  it("is removed by forget, so the next discovery uses the network", async () => {
    handler = answer(200, { "modules.v1": "/network/" });
    const disco = newDisco();
    disco.forceHostServices(server.hostname, { "modules.v1": "/forced/" });
    disco.forget(server.hostname);
    expect((await disco.discover(server.hostname)).serviceURL("modules.v1").pathname).toBe("/network/");
  });

  it("works for ports a URL parser refuses, as the reference builds the URL from parts", async () => {
    const disco = newDisco();
    const odd = forComparison("registry.invalid:-1");
    disco.forceHostServices(odd, { "modules.v1": "/m/", "abs.v1": "https://cdn.example/a/" });
    const host = await disco.discover(odd);
    expect(host.discoveryURL).toBe("https://registry.invalid:-1/.well-known/terraform.json");
    expect(host.serviceURL("abs.v1").href).toBe("https://cdn.example/a/");
    expect(() => host.serviceURL("modules.v1")).toThrow(/failed to parse service URL/);
  });

  it("works for host:port keys", async () => {
    const disco = newDisco();
    const withPort = forComparison("registry.invalid:8443");
    disco.forceHostServices(withPort, { "modules.v1": "/m/" });
    expect((await disco.serviceURL(withPort, "modules.v1")).href).toBe("https://registry.invalid:8443/m/");
  });
});

describe("aliases", () => {
  const alias = forComparison("localterraform.com");

  it("discover the target with its credentials and cache under the alias", async () => {
    handler = answer(200, { "tfe.v2": "/api/v2/" });
    const asked: string[] = [];
    const disco = newDisco({
      credentials: {
        forHost: (host) => {
          asked.push(host);
          return { token: "target-token" };
        },
      },
    });
    disco.alias(alias, server.hostname);
    const [host, requests] = await requestsDuring(() => disco.discover(alias));
    expect(requests).toBe(1);
    expect(host.hostname).toBe(alias);
    expect(host.serviceURL("tfe.v2").href).toBe(`${server.origin}/api/v2/`);
    expect(asked).toEqual([server.hostname]);
    expect(server.requests.at(-1)?.headers.authorization).toBe("Bearer target-token");
    expect(await disco.authorization(alias)).toBe("Bearer target-token");
    expect(() => host.serviceURL("modules.v1")).toThrow(
      `host 127.0.0.1:${server.port} does not provide a modules service`,
    );
  });

  it("forgetAlias removes the alias and its cached result", async () => {
    handler = answer(200, {});
    const asked: string[] = [];
    const disco = newDisco({
      credentials: {
        forHost: (host) => {
          asked.push(host);
          return null;
        },
      },
    });
    disco.alias(alias, server.hostname);
    await disco.discover(alias);
    disco.forgetAlias(alias);
    await disco.authorization(alias);
    expect(asked).toEqual([server.hostname, alias]);
    disco.alias(alias, server.hostname);
    const [, requests] = await requestsDuring(() => disco.discover(alias));
    expect(requests).toBe(1);
  });
});

describe("authorization", () => {
  it("gives the header value a registry client attaches to service requests", async () => {
    const disco = newDisco({ credentials: { forHost: () => ({ token: "t" }) } });
    expect(await disco.authorization(server.hostname)).toBe("Bearer t");
    expect(await newDisco().authorization(server.hostname)).toBeNull();
  });
});

describe("tracing events", () => {
  it("publishes start, success, failure and cached on diagnostics channels", async () => {
    const seen: string[] = [];
    const listeners = Object.entries(DISCO_CHANNELS).map(([kind, name]) => {
      const listener = (message: unknown) => {
        const { hostname, error } = message as { hostname: string; error?: Error };
        seen.push(
          `${kind} ${hostname === server.hostname ? "server" : hostname}${error ? ` ${error.message}` : ""}`,
        );
      };
      subscribe(name, listener);
      return [name, listener] as const;
    });
    try {
      const disco = newDisco({ credentials: { forHost: () => ({ token: "never-logged" }) } });
      handler = answer(200, {});
      await disco.discover(server.hostname);
      await disco.discover(server.hostname);
      disco.forgetAll();
      handler = answer(500, {});
      await disco.discover(server.hostname).catch(() => undefined);
    } finally {
      for (const [name, listener] of listeners) unsubscribe(name, listener);
    }
    expect(seen).toEqual([
      "start server",
      "success server",
      "cached server",
      "start server",
      "failure server failed to request discovery document: 500 Internal Server Error",
    ]);
    expect(seen.join("\n")).not.toContain("never-logged");
  });
});

describe("many hosts", () => {
  it("discovers 500 distinct hosts concurrently without errors", async () => {
    handler = answer(200, { "modules.v1": "/m/" });
    // Every *.disco.test name (in the test certificate) resolves to the loopback test server.
    const lookup = (
      _hostname: string,
      options: LookupOptions,
      callback: (error: Error | null, address: string | LookupAddress[], family?: number) => void,
    ) => {
      if (options.all) callback(null, [{ address: "127.0.0.1", family: 4 }]);
      else callback(null, "127.0.0.1", 4);
    };
    const dispatcher = new Agent({
      // undici's own connect timeout (10 s) applies to a dispatcher of the caller's, not Disco's.
      connect: { secureContext: createSecureContext({ ca: TEST_CA }), lookup, timeout: 40_000 },
    });
    // 1,000 TLS handshakes in one process on a shared 2-core machine: a generous deadline.
    const disco = newDisco({ dispatcher, timeout: 40_000 });
    const hostnames = Array.from({ length: 500 }, (_, i) => forComparison(`h${i}.disco.test:${server.port}`));
    const [hosts, requests] = await requestsDuring(() =>
      Promise.all(hostnames.map((h) => disco.discover(h))),
    );
    expect(requests).toBe(500);
    expect(hosts.map((h) => h.serviceURL("modules.v1").hostname)).toEqual(
      hostnames.map((h) => h.split(":")[0]),
    );
    await dispatcher.close();
  }, 45_000);
});

describe("settings from the environment", () => {
  it("reads TF_REGISTRY_CLIENT_TIMEOUT as whole seconds", async () => {
    // An answer 200 ms late is in time for "1" (one second, not one millisecond) ...
    handler = answer(200, { "modules.v1": "/m/" }, 200);
    const host = await newDisco({ env: { TF_REGISTRY_CLIENT_TIMEOUT: "1" } }).discover(server.hostname);
    expect(host.serviceURL("modules.v1").pathname).toBe("/m/");
    // ... and a server that never answers still meets the timeout.
    handler = () => undefined;
    const disco = newDisco({ env: { TF_REGISTRY_CLIENT_TIMEOUT: "1" } });
    await expect(disco.discover(server.hostname)).rejects.toMatchObject({ code: "TOFUKIT_DISCO_TIMEOUT" });
  });
});

describe("hostnames a URL cannot hold", () => {
  it("fail without any request", async () => {
    const odd = forComparison("127.0.0.1:-1");
    await expect(newDisco().discover(odd)).rejects.toMatchObject({
      code: "TOFUKIT_DISCO_NETWORK",
      message:
        'failed to request discovery document: Get "https://127.0.0.1:-1/.well-known/terraform.json": not a usable URL',
    });
  });
});
