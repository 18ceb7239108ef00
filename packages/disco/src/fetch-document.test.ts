import { createServer, type Socket } from "node:net";
import type { Hostname } from "@tofukit/hostname";
import { forComparison } from "@tofukit/hostname";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type Handler,
  type LoopbackServer,
  startServer,
  TEST_CA,
  TEST_DISPATCHER,
} from "../test/loopback.js";
import { Disco } from "./disco.js";
import { DiscoveryError } from "./errors.js";

let handler: Handler = () => undefined;
let server: LoopbackServer;
beforeAll(async () => {
  server = await startServer((req, res, s) => handler(req, res, s));
});
afterAll(() => server.close());

const WELL_KNOWN = "/.well-known/terraform.json";

async function discoverWith(respond: Handler, options: { timeout?: number } = {}) {
  handler = respond;
  const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0, ...options });
  try {
    return await disco.discover(server.hostname);
  } finally {
    await disco.close();
  }
}

async function failureOf(promise: Promise<unknown>): Promise<DiscoveryError> {
  const error = await promise.then(
    () => {
      throw new Error("expected discovery to fail");
    },
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(DiscoveryError);
  return error as DiscoveryError;
}

function respond(
  status: number,
  headers: Record<string, string | number>,
  body: string | Buffer = "",
): Handler {
  return (_req, res) => {
    res.writeHead(status, headers);
    res.end(body);
  };
}

describe("the discovery request", () => {
  it("GETs the well-known path over HTTPS with Accept and User-Agent, anonymously", async () => {
    const host = await discoverWith(
      respond(200, { "content-type": "application/json" }, '{"modules.v1":"/m/"}'),
    );
    expect(host.services).toEqual({ "modules.v1": "/m/" });
    expect(host.discoveryURL).toBe(`${server.origin}${WELL_KNOWN}`);
    const sent = server.requests.at(-1);
    expect(sent?.url).toBe(WELL_KNOWN);
    expect(sent?.headers.accept).toBe("application/json");
    expect(sent?.headers["user-agent"]).toMatch(/^tofukit\/\d+\.\d+\.\d+/);
    expect(sent?.headers.authorization).toBeUndefined();
  });
});

describe("response status", () => {
  it("reads 404 as a host without services", async () => {
    const host = await discoverWith(respond(404, { "content-type": "text/html" }, "<h1>not here</h1>"));
    expect(host.services).toBeNull();
  });

  it.each([
    [500, "500 Internal Server Error"],
    [429, "429 Too Many Requests"],
    [201, "201 Created"],
    [204, "204 No Content"],
    [304, "304 Not Modified"],
    [401, "401 Unauthorized"],
    [410, "410 Gone"],
    [302, "302 Found"],
  ])("fails on %i with the status line", async (status, line) => {
    const error = await failureOf(discoverWith(respond(status, { "content-type": "application/json" })));
    expect(error.code).toBe("TOFUKIT_DISCO_HTTP_STATUS");
    expect(error.status).toBe(status);
    expect(error.message).toBe(`failed to request discovery document: ${line}`);
  });
});

describe("redirects without a target", () => {
  it("treat a 3xx with an empty Location as the final response", async () => {
    const error = await failureOf(
      discoverWith(respond(307, { location: "", "content-type": "application/json" })),
    );
    expect(error.message).toBe("failed to request discovery document: 307 Temporary Redirect");
  });
});

describe("Content-Type", () => {
  it.each([
    "application/json",
    "APPLICATION/JSON",
    "application/json;",
    "application/json ; x=y",
    "Application/Json;charset=latin1",
  ])("accepts %j", async (type) => {
    const host = await discoverWith(respond(200, { "content-type": type }, "{}"));
    expect(host.services).toEqual({});
  });

  it.each([
    [undefined, 'discovery URL has a malformed Content-Type ""'],
    ["application/json; charset", 'discovery URL has a malformed Content-Type "application/json; charset"'],
    [
      "application/json, text/plain",
      'discovery URL has a malformed Content-Type "application/json, text/plain"',
    ],
  ])("refuses %j as malformed", async (type, message) => {
    const headers: Record<string, string> = type === undefined ? {} : { "content-type": type };
    const error = await failureOf(discoverWith(respond(200, headers, "{}")));
    expect(error.code).toBe("TOFUKIT_DISCO_MALFORMED_CONTENT_TYPE");
    expect(error.message).toBe(message);
  });

  it.each([
    ["text/json", "text/json"],
    ["application/vnd.api+json", "application/vnd.api+json"],
    ["Text/Plain; charset=utf-8", "text/plain"],
  ])("refuses %j as unsupported, naming the media type", async (type, mediaType) => {
    const error = await failureOf(discoverWith(respond(200, { "content-type": type }, "{}")));
    expect(error.code).toBe("TOFUKIT_DISCO_UNSUPPORTED_CONTENT_TYPE");
    expect(error.message).toBe(`discovery URL returned an unsupported Content-Type "${mediaType}"`);
  });
});

// A JSON object of exactly `size` bytes.
function documentOf(size: number): string {
  const prefix = '{"pad":"';
  return `${prefix}${"x".repeat(size - prefix.length - 2)}"}`;
}

describe("the 1 MiB limit", () => {
  const MiB = 1024 * 1024;

  it("accepts exactly 1 MiB, with or without Content-Length", async () => {
    const text = documentOf(MiB);
    const declared = await discoverWith(
      respond(200, { "content-type": "application/json", "content-length": MiB }, text),
    );
    expect(String(declared.services?.pad).length).toBe(MiB - 10);
    const chunked = await discoverWith((_req, res) => {
      res.writeHead(200, { "content-type": "application/json" });
      res.write(text.slice(0, 1000));
      res.end(text.slice(1000));
    });
    expect(chunked.services).toEqual(declared.services);
  });

  it("refuses a Content-Length of 1 MiB + 1", async () => {
    const error = await failureOf(
      discoverWith(
        respond(200, { "content-type": "application/json", "content-length": MiB + 1 }, documentOf(MiB + 1)),
      ),
    );
    expect(error.code).toBe("TOFUKIT_DISCO_TOO_LARGE");
    expect(error.message).toBe("discovery doc response is too large (got 1048577 bytes; limit 1048576)");
  });

  it("refuses a chunked body of 1 MiB + 1 instead of truncating it", async () => {
    const text = documentOf(MiB + 1);
    const error = await failureOf(
      discoverWith((_req, res) => {
        res.writeHead(200, { "content-type": "application/json" });
        res.write(text.slice(0, MiB));
        res.end(text.slice(MiB));
      }),
    );
    expect(error.code).toBe("TOFUKIT_DISCO_TOO_LARGE");
    expect(error.message).toBe(
      "discovery doc response is too large (got more than 1048576 bytes; limit 1048576)",
    );
  });
});

describe("the document", () => {
  it.each([
    ["", "unexpected end of JSON input"],
    ["garbage", "invalid character 'g' looking for beginning of value"],
    ["\uFEFF{}", "invalid character 'ï' looking for beginning of value"],
    ['["modules.v1"]', "json: cannot unmarshal array into Go value of type map[string]interface {}"],
    ['"x"', "json: cannot unmarshal string into Go value of type map[string]interface {}"],
    ["1", "json: cannot unmarshal number into Go value of type map[string]interface {}"],
    ["{} {}", "invalid character '{' after top-level value"],
  ])("refuses %j", async (body, detail) => {
    const error = await failureOf(discoverWith(respond(200, { "content-type": "application/json" }, body)));
    expect(error.code).toBe("TOFUKIT_DISCO_INVALID_DOCUMENT");
    expect(error.message).toBe(`failed to decode discovery document as a JSON object: ${detail}`);
  });

  it("reads null as a host without services", async () => {
    const host = await discoverWith(respond(200, { "content-type": "application/json" }, "null\n"));
    expect(host.services).toBeNull();
    expect(() => host.serviceURL("modules.v1")).toThrow("host does not provide a modules service");
  });
});

describe("the timeout", () => {
  it("covers waiting for headers", async () => {
    const error = await failureOf(discoverWith(() => undefined, { timeout: 300 }));
    expect(error.code).toBe("TOFUKIT_DISCO_TIMEOUT");
    expect(error.message).toBe(
      `failed to request discovery document: Get "${server.origin}${WELL_KNOWN}": context deadline exceeded (Client.Timeout exceeded while awaiting headers)`,
    );
  });

  it("covers reading the body", async () => {
    const error = await failureOf(
      discoverWith(
        (_req, res) => {
          res.writeHead(200, { "content-type": "application/json" });
          res.write('{"modules.v1":');
        },
        // Long enough for the headers to arrive first even on a loaded machine.
        { timeout: 800 },
      ),
    );
    expect(error.code).toBe("TOFUKIT_DISCO_TIMEOUT");
    expect(error.message).toBe("error reading discovery document body: context deadline exceeded");
  });

  it("covers connecting (a TLS handshake that never completes)", async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const port = (silent.address() as { port: number }).port;
    const disco = new Disco({ ca: TEST_CA, env: {}, retries: 0, timeout: 300 });
    const error = await failureOf(disco.discover(forComparison(`127.0.0.1:${port}`)));
    expect(error.code).toBe("TOFUKIT_DISCO_TIMEOUT");
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => silent.close(resolve));
    await disco.close();
  });
});

