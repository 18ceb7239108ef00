import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { json, type LoopbackServer, startServer, TEST_DISPATCHER } from "../test/loopback.js";
import { Disco } from "./disco.js";
import { DiscoveryError } from "./errors.js";
import { backoff, isRetryable } from "./retry-policy.js";

// The server answers with the statuses queued in `script`, then 200; status 0 drops the connection.
let script: number[] = [];
let server: LoopbackServer;
beforeAll(async () => {
  server = await startServer((req, res) => {
    const status = script.shift();
    if (status === 0) req.socket.destroy();
    else if (status !== undefined) res.writeHead(status, { "content-type": "application/json" }).end("{}");
    else json({ "modules.v1": "/m/" })(req, res, server);
  });
});
afterAll(() => server.close());

async function discover(
  statuses: number[],
  options: { retries?: number; env?: Record<string, string> } = {},
) {
  script = statuses;
  const before = server.requests.length;
  const disco = new Disco({
    dispatcher: TEST_DISPATCHER,
    env: options.env ?? {},
    retryDelay: { min: 10, max: 40 },
    ...options,
  });
  try {
    const outcome = await disco.discover(server.hostname).then(
      (host) => host,
      (error: unknown) => error,
    );
    return { outcome, requests: server.requests.length - before };
  } finally {
    await disco.close();
  }
}

describe("retries", () => {
  it.each([502, 503, 504])("retries a %i once by default", async (status) => {
    const { outcome, requests } = await discover([status]);
    expect(outcome).not.toBeInstanceOf(Error);
    expect(requests).toBe(2);
  });

  it("gives up after the configured number of retries with the last error", async () => {
    const { outcome, requests } = await discover([503, 502, 504], { retries: 2 });
    expect(outcome).toMatchObject({ code: "TOFUKIT_DISCO_HTTP_STATUS", status: 504 });
    expect(requests).toBe(3);
  });

  it.each([500, 501, 429, 404])("does not retry a %i", async (status) => {
    const { requests } = await discover([status, status], { retries: 3 });
    expect(requests).toBe(1);
  });

  it("retries a dropped connection", async () => {
    const { outcome, requests } = await discover([0], { retries: 1 });
    expect(outcome).not.toBeInstanceOf(Error);
    expect(requests).toBe(2);
  });

  it("reads TF_REGISTRY_DISCOVERY_RETRY when no option is given", async () => {
    const { requests } = await discover([503, 503, 503], { env: { TF_REGISTRY_DISCOVERY_RETRY: "0" } });
    expect(requests).toBe(1);
    script = [];
  });
});

describe("retry rules", () => {
  it("backs off exponentially up to the maximum", () => {
    expect([0, 1, 2, 3, 4, 5, 6].map((n) => backoff(n, 1000, 30_000))).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ]);
  });

  it("never retries certificate failures, timeouts or document errors", () => {
    const cert = Object.assign(new Error("self-signed certificate in certificate chain"), {
      code: "SELF_SIGNED_CERT_IN_CHAIN",
    });
    const network = (cause: unknown) =>
      new DiscoveryError("TOFUKIT_DISCO_NETWORK", "failed", { host: "h", cause });
    expect(isRetryable(network(cert))).toBe(false);
    expect(isRetryable(network(Object.assign(new Error("refused"), { code: "ECONNREFUSED" })))).toBe(true);
    expect(isRetryable(new DiscoveryError("TOFUKIT_DISCO_TIMEOUT", "t", { host: "h" }))).toBe(false);
    expect(
      isRetryable(new DiscoveryError("TOFUKIT_DISCO_INVALID_DOCUMENT", "d", { host: "h", status: 200 })),
    ).toBe(false);
    expect(isRetryable(new Error("other"))).toBe(false);
  });
});
