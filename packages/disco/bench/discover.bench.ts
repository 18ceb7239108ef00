// Benchmarks of discovery: a cached lookup, and a cold (uncached) discovery against a loopback
// server next to a bare undici GET of the same document. On a shared machine the sequential
// groups drift with the load; the interleaved group alternates both requests and prints the
// ratio of their medians, which is the figure to compare with the 1.2× target.
import { createSecureContext, rootCertificates } from "node:tls";
import { forComparison } from "@tofukit/hostname";
import { Agent, request } from "undici";
import { afterAll, bench, describe } from "vitest";
import { Disco } from "../src/index.js";
import { json, startServer, TEST_CA } from "../test/loopback.js";

const DOCUMENT = {
  "modules.v1": "/api/registry/v1/modules/",
  "providers.v1": "/api/registry/v1/providers/",
  "login.v1": { client: "tofu", authz: "/oauth/authorization", token: "/oauth/token", ports: [10000, 10010] },
  "tfe.v2": "/api/v2/",
};
const server = await startServer(json(DOCUMENT));
const url = `${server.origin}/.well-known/terraform.json`;
const secureContext = createSecureContext({ ca: TEST_CA });
const agent = new Agent({ connect: { secureContext } });

const cached = new Disco({ ca: TEST_CA, env: {} });
const cachedHost = forComparison(`127.0.0.1:${server.port}`);
await cached.discover(cachedHost);

const cold = new Disco({ ca: TEST_CA, env: {}, retries: 0 });

const interleaved = { undici: [] as number[], disco: [] as number[] };
const median = (values: number[]) => [...values].sort((a, b) => a - b)[values.length >> 1] ?? Number.NaN;

afterAll(async () => {
  if (interleaved.disco.length > 0) {
    const [u, d] = [median(interleaved.undici), median(interleaved.disco)];
    console.log(
      `interleaved medians over ${interleaved.disco.length} pairs: undici ${(u * 1000).toFixed(0)} µs, ` +
        `disco ${(d * 1000).toFixed(0)} µs, ratio ${(d / u).toFixed(3)}`,
    );
  }
  await Promise.all([cached.close(), cold.close(), agent.close()]);
  await server.close();
});

describe("cached", () => {
  bench("discover (cache hit)", async () => {
    await cached.discover(cachedHost);
  });

  // The per-call cost without the benchmark loop's own overhead: divide the mean by 1,000.
  bench("1,000 × discover (cache hit)", async () => {
    const pending: Promise<unknown>[] = [];
    for (let i = 0; i < 1000; i++) pending.push(cached.discover(cachedHost));
    await Promise.all(pending);
  });
});

describe("cold, kept-alive connection", () => {
  bench("undici request + JSON.parse (baseline)", async () => {
    const response = await request(url, {
      dispatcher: agent,
      headers: { accept: "application/json", "user-agent": "bench" },
    });
    JSON.parse(await response.body.text());
  });

  bench("disco.discover after forget", async () => {
    cold.forget(server.hostname);
    await cold.discover(server.hostname);
  });
});

describe("cold, kept-alive connection, interleaved", () => {
  bench(
    "undici GET then disco.discover after forget",
    async () => {
      let started = performance.now();
      const response = await request(url, {
        dispatcher: agent,
        headers: { accept: "application/json", "user-agent": "bench" },
      });
      JSON.parse(await response.body.text());
      interleaved.undici.push(performance.now() - started);
      started = performance.now();
      cold.forget(server.hostname);
      await cold.discover(server.hostname);
      interleaved.disco.push(performance.now() - started);
    },
    { time: 2000, warmupTime: 300 },
  );
});

// Both sides trust the bundled roots plus the test CA, so both build the same TLS context.
describe("cold, new TLS connection each time", () => {
  bench("undici request with a new Agent (baseline)", async () => {
    const fresh = new Agent({ connect: { ca: [...rootCertificates, TEST_CA] } });
    const response = await request(url, { dispatcher: fresh, headers: { accept: "application/json" } });
    JSON.parse(await response.body.text());
    await fresh.close();
  });

  bench("new Disco + discover", async () => {
    const fresh = new Disco({ ca: TEST_CA, env: {}, retries: 0 });
    await fresh.discover(server.hostname);
    await fresh.close();
  });
});