describe("cancellation", () => {
  it("stops a request when the signal aborts", async () => {
    handler = () => undefined;
    const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0 });
    const controller = new AbortController();
    const pending = disco.discover(server.hostname, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error = await failureOf(pending);
    expect(error.code).toBe("TOFUKIT_DISCO_ABORTED");
    expect(error.message).toBe(
      `failed to request discovery document: Get "${server.origin}${WELL_KNOWN}": context canceled`,
    );
    await disco.close();
  });

  it("never starts with an aborted signal", async () => {
    const before = server.requests.length;
    const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0 });
    const error = await failureOf(disco.discover(server.hostname, { signal: AbortSignal.abort() }));
    expect(error.code).toBe("TOFUKIT_DISCO_ABORTED");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.requests.length).toBe(before);
    await disco.close();
  });
});

describe("transport failures", () => {
  async function closedPort(): Promise<Hostname> {
    const s = await startServer(() => undefined);
    await s.close();
    return s.hostname;
  }

  it("reports a refused connection in Go's words", async () => {
    const hostname = await closedPort();
    const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0 });
    const error = await failureOf(disco.discover(hostname));
    expect(error.code).toBe("TOFUKIT_DISCO_NETWORK");
    expect(error.message).toBe(
      `failed to request discovery document: Get "https://${hostname}${WELL_KNOWN}": dial tcp ${hostname}: connect: connection refused`,
    );
  });

  it("refuses a certificate from an unknown authority", async () => {
    handler = respond(200, { "content-type": "application/json" }, "{}");
    const disco = new Disco({ env: {}, retries: 0 });
    const error = await failureOf(disco.discover(server.hostname));
    expect(error.code).toBe("TOFUKIT_DISCO_NETWORK");
    expect(error.message).toBe(
      `failed to request discovery document: Get "${server.origin}${WELL_KNOWN}": tls: failed to verify certificate: x509: certificate signed by unknown authority`,
    );
    await disco.close();
  });

  it("reports a plain HTTP server", async () => {
    const plain = await startServer(respond(200, { "content-type": "application/json" }, "{}"), {
      tls: false,
    });
    const disco = new Disco({ dispatcher: TEST_DISPATCHER, env: {}, retries: 0 });
    const error = await failureOf(disco.discover(plain.hostname));
    expect(error.message).toBe(
      `failed to request discovery document: Get "https://${plain.hostname}${WELL_KNOWN}": http: server gave HTTP response to HTTPS client`,
    );
    await disco.close();
    await plain.close();
  });
});
